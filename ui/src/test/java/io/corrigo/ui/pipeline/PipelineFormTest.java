package io.corrigo.ui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.HasValidation;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.NumberField;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.component.textfield.TextField;
import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.engine.settings.Mode;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.settings.SearchFailurePolicy;
import io.corrigo.engine.settings.SelfRagSettings;
import io.corrigo.server.pipeline.PipelineDefinition;
import io.corrigo.server.pipeline.StageConfig;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.resilience.ResilienceSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pipeline editor's logic without a browser: fields drawn from config properties, validation, reading. */
class PipelineFormTest {

    private static final List<ConfigProperty> SEARCH_PROPS = List.of(
            ConfigProperty.string("baseUrl", "Base URL", null).asRequired(),
            ConfigProperty.string("apiKey", "API key", null).asSecret(),
            ConfigProperty.integer("maxResults", "Max results", 5).withRange(1, 20),
            ConfigProperty.bool("safeSearch", "Safe search", true));

    private static final Map<StageKind<?>, List<FactoryChoice>> CHOICES = Map.of(
            StageKind.RETRIEVER, List.of(new FactoryChoice("lucene-retriever", "Lucene", "lucene 0.1.0", List.of())),
            StageKind.EVALUATOR, List.of(new FactoryChoice("lightweight-evaluator", "Light", "eval 0.1.0",
                    List.of(ConfigProperty.decimal("semanticWeight", "Semantic weight", 0.5).withRange(0, 1)))),
            StageKind.SEARCH, List.of(new FactoryChoice("tavily", "Tavily", "web 0.1.0", SEARCH_PROPS)),
            StageKind.GENERATOR, List.of(new FactoryChoice("extractive-generator", "Extractive", "gen 0.1.0", List.of())));

    private static PipelineDefinition stored() {
        return new PipelineDefinition(PipelineSettings.DEFAULTS, Map.of(
                "retriever", new StageConfig("lucene-retriever", Map.of()),
                "evaluator", new StageConfig("lightweight-evaluator", Map.of("semanticWeight", "0.4")),
                "generator", new StageConfig("extractive-generator", Map.of())));
    }

    @Test
    void should_draw_a_field_per_config_property_by_type__secrets_masked_defaults_as_placeholders() {
        ConfigForm form = new ConfigForm("cfg-", SEARCH_PROPS, Map.of("apiKey", "sk-1"));

        assertThat(form.field("baseUrl")).isInstanceOf(TextField.class);
        assertThat(form.field("baseUrl").isRequiredIndicatorVisible()).isTrue();
        assertThat(form.field("apiKey")).isInstanceOf(PasswordField.class);
        assertThat(((PasswordField) form.field("apiKey")).getValue()).isEqualTo("sk-1");
        assertThat(form.field("maxResults")).isInstanceOf(NumberField.class);
        assertThat(((NumberField) form.field("maxResults")).getMax()).isEqualTo(20);
        assertThat(((NumberField) form.field("maxResults")).getPlaceholder()).isEqualTo("5");
        assertThat(form.field("safeSearch")).isInstanceOf(Checkbox.class);
        assertThat(((Checkbox) form.field("safeSearch")).getValue()).isTrue();
    }

    @Test
    void should_mark_each_invalid_field_with_its_problem_and_accept_valid_values() {
        ConfigForm form = new ConfigForm("cfg-", SEARCH_PROPS, Map.of());
        ((NumberField) form.field("maxResults")).setValue(50.0);

        List<ConfigProblem> problems = form.validate();

        assertThat(problems).containsExactlyInAnyOrder(new ConfigProblem("baseUrl", "a value is required"),
                new ConfigProblem("maxResults", "must be at most 20, was 50"));
        assertThat(((HasValidation) form.field("baseUrl")).isInvalid()).isTrue();
        assertThat(((HasValidation) form.field("maxResults")).getErrorMessage()).isEqualTo("must be at most 20, was 50");
        assertThat(((HasValidation) form.field("apiKey")).isInvalid()).isFalse();

        ((TextField) form.field("baseUrl")).setValue("http://127.0.0.1:9/search");
        ((NumberField) form.field("maxResults")).setValue(7.0);

        assertThat(form.validate()).isEmpty();
        assertThat(form.values()).containsEntry("baseUrl", "http://127.0.0.1:9/search").containsEntry("maxResults", "7")
                .containsEntry("safeSearch", "true").doesNotContainKey("apiKey");
    }

    @Test
    void should_show_a_required_setting_s_default_and_refuse_it_emptied__instead_of_saving_it_blank() {
        List<io.corrigo.api.config.ConfigProperty> model = List.of(
                io.corrigo.api.config.ConfigProperty.string("baseUrl", "Base URL", "https://api.openai.com/v1").asRequired(),
                io.corrigo.api.config.ConfigProperty.string("model", "Model", "gpt-4o-mini").asRequired());
        ConfigForm form = new ConfigForm("cfg-", model, Map.of());

        assertThat(((TextField) form.field("baseUrl")).getValue()).as("the value it runs with, shown")
                .isEqualTo("https://api.openai.com/v1");
        ((TextField) form.field("baseUrl")).setValue("");

        assertThat(form.validate()).containsExactly(
                new ConfigProblem("baseUrl", "a value is required (for example https://api.openai.com/v1)"));
        assertThat(((HasValidation) form.field("baseUrl")).isInvalid()).isTrue();
    }

