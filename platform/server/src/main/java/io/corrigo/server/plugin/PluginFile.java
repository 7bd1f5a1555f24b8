package io.corrigo.server.plugin;

import io.corrigo.server.problem.ServiceException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
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
 */
public record PluginFile(String id, String version, String requires) {

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
        if (descriptor != null) {
            id = descriptor.getProperty("plugin.id");
            version = descriptor.getProperty("plugin.version");
            requires = descriptor.getProperty("plugin.requires", "*");
        } else if (manifest != null && manifest.getMainAttributes().getValue("Plugin-Id") != null) {
            Attributes main = manifest.getMainAttributes();
            id = main.getValue("Plugin-Id");
            version = main.getValue("Plugin-Version");
            requires = main.getValue("Plugin-Requires") == null ? "*" : main.getValue("Plugin-Requires");
        } else {
            throw invalid("the zip has no plugin descriptor (plugin.properties at its top, or a manifest with Plugin-Id).");
        }
        if (id == null || !id.trim().matches(ID)) {
            throw invalid("plugin.id must be lower-case letters, digits, '.', '-' or '_' (at most 64), was '" + id + "'.");
        }
        if (version == null || !version.trim().matches(SEMVER)) {
            throw invalid("plugin.version must be a semantic version such as 1.2.0, was '" + version + "'.");
        }
        return new PluginFile(id.trim(), version.trim(), requires.trim());
    }

    private static ServiceException invalid(String why) {
        return ServiceException.invalid("invalid_plugin_file", "Not a valid plugin file: " + why);
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
