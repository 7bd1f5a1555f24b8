package io.corrigo.api.config;

import java.util.Objects;

/**
 * One setting of a plugin factory, described as data.
 *
 * <p>Build one with the static helpers and refine it with the {@code with*} methods, e.g.
 * {@code ConfigProperty.decimal("minScore", "Minimum score", 0.3).withRange(0, 1)}.
 *
 * @param name         the key in the pipeline's property map; letters, digits, '.', '-' and '_'
 * @param label        a short label for the form field
 * @param description  a help text shown beside the field
 * @param type         the value type
 * @param defaultValue the value used when none is set, as text; {@code null} for none
 * @param min          the lowest allowed value for numbers, or {@code null}
 * @param max          the highest allowed value for numbers, or {@code null}
 * @param required     whether a value (or a default) must be present
 * @param secret       whether the value is a secret (API key): masked in the UI, never logged or traced
 */
public record ConfigProperty(String name, String label, String description, ConfigType type, String defaultValue,
                             Double min, Double max, boolean required, boolean secret) {

    public ConfigProperty {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("invalid config property name: '" + name + "'");
        }
        label = label == null ? name : label;
        description = description == null ? "" : description;
        if (min != null && max != null && min > max) {
            throw new IllegalArgumentException("min > max for config property " + name);
        }
    }

    /** A text setting with a default (or {@code null} for none). */
    public static ConfigProperty string(String name, String label, String defaultValue) {
        return new ConfigProperty(name, label, "", ConfigType.STRING, defaultValue, null, null, false, false);
    }

    /** A whole-number setting with a default. */
    public static ConfigProperty integer(String name, String label, long defaultValue) {
        return new ConfigProperty(name, label, "", ConfigType.INTEGER, Long.toString(defaultValue), null, null,
                false, false);
    }

    /** A decimal setting with a default. */
    public static ConfigProperty decimal(String name, String label, double defaultValue) {
        return new ConfigProperty(name, label, "", ConfigType.DECIMAL, Double.toString(defaultValue), null, null,
                false, false);
    }

    /** A boolean setting with a default. */
    public static ConfigProperty bool(String name, String label, boolean defaultValue) {
        return new ConfigProperty(name, label, "", ConfigType.BOOLEAN, Boolean.toString(defaultValue), null, null,
                false, false);
    }

    /** A copy with a help text. */
    public ConfigProperty withDescription(String text) {
        return new ConfigProperty(name, label, text, type, defaultValue, min, max, required, secret);
    }

    /** A copy with inclusive bounds. */
    public ConfigProperty withRange(double lowest, double highest) {
        return new ConfigProperty(name, label, description, type, defaultValue, lowest, highest, required, secret);
    }

    /** A copy that must have a value. */
    public ConfigProperty asRequired() {
        return new ConfigProperty(name, label, description, type, defaultValue, min, max, true, secret);
    }

    /** A copy marked secret. */
    public ConfigProperty asSecret() {
        return new ConfigProperty(name, label, description, type, defaultValue, min, max, required, true);
    }
}