    @Test
    void should_read_the_stored_pipeline_back_unchanged() {
        PipelineForm form = new PipelineForm(CHOICES, stored());

        PipelineDefinition read = form.read().orElseThrow();

        assertThat(read.settings()).isEqualTo(PipelineSettings.DEFAULTS);
        assertThat(read.stages()).containsOnlyKeys("retriever", "evaluator", "generator");
        assertThat(read.stages().get("evaluator").properties()).containsEntry("semanticWeight", "0.4");
        assertThat(read.resilience()).isEqualTo(ResilienceSettings.DEFAULTS);
    }

    @Test
    @SuppressWarnings("unchecked")
    void should_draw_every_engine_and_resilience_setting_from_its_properties__choices_as_selections() {
        // given: a stored pipeline far from the defaults in every group
        PipelineDefinition stored = stored();
        PipelineDefinition custom = new PipelineDefinition(PipelineSettings.DEFAULTS.withMode(Mode.NAIVE)
                .withSearch(SearchFailurePolicy.REFUSE, true).withSelfRag(SelfRagSettings.OFF),
                stored.stages(), ResilienceSettings.inProcess(750), ResilienceSettings.DEFAULTS);

        // when
        PipelineForm form = new PipelineForm(CHOICES, custom);

        // then: a field per declared property, choices as selections, and the stored values read back unchanged
        assertThat(((Select<String>) form.setting("mode")).getValue()).isEqualTo("NAIVE");
        assertThat(((Select<String>) form.setting("onSearchFailure")).getValue()).isEqualTo("REFUSE");
        assertThat(((Checkbox) form.setting("critique")).getValue()).isFalse();
        assertThat(PipelineSettings.properties()).allSatisfy(p -> assertThat(form.setting(p.name())).isNotNull());
        assertThat(ResilienceSettings.properties(ResilienceSettings.DEFAULTS))
                .allSatisfy(p -> assertThat(form.resilience(p.name())).isNotNull());
        assertThat(form.read().orElseThrow()).isEqualTo(custom);

        // and a changed choice is what is read
        ((Select<String>) form.setting("mode")).setValue("CORRECTIVE");
        assertThat(form.read().orElseThrow().settings().mode()).isEqualTo(Mode.CORRECTIVE);
    }

    @Test
    void should_refuse_thresholds_out_of_order_and_out_of_range__on_their_fields() {
        PipelineForm form = new PipelineForm(CHOICES, stored());
        ((NumberField) form.setting("upperThreshold")).setValue(0.4);
        ((NumberField) form.setting("lowerThreshold")).setValue(0.6);
        ((NumberField) form.setting("topK")).setValue(0.0);
        ((NumberField) form.setting("maxRounds")).setValue(9.0);
        ((NumberField) form.resilience("timeoutMillis")).setValue(10.0);

        assertThat(form.read()).isEmpty();

        assertThat(form.setting("topK").getErrorMessage()).isEqualTo("must be at least 1, was 0");
        assertThat(form.setting("lowerThreshold").isInvalid()).isTrue();
        assertThat(form.setting("lowerThreshold").getErrorMessage()).contains("must not be above the upper threshold");
        assertThat(form.setting("maxRounds").getErrorMessage()).isEqualTo("must be at most 5, was 9");
        assertThat(form.resilience("timeoutMillis").getErrorMessage()).isEqualTo("must be at least 50, was 10");
        assertThat(form.setting("stripThreshold").isInvalid()).isFalse();
        assertThat(form.problems()).extracting(ConfigProblem::path).containsExactlyInAnyOrder(
                "topK", "lowerThreshold", "selfRag.maxRounds", "resilience.timeoutMillis");
    }

    @Test
    void should_add_a_search_stage_with_its_settings_and_flag_a_missing_required_one() {
        PipelineForm form = new PipelineForm(CHOICES, stored());
        form.choose(StageKind.SEARCH, "tavily");

        assertThat(form.read()).isEmpty();
        assertThat(form.problems()).contains(new ConfigProblem("stages.search.baseUrl", "a value is required"));

        ((TextField) form.configForm(StageKind.SEARCH).orElseThrow().field("baseUrl")).setValue("http://127.0.0.1:9");
        PipelineDefinition read = form.read().orElseThrow();
        assertThat(read.stages().get("search").factoryId()).isEqualTo("tavily");
        assertThat(read.stages().get("search").properties()).containsEntry("baseUrl", "http://127.0.0.1:9");
    }

    @Test
    void should_show_a_host_side_problem_on_the_stage_field_it_names() {
        PipelineForm form = new PipelineForm(CHOICES, stored());

        List<ConfigProblem> unmatched = form.showProblems(List.of(
                ConfigProblem.parse("stages.evaluator.semanticWeight: must be at most 1, was 3"),
                ConfigProblem.parse("stages.generator: no started plugin offers a generator 'x'")));

        ConfigForm evaluator = form.configForm(StageKind.EVALUATOR).orElseThrow();
        assertThat(((HasValidation) evaluator.field("semanticWeight")).getErrorMessage()).isEqualTo("must be at most 1, was 3");
        assertThat(unmatched).containsExactly(new ConfigProblem("stages.generator", "no started plugin offers a generator 'x'"));
    }

    @Test
    void should_keep_a_stored_plugin_that_is_gone_visible_and_refuse_to_save_it() {
        PipelineDefinition withGone = new PipelineDefinition(PipelineSettings.DEFAULTS, Map.of(
                "retriever", new StageConfig("opensearch-retriever", Map.of()),
                "evaluator", new StageConfig("lightweight-evaluator", Map.of()),
                "generator", new StageConfig("extractive-generator", Map.of())));
        PipelineForm form = new PipelineForm(CHOICES, withGone);

        assertThat(form.read()).isEmpty();
        assertThat(form.problems()).contains(new ConfigProblem("stages.retriever", "no started plugin offers 'opensearch-retriever'"));
    }
}
