package io.corrigo.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PluginConfigTest {

    private final List<ConfigProperty> properties = List.of(
            ConfigProperty.integer("topK", "Top k", 10).withRange(1, 100),
            ConfigProperty.decimal("weight", "Weight", 0.5).withRange(0, 1),
            ConfigProperty.bool("fuzzy", "Fuzzy", false),
            ConfigProperty.string("apiKey", "API key", null).asRequired().asSecret());

    @Test
    void should_fill_defaults_and_read_typed_values() {
        PluginConfig config = PluginConfig.resolve(properties, Map.of("apiKey", "k-123", "weight", "0.25"));

        assertThat(config.integer("topK")).isEqualTo(10);
        assertThat(config.decimal("weight")).isEqualTo(0.25);
        assertThat(config.bool("fuzzy")).isFalse();
        assertThat(config.string("apiKey")).contains("k-123");
    }

    @Test
    void should_list_every_problem__when_values_are_wrong() {
        assertThatThrownBy(() -> PluginConfig.resolve(properties,
                Map.of("topK", "500", "weight", "heavy", "fuzzy", "maybe", "colour", "red")))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> assertThat(e.problems()).containsExactlyInAnyOrder(
                        "colour: unknown setting (known: topK, weight, fuzzy, apiKey)",
                        "topK: must be at most 100, was 500",
                        "weight: must be a number, was 'heavy'",
                        "fuzzy: must be true or false, was 'maybe'",
                        "apiKey: a value is required"));
    }
}
