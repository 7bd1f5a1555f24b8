package io.corrigo.api.config;

/** The type of a {@link ConfigProperty}: decides the form field and how a value is validated. */
public enum ConfigType {
    /** Free text. */
    STRING,
    /** A whole number ({@code long} range); bounds apply. */
    INTEGER,
    /** A decimal number; bounds apply. */
    DECIMAL,
    /** {@code true} or {@code false}. */
    BOOLEAN,
    /**
     * One of a fixed list of values ({@link ConfigProperty#options()}); the form offers them as a selection.
     *
     * @since 1.3.0
     */
    CHOICE
}
