package io.corrigo.engine.settings;

import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.ConfigProperty;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/** Settings records check themselves in their constructors; this turns their refusal into typed problems. */
final class Checked {

    private Checked() {
    }

    /**
     * Adds {@code "<path><name>: <problem>"} when {@code value} does not fit the bounds of the property {@code name}.
     */
    static void range(List<ConfigProperty> properties, String path, String name, Object value, List<String> problems) {
        ConfigProperty property = properties.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no property " + name));
        String problem = property.problem(String.valueOf(value));
        if (problem != null) {
            problems.add(path + name + ": " + problem);
        }
    }

    /**
     * Builds a settings record.
     *
     * @throws InvalidConfigException with a {@link ConfigProblem} per {@code "path: message"} part of the record's refusal
     */
    static <T> T construct(Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (InvalidConfigException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw InvalidConfigException.of(Arrays.stream(e.getMessage().split("; ")).map(ConfigProblem::parse).toList());
        }
    }
}
