package io.corrigo.api.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Validated settings of one plugin instance: every declared property with its value or default.
 *
 * <p>The host builds it with {@link #resolve(List, Map)}; plugins read it with the typed getters. Plugin
 * tests can use {@code resolve} too, or {@link #defaults(List)}.
 */
public final class PluginConfig {

    private final Map<String, String> values;

    private PluginConfig(Map<String, String> values) {
        this.values = values;
    }

    /** The declared defaults only. */
    public static PluginConfig defaults(List<ConfigProperty> properties) {
        return resolve(properties, Map.of());
    }

    /**
     * Checks {@code raw} against {@code properties} and fills in defaults.
     *
     * @throws InvalidConfigException listing every unknown name, missing required value, malformed number or
     *                                boolean and out-of-range value
     */
    public static PluginConfig resolve(List<ConfigProperty> properties, Map<String, String> raw) {
        List<String> problems = new ArrayList<>();
        Map<String, ConfigProperty> declared = new LinkedHashMap<>();
        properties.forEach(p -> declared.put(p.name(), p));
        for (String name : raw.keySet()) {
            if (!declared.containsKey(name)) {
                problems.add(name + ": unknown setting (known: " + String.join(", ", declared.keySet()) + ")");
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (ConfigProperty property : properties) {
            String value = raw.get(property.name());
            if (value == null || value.isBlank()) {
                value = property.defaultValue();
            }
            if (value == null || value.isBlank()) {
                if (property.required()) {
                    problems.add(property.name() + ": a value is required");
                }
                continue;
            }
            String problem = check(property, value.trim());
            if (problem != null) {
                problems.add(property.name() + ": " + problem);
            } else {
                values.put(property.name(), value.trim());
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidConfigException(problems);
        }
        return new PluginConfig(Map.copyOf(values));
    }

    private static String check(ConfigProperty property, String value) {
        switch (property.type()) {
            case BOOLEAN -> {
                String lower = value.toLowerCase(Locale.ROOT);
                return lower.equals("true") || lower.equals("false") ? null : "must be true or false, was '" + value + "'";
            }
            case INTEGER, DECIMAL -> {
                double number;
                try {
                    number = property.type() == ConfigType.INTEGER ? Long.parseLong(value) : Double.parseDouble(value);
                } catch (NumberFormatException e) {
                    return "must be " + (property.type() == ConfigType.INTEGER ? "a whole number" : "a number")
                            + ", was '" + value + "'";
                }
                if (Double.isNaN(number) || Double.isInfinite(number)) {
                    return "must be a finite number, was '" + value + "'";
                }
                if (property.min() != null && number < property.min()) {
                    return "must be at least " + format(property.min()) + ", was " + value;
                }
                if (property.max() != null && number > property.max()) {
                    return "must be at most " + format(property.max()) + ", was " + value;
                }
                return null;
            }
            default -> {
                return null;
            }
        }
    }

    private static String format(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    /** The value of a text setting, if set. */
    public Optional<String> string(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** The value of a whole-number setting. @throws IllegalStateException when it has no value */
    public long integer(String name) {
        return Long.parseLong(require(name));
    }

    /** The value of a decimal setting. @throws IllegalStateException when it has no value */
    public double decimal(String name) {
        return Double.parseDouble(require(name));
    }

    /** The value of a boolean setting. @throws IllegalStateException when it has no value */
    public boolean bool(String name) {
        return Boolean.parseBoolean(require(name));
    }

    /** All values, defaults included, by name. */
    public Map<String, String> asMap() {
        return values;
    }

    private String require(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalStateException("setting '" + name + "' has no value and no default");
        }
        return value;
    }

    @Override
    public String toString() {
        return "PluginConfig" + values.keySet();
    }
}
