package io.corrigo.api.config;

import java.util.List;
import java.util.Locale;
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
 * @param options      the allowed values of a {@link ConfigType#CHOICE} setting, in the order offered; empty for the
 *                     other types (since 1.3.0)
 */
public record ConfigProperty(String name, String label, String description, ConfigType type, String defaultValue,
                             Double min, Double max, boolean required, boolean secret, List<String> options) {

    public ConfigProperty {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        options = options == null ? List.of() : List.copyOf(options);
        if (type == ConfigType.CHOICE && (options.isEmpty()
                || defaultValue != null && !options.contains(defaultValue))) {
            throw new IllegalArgumentException("choice setting " + name + " needs options that include its default");
        }
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("invalid config property name: '" + name + "'");
        }
        label = label == null ? name : label;
        description = description == null ? "" : description;
        if (min != null && max != null && min > max) {
            throw new IllegalArgumentException("min > max for config property " + name);
        }
    }

    /** A setting without options, as plugins built against API 1.0–1.2 create it. */
    public ConfigProperty(String name, String label, String description, ConfigType type, String defaultValue,
                          Double min, Double max, boolean required, boolean secret) {
        this(name, label, description, type, defaultValue, min, max, required, secret, List.of());
    }

    /** A text setting with a default (or {@code null} for none). */
    public static ConfigProperty string(String name, String label, String defaultValue) {
        return new ConfigProperty(name, label, "", ConfigType.STRING, defaultValue, null, null, false, false);
    }

    /**
     * A setting that takes one of {@code options}, with a default among them.
     *
     * @since 1.3.0
     */
    public static ConfigProperty choice(String name, String label, String defaultValue, List<String> options) {
        return new ConfigProperty(name, label, "", ConfigType.CHOICE, defaultValue, null, null, false, false, options);
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
        return new ConfigProperty(name, label, text, type, defaultValue, min, max, required, secret, options);
    }

    /** A copy with inclusive bounds. */
    public ConfigProperty withRange(double lowest, double highest) {
        return new ConfigProperty(name, label, description, type, defaultValue, lowest, highest, required, secret, options);
    }

    /** A copy that must have a value. */
    public ConfigProperty asRequired() {
        return new ConfigProperty(name, label, description, type, defaultValue, min, max, true, secret, options);
    }

    /** A copy marked secret. */
    public ConfigProperty asSecret() {
        return new ConfigProperty(name, label, description, type, defaultValue, min, max, required, true, options);
    }

    /**
     * What is wrong with {@code value} for this setting: not a number or boolean, out of range, none of the options;
     * {@code null} when it fits. Presence is not checked here ({@link #required()}).
     *
     * @since 1.3.0
     */
    public String problem(String value) {
        switch (type) {
            case BOOLEAN -> {
                String lower = value.toLowerCase(Locale.ROOT);
                return lower.equals("true") || lower.equals("false") ? null : "must be true or false, was '" + value + "'";
            }
            case INTEGER, DECIMAL -> {
                double number;
                try {
                    number = type == ConfigType.INTEGER ? Long.parseLong(value) : Double.parseDouble(value);
                } catch (NumberFormatException e) {
                    return "must be " + (type == ConfigType.INTEGER ? "a whole number" : "a number")
                            + ", was '" + value + "'";
                }
                if (Double.isNaN(number) || Double.isInfinite(number)) {
                    return "must be a finite number, was '" + value + "'";
                }
                if (min != null && number < min) {
                    return "must be at least " + format(min) + ", was " + value;
                }
                if (max != null && number > max) {
                    return "must be at most " + format(max) + ", was " + value;
                }
                return null;
            }
            case CHOICE -> {
                return options.contains(value) ? null
                        : "must be one of " + String.join(", ", options) + ", was '" + value + "'";
            }
            default -> {
                return null;
            }
        }
    }

    private static String format(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
