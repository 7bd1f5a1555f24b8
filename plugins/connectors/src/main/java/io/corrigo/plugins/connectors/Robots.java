package io.corrigo.plugins.connectors;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A site's robots.txt as it applies to Corrigo's crawler: the rules of the group naming {@code corrigobot}, else of
 * {@code *}; the longest matching {@code Allow}/{@code Disallow} prefix decides ({@code *} and {@code $} understood);
 * {@code Crawl-delay}; the {@code Sitemap} lines.
 *
 * @param allow      prefixes (patterns) allowed
 * @param disallow   prefixes (patterns) disallowed
 * @param delayMillis the crawl delay asked for, or 0
 * @param sitemaps   the sitemaps named
 */
record Robots(List<String> allow, List<String> disallow, long delayMillis, List<String> sitemaps) {

    static final String AGENT = "corrigobot";
    static final Robots NONE = new Robots(List.of(), List.of(), 0, List.of());

    static Robots parse(String text) {
        List<String> sitemaps = new ArrayList<>();
        Group ours = null;
        Group any = null;
        Group current = null;
        boolean agents = false;
        for (String raw : text.split("\\r?\\n")) {
            String line = raw.replaceAll("#.*", "").strip();
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String field = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip();
            switch (field) {
                case "user-agent" -> {
                    if (!agents) {
                        current = new Group();
                    }
                    agents = true;
                    String agent = value.toLowerCase(Locale.ROOT);
                    if (agent.equals("*") && any == null) {
                        any = current;
                    } else if (agent.contains(AGENT)) {
                        ours = current;
                    }
                }
                case "allow", "disallow", "crawl-delay" -> {
                    agents = false;
                    if (current == null) {
                        continue;
                    }
                    if (field.equals("crawl-delay")) {
                        try {
                            current.delayMillis = (long) (Double.parseDouble(value) * 1000);
                        } catch (NumberFormatException ignored) {
                            // a malformed delay asks for nothing
                        }
                    } else if (!value.isEmpty()) {
                        (field.equals("allow") ? current.allow : current.disallow).add(value);
                    }
                }
                case "sitemap" -> sitemaps.add(value);
                default -> agents = false;
            }
        }
        Group g = ours != null ? ours : any != null ? any : new Group();
        return new Robots(List.copyOf(g.allow), List.copyOf(g.disallow), g.delayMillis, List.copyOf(sitemaps));
    }

    /** Whether a path (with its query) may be crawled. */
    boolean allows(String path) {
        int allowed = longest(allow, path);
        int disallowed = longest(disallow, path);
        return disallowed < 0 || allowed >= disallowed;
    }

    private static int longest(List<String> patterns, String path) {
        int best = -1;
        for (String p : patterns) {
            if (matches(p, path) && p.length() > best) {
                best = p.length();
            }
        }
        return best;
    }

    private static boolean matches(String pattern, String path) {
        boolean anchored = pattern.endsWith("$");
        String body = anchored ? pattern.substring(0, pattern.length() - 1) : pattern;
        StringBuilder regex = new StringBuilder();
        for (String part : body.split("\\*", -1)) {
            if (!regex.isEmpty()) {
                regex.append(".*");
            }
            regex.append(java.util.regex.Pattern.quote(part));
        }
        return path.matches(regex + (anchored ? "" : ".*"));
    }

    private static final class Group {
        final List<String> allow = new ArrayList<>();
        final List<String> disallow = new ArrayList<>();
        long delayMillis;
    }
}
