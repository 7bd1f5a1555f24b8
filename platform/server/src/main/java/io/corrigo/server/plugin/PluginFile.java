package io.corrigo.server.plugin;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.Properties;
import java.util.jar.Attributes;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * What an uploaded plugin file says about itself, read before anything is written to the plugins directory: a zip
 * whose entries all stay inside it (no zip-slip), with a PF4J descriptor ({@code plugin.properties} at the top, or a
 * {@code META-INF/MANIFEST.MF} with {@code Plugin-Id}) naming a valid id and a semantic version.
 *
 * @param id       the plugin id
 * @param version  the plugin version
 * @param requires the plugin API versions it requires, or {@code *}
 * @param outboundHosts the hosts it says it connects to ({@code plugin.outboundHosts} or the manifest's
 *                 {@code Plugin-Outbound-Hosts}: {@code host} or {@code host:port}, comma-separated); empty: none
 */
public record PluginFile(String id, String version, String requires, List<String> outboundHosts) {

    /** The descriptor key (and manifest attribute) that lists a plugin's outbound hosts. */
    public static final String OUTBOUND_HOSTS = "plugin.outboundHosts";
    private static final String OUTBOUND_HOSTS_ATTRIBUTE = "Plugin-Outbound-Hosts";
    private static final Pattern HOST = Pattern.compile(
            "(?:[a-z0-9](?:[a-z0-9-]{0,62})(?:\\.[a-z0-9](?:[a-z0-9-]{0,62}))*|\\[[0-9a-f:.]+\\])(?::[0-9]{1,5})?");

    private static final String ID = "[a-z0-9][a-z0-9._-]{0,63}";
    private static final String SEMVER = "\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?";

    /** Reads and checks {@code content}. @throws ServiceException 400 saying what is wrong */
    public static PluginFile inspect(byte[] content) {
        Properties descriptor = null;
        Manifest manifest = null;
        int entries = 0;
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(content))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                entries++;
                String name = entry.getName();
                Path normalized = Path.of(name.replace('\\', '/')).normalize();
                if (name.startsWith("/") || name.startsWith("\\") || normalized.isAbsolute() || normalized.startsWith("..")
                        || name.contains(":")) {
                    throw invalid("the zip has an entry that would be written outside the plugin's folder: " + name);
                }
                if (name.equals("plugin.properties")) {
                    descriptor = new Properties();
                    descriptor.load(new NonClosing(zip));
                } else if (name.equals("META-INF/MANIFEST.MF")) {
                    manifest = new Manifest(new NonClosing(zip));
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            throw invalid("not a readable zip: " + e.getMessage());
        }
        if (entries == 0) {
            throw invalid("not a zip, or an empty one.");
        }
        String id;
        String version;
        String requires;
        String hosts;
        if (descriptor != null) {
            id = descriptor.getProperty("plugin.id");
            version = descriptor.getProperty("plugin.version");
            requires = descriptor.getProperty("plugin.requires", "*");
            hosts = descriptor.getProperty(OUTBOUND_HOSTS);
        } else if (manifest != null && manifest.getMainAttributes().getValue("Plugin-Id") != null) {
            Attributes main = manifest.getMainAttributes();
            id = main.getValue("Plugin-Id");
            version = main.getValue("Plugin-Version");
            requires = main.getValue("Plugin-Requires") == null ? "*" : main.getValue("Plugin-Requires");
            hosts = main.getValue(OUTBOUND_HOSTS_ATTRIBUTE);
        } else {
            throw invalid("the zip has no plugin descriptor (plugin.properties at its top, or a manifest with Plugin-Id).");
        }
        if (id == null || !id.trim().matches(ID)) {
            throw invalid("plugin.id must be lower-case letters, digits, '.', '-' or '_' (at most 64), was '" + id + "'.");
        }
        if (version == null || !version.trim().matches(SEMVER)) {
            throw invalid("plugin.version must be a semantic version such as 1.2.0, was '" + version + "'.");
        }
        return new PluginFile(id.trim(), version.trim(), requires.trim(), outboundHosts(hosts));
    }

    /**
     * The outbound hosts declared by the plugin unpacked in {@code directory} (its {@code plugin.properties}, else its
     * manifest); empty when it declares none or has no readable descriptor.
     */
    public static List<String> outboundHosts(Path directory) {
        try {
            Path properties = directory.resolve("plugin.properties");
            if (Files.isRegularFile(properties)) {
                Properties descriptor = new Properties();
                try (InputStream in = Files.newInputStream(properties)) {
                    descriptor.load(in);
                }
                return outboundHosts(descriptor.getProperty(OUTBOUND_HOSTS));
            }
            Path manifest = directory.resolve("META-INF/MANIFEST.MF");
            if (Files.isRegularFile(manifest)) {
                try (InputStream in = Files.newInputStream(manifest)) {
                    return outboundHosts(new Manifest(in).getMainAttributes().getValue(OUTBOUND_HOSTS_ATTRIBUTE));
                }
            }
            return List.of();
        } catch (IOException | ServiceException e) {
            return List.of();
        }
    }

    private static List<String> outboundHosts(String declared) {
        if (declared == null || declared.isBlank()) {
            return List.of();
        }
        List<String> hosts = new ArrayList<>();
        for (String part : declared.split(",")) {
            String host = part.strip().toLowerCase(java.util.Locale.ROOT);
            if (host.isEmpty()) {
                continue;
            }
            int colon = host.lastIndexOf(':');
            boolean hasPort = colon > 0 && !host.endsWith("]");
            int port = hasPort ? Integer.parseInt("0" + host.substring(colon + 1).replaceAll("\\D", "")) : 1;
            if (!HOST.matcher(host).matches() || port < 1 || port > 65535) {
                throw invalid(OUTBOUND_HOSTS + " lists '" + host + "': a host name or IP address with an optional port "
                        + "(1-65535) is expected, no scheme, path or wildcard.");
            }
            if (!hosts.contains(host)) {
                hosts.add(host);
            }
        }
        if (hosts.size() > 20) {
            throw invalid(OUTBOUND_HOSTS + " lists more than 20 hosts.");
        }
        return List.copyOf(hosts);
    }

    private static ServiceException invalid(String why) {
        return ServiceException.invalid(ErrorCode.INVALID_PLUGIN_FILE, "Not a valid plugin file: " + why);
    }

    /** Lets a reader consume one zip entry without closing the zip. */
    private static final class NonClosing extends java.io.FilterInputStream {
        NonClosing(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // the zip stays open for the next entry
        }
    }
}
