package io.corrigo.server.outbound;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Where a tenant's plugin settings may send the host: every address a setting holds (a URL, a JDBC URL, a host
 * name) is resolved, and loopback, link-local (cloud metadata), private, unique-local, multicast, carrier-grade NAT
 * and unspecified addresses are refused unless a platform admin allow-listed them in host configuration
 * ({@code corrigo.outbound.allow}: host names, IP addresses or CIDR ranges, a host also as {@code host:port}; an
 * entry that is none of these is logged and ignored). Decimal, octal, hexadecimal and short
 * IPv4 forms are read the way a connection would read them, and IPv4-mapped IPv6 addresses by their IPv4 address.
 *
 * <p>Checked when a pipeline is saved (a 400 naming the setting) and again whenever a plugin instance is created
 * from settings (a stage that may not connect is unavailable, and the answer says so without naming the target).
 * A name that does not resolve now is not refused: nothing can be reached through it.
 */
@Component
public class OutboundPolicy {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(OutboundPolicy.class);
    private static final Pattern BRACKETED_PORT = Pattern.compile("^\\[([0-9a-f:.]+)](?::\\d{1,5})?$");
    private static final Pattern HOST_PORT = Pattern.compile("^([^:/]+):\\d{1,5}$");
    private static final Pattern SCHEME = Pattern.compile("^\\s*(?:jdbc:)?[a-z][a-z0-9+.-]*://([^/?#]*)", Pattern.CASE_INSENSITIVE);

    /** What is allowed now: the host configuration's entries and those a platform admin added, as one snapshot. */
    private record Allowed(List<String> names, List<Cidr> ranges) {
    }

    private final List<String> configured;
    private volatile Allowed allowed;
    private final Function<String, InetAddress[]> resolver;

    @Autowired
    public OutboundPolicy(@Value("${corrigo.outbound.allow:}") List<String> allow) {
        this(allow, OutboundPolicy::resolve);
    }

    OutboundPolicy(List<String> allow, Function<String, InetAddress[]> resolver) {
        this.resolver = resolver;
        this.configured = List.copyOf(allow);
        this.allowed = read(configured, true);
    }

    /**
     * Applies the entries a platform admin added (beside the host configuration's) from now on, without a restart.
     * Entries are checked when they are added ({@link #check(String)}); one that no longer reads is skipped.
     */
    public void allowAlso(List<String> added) {
        List<String> all = new ArrayList<>(configured);
        all.addAll(added);
        allowed = read(all, false);
    }

    /** The entries of the host configuration ({@code corrigo.outbound.allow}), as written. */
    public List<String> configured() {
        return configured;
    }

    /**
     * {@code entry} as the allow-list keeps it (lower case, spaces stripped), or an {@link IllegalArgumentException}
     * saying why it is neither a host name, an IP address, a {@code host:port} nor a CIDR range.
     */
    public static String check(String entry) {
        String e = entry == null ? "" : entry.strip().toLowerCase(Locale.ROOT);
        if (e.isEmpty()) {
            throw new IllegalArgumentException("an entry is a host name, an IP address, host:port or a CIDR range; it was empty");
        }
        String host = withoutPort(e);
        Optional<Cidr> range;
        try {
            range = Cidr.parse(host);
        } catch (IllegalArgumentException bad) {
            range = null;
        }
        if (range == null || range.isEmpty() && !host.matches("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*")) {
            throw new IllegalArgumentException("'" + entry.strip() + "' is neither a host name, an IP address, host:port"
                    + " nor a CIDR range (e.g. intranet.example, 10.0.0.7, 10.0.0.7:11434, 10.0.0.0/24)");
        }
        return e;
    }

