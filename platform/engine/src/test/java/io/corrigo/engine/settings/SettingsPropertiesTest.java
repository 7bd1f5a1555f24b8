package io.corrigo.engine.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.InvalidConfigException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The engine's settings described as data: the same names, defaults and bounds as the records enforce. */
class SettingsPropertiesTest {

    @Test
    void should_describe_every_setting_and_read_its_own_values_back() {
        PipelineSettings custom = PipelineSettings.DEFAULTS.withMode(Mode.NAIVE).withThresholds(0.7, 0.2, 0.1)
                .withSearch(SearchFailurePolicy.REFUSE, true).withStripRatio(0.5);
        SelfRagSettings selfRag = new SelfRagSettings(false, true, 0.6, 4, 1);

        assertThat(PipelineSettings.properties()).extracting(ConfigProperty::name).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(PipelineSettings.class.getRecordComponents()).map(RecordComponent::getName)
                        .filter(n -> !n.equals("selfRag")).toList());
        assertThat(SelfRagSettings.properties()).extracting(ConfigProperty::name).containsExactlyElementsOf(
                Arrays.stream(SelfRagSettings.class.getRecordComponents()).map(RecordComponent::getName).toList());
        assertThat(PipelineSettings.from(custom.values(), selfRag)).isEqualTo(custom.withSelfRag(selfRag));
        assertThat(SelfRagSettings.from(selfRag.values())).isEqualTo(selfRag);
        assertThat(PipelineSettings.from(Map.of(), SelfRagSettings.DEFAULTS)).isEqualTo(PipelineSettings.DEFAULTS);
    }

    @Test
    void should_report_every_wrong_setting_with_its_path__ranges_choices_and_order_at_once() {
        Map<String, String> values = new HashMap<>(PipelineSettings.DEFAULTS.values());
        values.put("topK", "500");
        values.put("mode", "FANCY");
        values.put("upperThreshold", "0.2");
        values.put("lowerThreshold", "0.4");

        assertThatThrownBy(() -> PipelineSettings.from(values, SelfRagSettings.DEFAULTS))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> assertThat(e.details()).containsExactlyInAnyOrder(
                        new ConfigProblem("topK", "must be at most 100, was 500"),
                        new ConfigProblem("mode", "must be one of NAIVE, CORRECTIVE, was 'FANCY'"),
                        new ConfigProblem("lowerThreshold", "must not be above the upper threshold (0.4 is above 0.2)")));
        assertThatThrownBy(() -> SelfRagSettings.from(Map.of("maxRounds", "9")))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> assertThat(e.details()).containsExactly(
                        new ConfigProblem("selfRag.maxRounds", "must be at most 5, was 9")));
    }

    @Test
    void should_enforce_the_declared_bounds_when_built_directly_too() {
        assertThatThrownBy(() -> PipelineSettings.DEFAULTS.withThresholds(0.5, 0.1, 1.5))
                .hasMessageContaining("stripThreshold: must be at most 1, was 1.5");
        assertThatThrownBy(() -> new SelfRagSettings(true, true, 0.5, 0, 2))
                .hasMessageContaining("selfRag.minUsefulness: must be at least 1, was 0");
    }
}
