package io.corrigo.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version of this plugin API, as a semantic version ({@code MAJOR.MINOR.PATCH}).
 *
 * <p>A plugin states the API versions it works with in {@code plugin.requires} (for example
 * {@code >=1.0.0 & <2.0.0}); the host offers {@link #VERSION} and refuses a plugin whose requirement it does not
 * meet, naming both. Within one major version the API only grows: a plugin built against 1.0 runs on a host
 * offering 1.3.
 */
public final class PluginApi {

    /** The version of the API in this jar, read from the artifact's own build. */
    public static final String VERSION = readVersion();

    private PluginApi() {
    }

    private static String readVersion() {
        try (InputStream in = PluginApi.class.getResourceAsStream("plugin-api.properties")) {
            if (in == null) {
                throw new IllegalStateException("plugin-api.properties is missing from the plugin API jar");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
