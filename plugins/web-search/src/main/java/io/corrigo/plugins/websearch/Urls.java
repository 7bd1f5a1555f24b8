package io.corrigo.plugins.websearch;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/** Checks of URL-valued settings, for the factories' {@code problems}: an http(s) URL with a host, nothing else. */
final class Urls {

    private Urls() {
    }

    static List<String> problems(String setting, String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        try {
            URI uri = new URI(value.strip());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                return List.of(setting + " must be an http:// or https:// URL, got " + value);
            }
            if (uri.getHost() == null) {
                return List.of(setting + " has no host name: " + value);
            }
            return List.of();
        } catch (URISyntaxException e) {
            return List.of(setting + " is not a URL: " + e.getReason());
        }
    }
}