    private static Allowed read(List<String> entries, boolean log) {
        List<String> names = new ArrayList<>();
        List<Cidr> ranges = new ArrayList<>();
        for (String entry : entries) {
            String e = withoutPort(entry.strip().toLowerCase(Locale.ROOT));
            if (e.isEmpty()) {
                continue;
            }
            try {
                Optional<Cidr> range = Cidr.parse(e);
                if (range.isPresent()) {
                    ranges.add(range.get());
                } else {
                    names.add(e);
                }
            } catch (IllegalArgumentException bad) {
                // a wrong entry allows nothing more: the host starts, refusing what it would refuse without it
                if (log) {
                    LOG.error("{}; the entry is ignored", bad.getMessage());
                }
            }
        }
        return new Allowed(List.copyOf(names), List.copyOf(ranges));
    }

    /**
     * The host of an allow-list entry written as {@code host:port} ({@code 10.0.0.7:11434}, {@code [fd00::7]:11434},
     * {@code ollama.internal:11434}): the host is allowed on every port. An IPv6 address without brackets, a CIDR
     * range and a plain name are returned as they are.
     */
    static String withoutPort(String entry) {
        Matcher bracketed = BRACKETED_PORT.matcher(entry);
        if (bracketed.matches()) {
            return bracketed.group(1);
        }
        Matcher hostPort = HOST_PORT.matcher(entry);
        return hostPort.matches() ? hostPort.group(1) : entry;
    }

    /**
     * The settings whose address is refused, as {@code "<name>: <why>"}; empty when every address may be reached.
     * The reason names the kind of address (loopback, private, ...) the setting's own value resolves to, never more.
     */
    public List<String> refusals(Map<String, String> settings) {
        List<String> refused = new ArrayList<>();
        settings.forEach((name, value) -> {
            for (String host : hosts(name, value)) {
                Optional<String> why = refusal(host);
                if (why.isPresent()) {
                    // an address written out says its kind anyway; a name's kind is not told (no resolution oracle)
                    String reason = isLiteral(host) ? why.get() : "a name that resolves to an address the policy refuses";
                    refused.add(name + ": " + reason + "; a platform admin can allow it under Outbound addresses (or corrigo.outbound.allow)");
                    break;
                }
            }
        });
        return refused;
    }

