package io.corrigo.server.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.InvalidConfigException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Resilience settings described as data: one property per field, the set's own defaults, the record's bounds. */
class ResilienceSettingsTest {

    @Test
    void should_describe_every_field_with_the_defaults_of_its_set() {
        assertThat(ResilienceSettings.properties(ResilienceSettings.DEFAULTS)).extracting(ConfigProperty::name)
                .containsExactlyElementsOf(Arrays.stream(ResilienceSettings.class.getRecordComponents())
                        .map(RecordComponent::getName).toList());
        assertThat(ResilienceSettings.from(Map.of(), ResilienceSettings.MODEL_DEFAULTS)).isEqualTo(ResilienceSettings.MODEL_DEFAULTS);
        assertThat(ResilienceSettings.from(ResilienceSettings.inProcess(700).values(), ResilienceSettings.DEFAULTS))
                .isEqualTo(ResilienceSettings.inProcess(700));
    }

    @Test
    void should_refuse_out_of_range_values_with_the_field_s_path__built_or_read() {
        assertThatThrownBy(() -> ResilienceSettings.from(Map.of("timeoutMillis", "10", "maxAttempts", "9"), ResilienceSettings.DEFAULTS))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> assertThat(e.details()).containsExactlyInAnyOrder(
                        new ConfigProblem("timeoutMillis", "must be at least 50, was 10"),
                        new ConfigProblem("maxAttempts", "must be at most 5, was 9")));
        assertThatThrownBy(() -> new ResilienceSettings(3000, 2, 200, 50, 2000, 80, 20, 5, 30_000, 2, 0, 20))
                .hasMessage("resilience.maxConcurrentCalls: must be at least 1, was 0");
    }
}
