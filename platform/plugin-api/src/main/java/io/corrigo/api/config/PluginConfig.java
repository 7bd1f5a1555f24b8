package io.corrigo.api.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
     *                                boolean, out-of-range value and value that is none of a choice's options
     */
    public static PluginConfig resolve(List<ConfigProperty> properties, Map<String, String> raw) {
        List<ConfigProblem> problems = new ArrayList<>();
        Map<String, ConfigProperty> declared = new LinkedHashMap<>();
        properties.forEach(p -> declared.put(p.name(), p));
        for (String name : raw.keySet()) {
            if (!declared.containsKey(name)) {
                problems.add(new ConfigProblem(name, "unknown setting (known: " + String.join(", ", declared.keySet()) + ")"));
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
                    problems.add(new ConfigProblem(property.name(), "a value is required"));
                }
                continue;
            }
            String problem = property.problem(value.trim());
            if (problem != null) {
                problems.add(new ConfigProblem(property.name(), problem));
            } else {
                values.put(property.name(), value.trim());
            }
        }
        if (!problems.isEmpty()) {
            throw InvalidConfigException.of(problems);
        }
        return new PluginConfig(Map.copyOf(values));
    }

    /** The value of a text or choice setting, if set. */
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
