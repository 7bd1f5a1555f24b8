package io.corrigo.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.config.ConfigProblem;
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

    @Test
    void should_accept_only_a_choice_s_options__and_name_them_when_refusing() {
        List<ConfigProperty> withChoice = List.of(ConfigProperty.choice("api", "API", "openai", List.of("openai", "ollama")));

        assertThat(PluginConfig.defaults(withChoice).string("api")).contains("openai");
        assertThat(PluginConfig.resolve(withChoice, Map.of("api", "ollama")).string("api")).contains("ollama");
        assertThatThrownBy(() -> PluginConfig.resolve(withChoice, Map.of("api", "gemini")))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> assertThat(e.details()).containsExactly(
                        new ConfigProblem("api", "must be one of openai, ollama, was 'gemini'")));
        assertThatThrownBy(() -> ConfigProperty.choice("api", "API", "gemini", List.of("openai")))
                .hasMessageContaining("options that include its default");
    }

    @Test
    void should_give_each_problem_its_path_apart_from_its_message() {
        assertThatThrownBy(() -> PluginConfig.resolve(properties, Map.of("topK", "0")))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                    assertThat(e.details()).contains(new ConfigProblem("topK", "must be at least 1, was 0"));
                    assertThat(e.details()).extracting(p -> p.under("stages.retriever").path())
                            .contains("stages.retriever.topK", "stages.retriever.apiKey");
                });
        assertThat(ConfigProblem.parse("stages.search.baseUrl: must be http: or https:"))
                .isEqualTo(new ConfigProblem("stages.search.baseUrl", "must be http: or https:"));
        assertThat(ConfigProblem.parse("The pipeline is not valid.")).isEqualTo(new ConfigProblem("", "The pipeline is not valid."));
        assertThat(new ConfigProblem("topK", "too big").toString()).isEqualTo("topK: too big");
        // a plugin built against API 1.2 creates properties without options
        assertThat(new ConfigProperty("k", "K", "", io.corrigo.api.config.ConfigType.INTEGER, "1", 0.0, 9.0, false, false)
                .options()).isEmpty();
    }
}
