package io.corrigo.plugins.connectors;

import io.corrigo.api.Connector;
import io.corrigo.api.SourceContent;
import io.corrigo.api.SourceItem;
import io.corrigo.api.io.BoundedRead;
import io.corrigo.api.io.TooLargeException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A breadth-first crawl of one site: the start page, the pages its sitemap lists, and the pages linked from them, up to
 * a number of pages and a link depth, at a bounded request rate, within robots.txt. Each page is asked for
 * conditionally ({@code If-None-Match} with its ETag, else {@code If-Modified-Since}): a 304 keeps its version and its
 * links come from what the last crawl saw ({@code links.tsv} in the tenant's data directory), so an unchanged site is
 * crawled without downloading a page. A page's version is {@code etag:…}, else {@code modified:…}, else
 * {@code sha256:…} of its body. Redirects are followed only within the site.
 */
final class WebsiteConnector implements Connector {

    private static final Pattern HREF = Pattern.compile("(?i)<a\\s[^>]*?href\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s>]+))");
    private static final Pattern LOC = Pattern.compile("(?i)<loc>\\s*([^<\\s]+)\\s*</loc>");
    private static final Pattern LANG = Pattern.compile("(?i)<html[^>]*\\slang\\s*=\\s*[\"']?([a-zA-Z]{2,3})");
    /** The most one page, sitemap or robots.txt may hold: reading stops there (a page of 12 GB costs 10 MiB). */
    static final long MAX_BYTES = 10 * BoundedRead.MIB;
    /** The most one request may take, from sending it to the last byte of its body. */
    static final Duration DEADLINE = Duration.ofSeconds(60);

    private final URI start;
    private final int maxPages;
    private final int maxDepth;
    private final long intervalMillis;
    private final boolean sitemap;
    private final boolean sameSiteOnly;
    private final Path linksFile;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER).build();
    /**
     * Pages downloaded by the last {@link #list}, kept for {@link #fetch} as files in the data directory (a first crawl
     * of thousands of pages must not sit in memory), with their content type.
     */
    private final Map<String, String> fetched = new ConcurrentHashMap<>();
    /** Pages the last {@link #list} stopped reading because they were too large, with the reason {@link #fetch} gives. */
    private final Map<String, String> tooLarge = new ConcurrentHashMap<>();
    private final Path pages;
    private long lastRequest;

    WebsiteConnector(URI start, int maxPages, int maxDepth, double requestsPerSecond, boolean sitemap,
                     boolean sameSiteOnly, Path dataDirectory) {
        this.start = start.normalize();
        this.maxPages = maxPages;
        this.maxDepth = maxDepth;
        this.intervalMillis = (long) (1000 / requestsPerSecond);
        this.sitemap = sitemap;
        this.sameSiteOnly = sameSiteOnly;
        this.linksFile = dataDirectory.resolve("links.tsv");
        this.pages = dataDirectory.resolve("pages");
    }

    @Override
    public synchronized List<SourceItem> list(Map<String, String> known) {
        forgetPages();
        Map<String, List<String>> links = readLinks();
        Map<String, Robots> robots = new LinkedHashMap<>();
        Deque<Object[]> queue = new ArrayDeque<>();
        Set<String> seen = new LinkedHashSet<>();
        String first = normal(start);
        queue.add(new Object[] {first, 0});
        seen.add(first);
        if (sitemap) {
            for (String page : sitemapPages(robots(start, robots))) {
                if (seen.add(page)) {
                    queue.add(new Object[] {page, 1});
                }
            }
        }
        Map<String, List<String>> nextLinks = new LinkedHashMap<>();
        List<SourceItem> items = new ArrayList<>();
        boolean reached = false;
        int requests = 0;
        // maxPages bounds the requests, not only the documents: a page of 10,000 dead links costs maxPages requests
        while (!queue.isEmpty() && requests < maxPages) {
            Object[] next = queue.poll();
            String url = (String) next[0];
            int depth = (int) next[1];
            URI uri = URI.create(url);
            Robots rules = robots(uri, robots);
            if (!rules.allows(pathOf(uri))) {
                continue;
            }
            Page page;
            requests++;
            try {
                page = page(uri, known.get(url), links.get(url), rules);
            } catch (TooLargeException e) {
                // listed, so that the sync records it as failed with the reason instead of dropping it in silence
                reached = true;
                tooLarge.put(url, e.getMessage());
                items.add(new SourceItem(url, name(uri, "text/html"), "too-large:" + e.limit(), Map.of("source_url", url)));
                continue;
            } catch (IOException e) {
                if (known.containsKey(url)) { // unreachable for now is not gone
                    items.add(new SourceItem(url, name(uri, "text/html"), known.get(url), Map.of("source_url", url)));
                }
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while crawling " + start);
            }
            reached = true;
            if (page == null) {
                continue; // gone, refused, not a document, or a redirect (queued instead)
            }
            if (page.redirect() != null) {
                if (seen.add(page.redirect()) && allowedSite(URI.create(page.redirect()))) {
                    queue.add(new Object[] {page.redirect(), depth});
                }
                continue;
            }
            items.add(page.item());
            nextLinks.put(url, page.links());
            if (depth < maxDepth) {
                for (String link : page.links()) {
                    if (seen.add(link)) {
                        queue.add(new Object[] {link, depth + 1});
                    }
                }
            }
        }
        if (!reached) {
            throw new IllegalStateException("the site " + start + " could not be reached");
        }
        writeLinks(nextLinks);
        return items;
    }

    @Override
    public SourceContent fetch(SourceItem item) {
        String refused = tooLarge.remove(item.id());
        if (refused != null) {
            throw new IllegalStateException(refused);
        }
        String type = fetched.remove(item.id());
        if (type != null) {
            Path file = pages.resolve(sha256(item.id().getBytes(StandardCharsets.UTF_8)));
            try {
                byte[] body = Files.readAllBytes(file);
                Files.deleteIfExists(file);
                return new SourceContent(body, type);
            } catch (IOException e) {
                // gone from the disk: asked for again below
            }
        }
        try {
            HttpResponse<byte[]> response = get(URI.create(item.id()), Map.of());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(item.id() + " answered " + response.statusCode());
            }
            return new SourceContent(response.body(), response.headers().firstValue("Content-Type").orElse(null));
        } catch (IOException e) {
            throw new UncheckedIOException(item.id() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while fetching " + item.id());
        }
    }

    /** What one page request gave. */
    private record Page(SourceItem item, List<String> links, String redirect) {
    }

    /** The page at {@code uri}, asked for conditionally; {@code null} when it is gone, refused or not a document. */
    private Page page(URI uri, String version, List<String> cachedLinks, Robots rules) throws IOException, InterruptedException {
        String url = normal(uri);
        Map<String, String> conditions = new LinkedHashMap<>();
        if (version != null && cachedLinks != null) { // without its links, an unchanged page must be read again
            if (version.startsWith("etag:")) {
                conditions.put("If-None-Match", version.substring(5));
            } else if (version.startsWith("modified:")) {
                conditions.put("If-Modified-Since", version.substring(9));
            }
        }
        pace(rules);
        HttpResponse<byte[]> response = get(uri, conditions);
        int status = response.statusCode();
        if (status == 304 && version != null) {
            return new Page(new SourceItem(url, name(uri, "text/html"), version, Map.of("source_url", url)), cachedLinks, null);
        }
        if (status >= 300 && status < 400) {
            Optional<String> location = response.headers().firstValue("Location");
            return location.map(l -> new Page(null, List.of(), normal(uri.resolve(l.strip())))).orElse(null);
        }
        if (status != 200) {
            return null;
        }
        String type = response.headers().firstValue("Content-Type").orElse("text/html").toLowerCase(Locale.ROOT);
        boolean html = type.contains("html");
        if (!html && !type.contains("pdf") && !type.startsWith("text/")) {
            return null;
        }
        byte[] body = response.body();
        String etag = response.headers().firstValue("ETag").orElse(null);
        String modified = response.headers().firstValue("Last-Modified").orElse(null);
        String next = etag != null ? "etag:" + etag : modified != null ? "modified:" + modified : "sha256:" + sha256(body);
        if (version != null && version.startsWith("sha256:") && version.equals(next) && cachedLinks != null) {
            return new Page(new SourceItem(url, name(uri, type), version, Map.of("source_url", url)), cachedLinks, null);
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("source_url", url);
        if (modified != null) {
            try {
                metadata.put("updated", ZonedDateTime.parse(modified, DateTimeFormatter.RFC_1123_DATE_TIME)
                        .withZoneSameInstant(ZoneOffset.UTC).toLocalDate().toString());
            } catch (RuntimeException ignored) {
                // a malformed date is no date
            }
        }
        List<String> links = List.of();
        if (html) {
            String text = new String(body, StandardCharsets.UTF_8);
            Matcher lang = LANG.matcher(text);
            if (lang.find()) {
                metadata.put("language", lang.group(1).toLowerCase(Locale.ROOT));
            }
            links = links(uri, text);
        }
        Files.createDirectories(pages);
        Files.write(pages.resolve(sha256(url.getBytes(StandardCharsets.UTF_8))), body);
        fetched.put(url, type);
        return new Page(new SourceItem(url, name(uri, type), next, metadata), links, null);
    }

    private HttpResponse<byte[]> get(URI uri, Map<String, String> headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .header("User-Agent", "CorrigoBot/1.0 (knowledge-base connector)");
        headers.forEach(request::header);
        return BoundedRead.send(http, request.GET().build(), MAX_BYTES, DEADLINE);
    }

    /** Waits until the next request may go: the rate limit, or robots.txt's crawl delay when longer. */
    private void pace(Robots rules) throws InterruptedException {
        long interval = Math.max(intervalMillis, rules.delayMillis());
        long wait = lastRequest + interval - System.currentTimeMillis();
        if (wait > 0) {
            Thread.sleep(wait);
        }
        lastRequest = System.currentTimeMillis();
    }

    private Robots robots(URI site, Map<String, Robots> bySite) {
        String origin = site.getScheme() + "://" + site.getRawAuthority();
        return bySite.computeIfAbsent(origin, o -> {
            try {
                HttpResponse<byte[]> response = get(URI.create(o + "/robots.txt"), Map.of());
                return response.statusCode() == 200 ? Robots.parse(new String(response.body(), StandardCharsets.UTF_8))
                        : Robots.NONE;
            } catch (IOException e) {
                return Robots.NONE;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Robots.NONE;
            }
        });
    }

    /** The pages the site's sitemaps list (a sitemap index one level deep), on the allowed sites. */
    private List<String> sitemapPages(Robots rules) {
        List<String> maps = rules.sitemaps().isEmpty()
                ? List.of(start.getScheme() + "://" + start.getRawAuthority() + "/sitemap.xml") : rules.sitemaps();
        List<String> pages = new ArrayList<>();
        Deque<String> toRead = new ArrayDeque<>(maps);
        int read = 0;
        while (!toRead.isEmpty() && read++ < 20) {
            URI map = URI.create(toRead.poll());
            if (!allowedSite(map)) {
                continue;
            }
            try {
                HttpResponse<byte[]> response = get(map, Map.of());
                if (response.statusCode() != 200) {
                    continue;
                }
                String xml = new String(response.body(), StandardCharsets.UTF_8);
                boolean index = xml.contains("<sitemapindex");
                Matcher loc = LOC.matcher(xml);
                while (loc.find()) {
                    URI uri = URI.create(loc.group(1).replace("&amp;", "&"));
                    if (index) {
                        toRead.add(uri.toString());
                    } else if (allowedSite(uri)) {
                        pages.add(normal(uri));
                    }
                }
            } catch (IOException | IllegalArgumentException e) {
                // an unreadable sitemap adds nothing; the links still lead on
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return pages;
            }
        }
        return pages;
    }

    private List<String> links(URI page, String html) {
        Set<String> links = new LinkedHashSet<>();
        Matcher m = HREF.matcher(html);
        while (m.find()) {
            String href = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            href = href.replace("&amp;", "&").strip();
            if (href.isEmpty() || href.startsWith("#") || href.startsWith("mailto:") || href.startsWith("javascript:")) {
                continue;
            }
            try {
                URI target = page.resolve(href);
                if (allowedSite(target)) {
                    links.add(normal(target));
                }
            } catch (IllegalArgumentException ignored) {
                // not a link
            }
        }
        return List.copyOf(links);
    }

    private boolean allowedSite(URI uri) {
        if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
            return false;
        }
        boolean sameSite = uri.getScheme().equalsIgnoreCase(start.getScheme())
                && String.valueOf(uri.getHost()).equalsIgnoreCase(start.getHost()) && port(uri) == port(start);
        return sameSite || (!sameSiteOnly && publicHost(uri.getHost()));
    }

    /**
     * Whether every address of another site's host is public: the host checked only the start page against its
     * outbound policy, so a link may not lead the crawl to a loopback, private, link-local or multicast address.
     */
    private static boolean publicHost(String host) {
        if (host == null) {
            return false;
        }
        try {
            for (java.net.InetAddress a : java.net.InetAddress.getAllByName(host)) {
                if (a.isLoopbackAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress() || a.isAnyLocalAddress()
                        || a.isMulticastAddress() || (a.getAddress().length == 16 && (a.getAddress()[0] & 0xfe) == 0xfc)) {
                    return false;
                }
            }
            return true;
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    private static int port(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    /** The URL without its fragment, with a path. */
    static String normal(URI uri) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getRawAuthority() + path
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }

    private static String pathOf(URI uri) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }

    /** A file name for the page: host and path, with an extension saying its type. */
    static String name(URI uri, String type) {
        String path = pathOf(uri);
        String name = uri.getHost() + (path.endsWith("/") ? path + "index" : path);
        name = name.replaceAll("[?&=]", "_");
        String lower = name.toLowerCase(Locale.ROOT);
        if (type.contains("pdf") && !lower.endsWith(".pdf")) {
            name += ".pdf";
        } else if (type.contains("html") && !lower.endsWith(".html") && !lower.endsWith(".htm")) {
            name += ".html";
        }
        if (name.length() > 200) {
            name = name.substring(0, 150) + "-" + sha256(name.getBytes(StandardCharsets.UTF_8)).substring(0, 16)
                    + name.substring(name.lastIndexOf('.'));
        }
        return name;
    }

    /** Drops the pages the last crawl kept and nobody fetched. */
    private void forgetPages() {
        fetched.clear();
        tooLarge.clear();
        if (!Files.isDirectory(pages)) {
            return;
        }
        try (var files = Files.list(pages)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + pages, e);
        }
    }

    private Map<String, List<String>> readLinks() {
        Map<String, List<String>> links = new LinkedHashMap<>();
        if (!Files.exists(linksFile)) {
            return links;
        }
        try {
            for (String line : Files.readAllLines(linksFile, StandardCharsets.UTF_8)) {
                String[] parts = line.split("\t");
                links.put(parts[0], List.of(parts).subList(1, parts.length));
            }
        } catch (IOException e) {
            links.clear(); // without the links, unchanged pages are read again: slower, not wrong
        }
        return links;
    }

    private void writeLinks(Map<String, List<String>> links) {
        List<String> lines = new ArrayList<>();
        links.forEach((page, out) -> lines.add(page + (out.isEmpty() ? "" : "\t" + String.join("\t", out))));
        try {
            Files.createDirectories(linksFile.getParent());
            Files.write(linksFile, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the crawl's links in " + linksFile, e);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