    /** Why {@code host} may not be reached ("a loopback address"), or empty when it may. */
    public Optional<String> refusal(String host) {
        String name = host.toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1);
        }
        if (name.isEmpty() || allowed.names().contains(name)) {
            return Optional.empty();
        }
        if (isNonCanonicalAddress(name)) {
            // Java reads 0177.0.0.1 as 177.0.0.1, the C library as 127.0.0.1: which one a client uses is not known here
            return Optional.of("an IP address not written as four decimal numbers");
        }
        for (InetAddress address : resolver.apply(name)) {
            Optional<String> kind = refusal(address);
            if (kind.isPresent()) {
                return kind;
            }
        }
        return Optional.empty();
    }

    /**
     * Why a connection to {@code host}, resolved to {@code address} once for this connection, may not be made, or
     * empty when it may: a name the platform admin listed may resolve anywhere; otherwise the address itself is held to
     * the policy (the check and the connection use the same address, so a name cannot resolve elsewhere in between).
     */
    public Optional<String> refusal(String host, InetAddress address) {
        String name = host.toLowerCase(Locale.ROOT);
        if (allowed.names().contains(name)) {
            return Optional.empty();
        }
        if (isNonCanonicalAddress(name)) {
            return Optional.of("an IP address not written as four decimal numbers");
        }
        return refusal(address);
    }

    private Optional<String> refusal(InetAddress address) {
        InetAddress plain = unmapped(address);
        if (allowed.ranges().stream().anyMatch(r -> r.contains(plain))) {
            return Optional.empty();
        }
        return internalKind(plain);
    }

    /** Whether {@code host} is an IP address written out (any spelling), not a name. */
    private static boolean isLiteral(String host) {
        String name = host.toLowerCase(Locale.ROOT);
        return name.startsWith("[") || name.contains(":") || isNumberOnly(name.split("\\.", -1));
    }

    /** Whether every dot-separated part is a decimal, octal or hexadecimal number: an IPv4 address in some spelling. */
    private static boolean isNumberOnly(String[] parts) {
        for (String part : parts) {
            if (!part.matches("0x[0-9a-f]*|[0-9]+")) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code name} is a number-only host that is not a plain dotted quad: octal ({@code 0177.0.0.1}),
     * hexadecimal ({@code 0x7f000001}, {@code 0x7f.0.0.1}), a single number ({@code 2130706433}) or a short form
     * ({@code 127.1}).
     */
    static boolean isNonCanonicalAddress(String name) {
        String[] parts = name.split("\\.", -1);
        if (!isNumberOnly(parts)) {
            return false;
        }
        if (parts.length != 4) {
            return true;
        }
        for (String part : parts) {
            if (!part.matches("0|[1-9][0-9]{0,2}") || Integer.parseInt(part) > 255) {
                return true;
            }
        }
        return false;
    }

    /** The kind of a non-public address, or empty for a public one. */
    static Optional<String> internalKind(InetAddress address) {
        if (address.isLoopbackAddress()) {
            return Optional.of("a loopback address");
        }
        if (address.isLinkLocalAddress()) {
            return Optional.of("a link-local address");
        }
        if (address.isAnyLocalAddress()) {
            return Optional.of("an unspecified address");
        }
        if (address.isMulticastAddress()) {
            return Optional.of("a multicast address");
        }
        if (address.isSiteLocalAddress()) {
            return Optional.of("a private address");
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            if (first == 0 || (first == 100 && second >= 64 && second < 128) || first >= 240
                    || (first == 198 && (second == 18 || second == 19))) {
                return Optional.of("a reserved or shared address");
            }
        } else if (address instanceof Inet6Address && (b[0] & 0xfe) == 0xfc) {
            return Optional.of("a private address");
        }
        return Optional.empty();
    }

    /** An IPv4-mapped or IPv4-compatible IPv6 address as its IPv4 address; others as they are. */
    private static InetAddress unmapped(InetAddress address) {
        byte[] b = address.getAddress();
        if (address instanceof Inet6Address && b.length == 16) {
            boolean zeros = true;
            for (int i = 0; i < 10; i++) {
                zeros &= b[i] == 0;
            }
            boolean mapped = zeros && b[10] == (byte) 0xff && b[11] == (byte) 0xff;
            boolean compatible = zeros && b[10] == 0 && b[11] == 0 && !(b[12] == 0 && b[13] == 0 && b[14] == 0);
            if (mapped || compatible) {
                try {
                    return InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]});
                } catch (UnknownHostException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return address;
    }

    /**
     * The hosts a setting names: of every URL in it ({@code scheme://host:port/...}, JDBC URLs with several hosts
     * included), or the value itself for a setting named like an address ({@code ...host}, {@code ...url}).
     */
    static List<String> hosts(String name, String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        Matcher url = SCHEME.matcher(value);
        String authority;
        boolean jdbc = value.strip().regionMatches(true, 0, "jdbc:", 0, 5);
        if (jdbc && value.strip().regionMatches(true, 0, "jdbc:postgresql:", 0, 16)) {
            return postgresHosts(value.strip());
        }
        if (url.find()) {
            authority = url.group(1);
            if (jdbc) {
                List<String> hosts = new ArrayList<>(hostsOf(authority));
                if (hosts.isEmpty()) {
                    hosts.add("localhost"); // what a driver connects to when the URL names no host
                }
                hosts.addAll(hostParameters(value));
                return hosts;
            }
        } else if (namesAnAddress(name)) {
            authority = value.strip().split("[/?#]", 2)[0];
        } else {
            return List.of();
        }
        return hostsOf(authority);
    }

    /**
     * The hosts PostgreSQL's driver itself reads from {@code url} (its own parser: an empty host is {@code localhost},
     * {@code PGHOST}/{@code host} parameters override the authority); a URL it does not read names
     * {@code localhost}, so it is refused unless that is allowed.
     */
    private static List<String> postgresHosts(String url) {
        java.util.Properties parsed = org.postgresql.Driver.parseURL(url, new java.util.Properties());
        if (parsed == null) {
            return List.of("localhost");
        }
        List<String> hosts = new ArrayList<>();
        for (String host : parsed.getProperty("PGHOST", "localhost").split(",")) {
            hosts.add(host.isBlank() ? "localhost" : host.strip());
        }
        return hosts;
    }

    /** The values of a URL's query parameters named like a host ({@code host}, {@code PGHOST}, {@code serverName}). */
    private static List<String> hostParameters(String url) {
        List<String> hosts = new ArrayList<>();
        int query = url.indexOf('?');
        if (query < 0) {
            return hosts;
        }
        for (String parameter : url.substring(query + 1).split("[&;]")) {
            String[] pair = parameter.split("=", 2);
            String key = pair[0].toLowerCase(Locale.ROOT);
            if (pair.length == 2 && (key.endsWith("host") || key.equals("servername") || key.endsWith("address"))) {
                for (String host : java.net.URLDecoder.decode(pair[1], java.nio.charset.StandardCharsets.UTF_8).split(",")) {
                    hosts.add(host.isBlank() ? "localhost" : host.strip().split(":")[0]);
                }
            }
        }
        return hosts;
    }

    private static List<String> hostsOf(String authority) {
        authority = authority.substring(authority.lastIndexOf('@') + 1);
        List<String> hosts = new ArrayList<>();
        for (String part : authority.split(",")) {
            String host = part.strip();
            if (host.startsWith("[")) {
                int end = host.indexOf(']');
                host = end < 0 ? host : host.substring(0, end + 1);
            } else if (host.indexOf(':') >= 0) {
                host = host.substring(0, host.indexOf(':'));
            }
            if (!host.isEmpty()) {
                hosts.add(host);
            }
        }
        return hosts;
    }

    /**
     * Whether a setting says where calls go: named like an address ({@code ...url}, {@code ...host}, ...) or holding a
     * URL (a JDBC URL included), whatever host it names.
     */
    public static boolean isAddress(String name, String value) {
        return namesAnAddress(name) || (value != null && SCHEME.matcher(value).find());
    }

    private static boolean namesAnAddress(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith("host") || lower.endsWith("url") || lower.endsWith("uri") || lower.endsWith("endpoint")
                || lower.endsWith("address");
    }

    private static InetAddress[] resolve(String host) {
        try {
            return InetAddress.getAllByName(host);
        } catch (UnknownHostException | SecurityException e) {
            return new InetAddress[0];
        }
    }

    /** An address range: {@code 10.0.0.0/8}, {@code fd00::/8}, or one address. */
    private record Cidr(byte[] network, int bits) {

        static Optional<Cidr> parse(String text) {
            String[] parts = text.split("/", 2);
            String address = parts[0];
            if (!address.matches("[0-9.]+") && !address.contains(":")) {
                return Optional.empty(); // a host name
            }
            try {
                byte[] bytes = InetAddress.getByName(address).getAddress();
                int bits = parts.length == 2 ? Integer.parseInt(parts[1]) : bytes.length * 8;
                if (bits < 0 || bits > bytes.length * 8) {
                    throw new IllegalArgumentException("corrigo.outbound.allow: bad prefix length in '" + text + "'");
                }
                return Optional.of(new Cidr(bytes, bits));
            } catch (UnknownHostException | NumberFormatException e) {
                throw new IllegalArgumentException("corrigo.outbound.allow: '" + text + "' is neither a host name, an IP "
                        + "address nor a CIDR range");
            }
        }

        boolean contains(InetAddress address) {
            byte[] b = address.getAddress();
            if (b.length != network.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((b[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }
}
