package io.corrigo.plugins.connectors;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The name endings a connector indexes ({@code .md,.txt,…}), compared without case. */
record FileEndings(List<String> endings) {

    /** From a setting: endings separated by commas. */
    static FileEndings of(String commaSeparated) {
        return new FileEndings(Arrays.stream(commaSeparated.split(",")).map(e -> e.strip().toLowerCase(Locale.ROOT))
                .filter(e -> !e.isEmpty()).toList());
    }

    /** Whether {@code name} ends in one of them. */
    boolean matches(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return endings.stream().anyMatch(lower::endsWith);
    }
}
