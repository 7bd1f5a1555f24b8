package io.corrigo.ui.pipeline;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.HasValidation;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.settings.SelfRagSettings;
import io.corrigo.server.pipeline.ConnectionTests;
import io.corrigo.server.pipeline.PipelineDefinition;
import io.corrigo.server.pipeline.StageConfig;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.resilience.ResilienceSettings;
import io.corrigo.ui.shell.Texts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The whole pipeline as a form, every part of it drawn by {@link ConfigForm} from settings described as data: the
 * engine's mode, thresholds and budgets ({@link PipelineSettings#properties()}) and Self-RAG's
 * ({@link SelfRagSettings#properties()}); a plugin per stage with the settings its factory declares; the search and
 * model resilience ({@link ResilienceSettings#properties}). {@link #read()} validates with the same rules as the host
 * and marks every field that is wrong, so nothing invalid reaches {@code PipelineService.save}; the host's own
 * problems ({@link ConfigProblem}s with paths such as {@code topK}, {@code selfRag.maxRounds},
 * {@code resilience.timeoutMillis}, {@code stages.retriever.rrfK}) land on their fields the same way.
 */
public class PipelineForm extends VerticalLayout {

    private final ConfigForm settingsForm;
    private final ConfigForm selfRagForm;
    private final ConfigForm resilienceForm;
    private final ConfigForm modelsForm;
    private final Map<StageKind<?>, Select<String>> factorySelects = new LinkedHashMap<>();
    private final Map<StageKind<?>, Div> stageForms = new LinkedHashMap<>();
    private final Map<StageKind<?>, ConfigForm> configForms = new LinkedHashMap<>();
    private final Map<StageKind<?>, List<FactoryChoice>> choices;
    private final List<ConfigProblem> problems = new ArrayList<>();
    private final StageTester tester;
    private final Div summary = new Div();
    private Runnable changed = () -> { };

    /** Makes one real call through a stage as configured in the form ("Test connection"). */
    public interface StageTester {

        /** Whether the factory's plugin calls out of the process, so that a test means something. */
        boolean callsOut(StageKind<?> kind, String factoryId);

        /** The result of one call through the stage configured as given. */
        ConnectionTests.Result test(StageKind<?> kind, StageConfig config);
    }

    public PipelineForm(Map<StageKind<?>, List<FactoryChoice>> choices, PipelineDefinition current) {
        this(choices, current, null);
    }

    /** @param tester how a stage's connection is tested; {@code null}: no "Test connection" buttons */
    public PipelineForm(Map<StageKind<?>, List<FactoryChoice>> choices, PipelineDefinition current, StageTester tester) {
        this.choices = choices;
        this.tester = tester;
        setPadding(false);
        summary.setId("pipeline-errors");
        summary.setVisible(false);
        summary.getElement().setAttribute("role", "alert");
        summary.getStyle().set("background", "var(--lumo-error-color-10pct)").set("color", "var(--lumo-error-text-color)")
                .set("border-radius", "var(--lumo-border-radius-m)").set("padding", "var(--lumo-space-s) var(--lumo-space-m)")
                .set("box-sizing", "border-box").set("width", "100%");
        add(summary);
        PipelineSettings s = current.settings();
        settingsForm = new ConfigForm("setting-", PipelineSettings.properties(), s.values());
        settingsForm.setResponsiveSteps(new ConfigForm.ResponsiveStep("0", 1), new ConfigForm.ResponsiveStep("36em", 2),
                new ConfigForm.ResponsiveStep("60em", 3));
        add(new H3(t("Mode, thresholds and budgets")), settingsForm);
        selfRagForm = new ConfigForm("setting-", SelfRagSettings.properties(), s.selfRag().values());
        selfRagForm.setResponsiveSteps(new ConfigForm.ResponsiveStep("0", 1), new ConfigForm.ResponsiveStep("36em", 2),
                new ConfigForm.ResponsiveStep("60em", 3));
        add(new H3(t("Self-RAG: retrieve or not, critique and rounds")), selfRagForm);

        add(new H3(t("Stages")));
        for (StageKind<?> kind : StageKind.values()) {
            add(stage(kind, current.stages().get(kind.stage())));
        }

        resilienceForm = new ConfigForm("resilience-", ResilienceSettings.properties(ResilienceSettings.DEFAULTS),
                current.resilience().values());
        Details details = new Details(t("Search resilience: timeout, retries, circuit breaker, bulkhead, rate limit"),
                resilienceForm);
        details.setId("resilience-settings");
        add(details);
        modelsForm = new ConfigForm("models-", ResilienceSettings.properties(ResilienceSettings.MODEL_DEFAULTS),
                current.models().values());
        Details modelDetails = new Details(t("Model resilience (generator, evaluator, critic, rewriter plugins that call a model server): timeout, retries, circuit breaker, bulkhead, rate limit"), modelsForm);
        modelDetails.setId("model-resilience-settings");
        add(modelDetails);
        for (ConfigForm form : List.of(settingsForm, selfRagForm, resilienceForm, modelsForm)) {
            form.addChangeListener(() -> changed.run());
        }
    }

    /** Calls {@code listener} whenever the admin changes anything in the form. */
    public void onChange(Runnable listener) {
        this.changed = listener;
    }

    /** The label of the "no plugin" choice of an optional stage. */
    static String none(StageKind<?> kind) {
        return kind.without().orElse("");
    }

    private Div stage(StageKind<?> kind, StageConfig stored) {
        Select<String> select = new Select<>();
        select.setId("stage-" + kind.stage());
        select.setLabel(Texts.known(kind.label()));
        List<String> ids = new ArrayList<>(choices.getOrDefault(kind, List.of()).stream().map(FactoryChoice::id).toList());
        if (!kind.required()) {
            ids.add(0, none(kind));
        }
        if (stored != null && !ids.contains(stored.factoryId())) {
            ids.add(stored.factoryId()); // a plugin that is gone: shown, so the admin sees what broke
        }
        select.setItems(ids);
        select.setItemLabelGenerator(id -> choice(kind, id).map(c -> id + "  ·  " + c.plugin()).orElse(
                id.equals(none(kind)) ? Texts.known(id) : t("{0}  ·  not available", id)));
        select.setWidth("28rem");
        Div form = new Div();
        form.setWidthFull();
        stageForms.put(kind, form);
        factorySelects.put(kind, select);
        select.addValueChangeListener(e -> {
            showConfig(kind, e.getValue(),
                    stored != null && stored.factoryId().equals(e.getValue()) ? stored.properties() : Map.of());
            if (e.isFromClient()) {
                changed.run();
            }
        });
        select.setValue(stored != null ? stored.factoryId() : ids.isEmpty() ? null : ids.get(0));
        Div box = new Div(select, form);
        box.getStyle().set("border-left", "3px solid var(--lumo-primary-color-50pct)").set("padding-left", "var(--lumo-space-m)")
                .set("margin-bottom", "var(--lumo-space-m)").set("box-sizing", "border-box");
        box.setWidthFull();
        return box;
    }

    private void showConfig(StageKind<?> kind, String factoryId, Map<String, String> values) {
        Div form = stageForms.get(kind);
        form.removeAll();
        configForms.remove(kind);
        Optional<FactoryChoice> choice = factoryId == null ? Optional.empty() : choice(kind, factoryId);
        if (choice.isPresent()) {
            Paragraph help = Texts.pluginWords(new Paragraph(), choice.get().description());
            help.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin", "var(--lumo-space-xs) 0");
            ConfigForm config = new ConfigForm("cfg-" + kind.stage() + "-", choice.get().properties(), values);
            config.addChangeListener(() -> changed.run());
            configForms.put(kind, config);
            form.add(help, config);
            if (tester != null && tester.callsOut(kind, factoryId)) {
                form.add(connectionTest(kind, factoryId, config));
            }
        } else if (factoryId != null && !factoryId.equals(none(kind))) {
            Paragraph broken = new Paragraph(t("No started plugin offers '{0}': this stage runs degraded. Choose another plugin, or install and enable it under Plugins.", factoryId));
            broken.getStyle().set("color", "var(--lumo-error-text-color)");
            form.add(broken);
        }
    }

    /** "Test connection": one real call through the stage as the form has it now, and what came back or why not. */
    private com.vaadin.flow.component.Component connectionTest(StageKind<?> kind, String factoryId, ConfigForm config) {
        com.vaadin.flow.component.html.Span result = new com.vaadin.flow.component.html.Span();
        result.setId("test-result-" + kind.stage());
        result.getStyle().set("overflow-wrap", "anywhere");
        com.vaadin.flow.component.button.Button test = new com.vaadin.flow.component.button.Button(t("Test connection"));
        test.setId("test-" + kind.stage());
        test.addThemeVariants(com.vaadin.flow.component.button.ButtonVariant.LUMO_SMALL);
        test.setDisableOnClick(true);
        test.addClickListener(e -> {
            try {
                List<ConfigProblem> invalid = config.validate();
                if (!invalid.isEmpty()) {
                    show(result, false, t("Fix the marked settings first: {0}", String.join("; ",
                            invalid.stream().map(p -> label(config, p.path()) + " " + p.message()).toList())));
                    return;
                }
                ConnectionTests.Result r = tester.test(kind, new StageConfig(factoryId, config.values()));
                show(result, r.ok(), (r.ok() ? t("Connected in {0} ms. ", r.millis()) : t("Failed: ")) + r.message());
            } catch (RuntimeException ex) {
                show(result, false, t("Failed: {0}", io.corrigo.ui.shell.Toasts.describe(ex)));
            } finally {
                test.setEnabled(true);
            }
        });
        com.vaadin.flow.component.orderedlayout.HorizontalLayout row =
                new com.vaadin.flow.component.orderedlayout.HorizontalLayout(test, result);
        row.setAlignItems(com.vaadin.flow.component.orderedlayout.FlexComponent.Alignment.BASELINE);
        row.setWidthFull();
        return row;
    }

    private static void show(com.vaadin.flow.component.html.Span result, boolean ok, String text) {
        result.setText(text);
        result.getElement().setAttribute("data-ok", Boolean.toString(ok));
        result.getStyle().set("color", ok ? "var(--lumo-success-text-color)" : "var(--lumo-error-text-color)");
    }

    private static String label(ConfigForm form, String name) {
        String label = form.labelOf(name);
        return label == null ? humanize(name) : label;
    }

    /** A stage's label without its explanation: "Critic" for "Critic (Self-RAG: ...)". */
    public static String shortLabel(StageKind<?> kind) {
        String label = Texts.known(kind.label());
        int paren = label.indexOf(" (");
        return paren < 0 ? label : label.substring(0, paren);
    }

    /** {@code upperThreshold} → {@code Upper threshold}: for a setting no form labels. */
    public static String humanize(String name) {
        String spaced = name.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('_', ' ').toLowerCase(java.util.Locale.ROOT);
        return spaced.isEmpty() ? spaced : Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }

    /**
     * A problem as people read it: the field's label (with its stage or section) instead of its path.
     * {@code stages.critic.fullSupport: must be at most 1} → {@code Critic · Full support: must be at most 1}.
     */
    public String describe(ConfigProblem problem) {
        String path = problem.path();
        int dot = path.indexOf('.');
        String head = dot < 0 ? path : path.substring(0, dot);
        String rest = dot < 0 ? "" : path.substring(dot + 1);
        String where = switch (head) {
            case "selfRag" -> t("Self-RAG · {0}", label(selfRagForm, rest));
            case "resilience" -> t("Search resilience · {0}", label(resilienceForm, rest));
            case "models" -> t("Model resilience · {0}", label(modelsForm, rest));
            case "stages" -> {
                int d = rest.indexOf('.');
                String stage = d < 0 ? rest : rest.substring(0, d);
                String setting = d < 0 ? "" : rest.substring(d + 1);
                StageKind<?> kind = StageKind.of(stage).orElse(null);
                String stageLabel = kind == null ? humanize(stage) : shortLabel(kind);
                ConfigForm form = kind == null ? null : configForms.get(kind);
                yield setting.isEmpty() ? stageLabel : stageLabel + " · " + (form == null ? humanize(setting) : label(form, setting));
            }
            case "" -> t("Pipeline");
            default -> label(settingsForm, path);
        };
        return where + ": " + problem.message();
    }

    /** Shows every current problem in the summary above the form (or hides it when there is none). */
    private void showSummary() {
        summary.removeAll();
        summary.setVisible(!problems.isEmpty());
        if (problems.isEmpty()) {
            return;
        }
        summary.add(new com.vaadin.flow.component.html.Span(problems.size() == 1 ? t("1 setting needs attention:")
                : t("{0} settings need attention:", problems.size())));
        com.vaadin.flow.component.html.UnorderedList list = new com.vaadin.flow.component.html.UnorderedList();
        list.getStyle().set("margin", "var(--lumo-space-xs) 0 0 0");
        problems.forEach(p -> list.add(new com.vaadin.flow.component.html.ListItem(describe(p))));
        summary.add(list);
    }

    private Optional<FactoryChoice> choice(StageKind<?> kind, String id) {
        return choices.getOrDefault(kind, List.of()).stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** The stage's config form, if its plugin is available. */
    public Optional<ConfigForm> configForm(StageKind<?> kind) {
        return Optional.ofNullable(configForms.get(kind));
    }

    /** Chooses the plugin of a stage (as the admin would). */
    public void choose(StageKind<?> kind, String factoryId) {
        factorySelects.get(kind).setValue(factoryId);
    }

    /** Field access for tests: an engine or Self-RAG setting by name ({@code topK}, {@code minSupport}, ...). */
    public HasValidation setting(String name) {
        Object field = settingsForm.field(name);
        return (HasValidation) (field != null ? field : selfRagForm.field(name));
    }

    /** Field access for tests: a search resilience setting by name. */
    public HasValidation resilience(String name) {
        return (HasValidation) resilienceForm.field(name);
    }

    /**
     * Reads and validates the form. @return the definition, or empty when something is wrong (the fields say what;
     * {@link #problems()} lists it all)
     */
    public Optional<PipelineDefinition> read() {
        clearProblems();
        problems.clear();
        SelfRagSettings selfRag = attempt(() -> SelfRagSettings.from(selfRagForm.values()));
        PipelineSettings settings = attempt(() -> PipelineSettings.from(settingsForm.values(),
                selfRag == null ? SelfRagSettings.DEFAULTS : selfRag));
        ResilienceSettings resilience = attempt("resilience",
                () -> ResilienceSettings.from(resilienceForm.values(), ResilienceSettings.DEFAULTS));
        ResilienceSettings models = attempt("models",
                () -> ResilienceSettings.from(modelsForm.values(), ResilienceSettings.MODEL_DEFAULTS));
        Map<String, StageConfig> stages = new LinkedHashMap<>();
        for (StageKind<?> kind : StageKind.values()) {
            String id = factorySelects.get(kind).getValue();
            String path = "stages." + kind.stage();
            if (id == null || id.equals(none(kind))) {
                if (kind.required()) {
                    problems.add(new ConfigProblem(path, t("choose a plugin")));
                }
                continue;
            }
            ConfigForm config = configForms.get(kind);
            if (config == null) {
                problems.add(new ConfigProblem(path, t("no started plugin offers '{0}'", id)));
                continue;
            }
            config.validate().forEach(p -> problems.add(p.under(path)));
            stages.put(kind.stage(), new StageConfig(id, config.values()));
        }
        showSummary();
        if (!problems.isEmpty() || selfRag == null || settings == null || resilience == null || models == null) {
            return Optional.empty();
        }
        return Optional.of(new PipelineDefinition(settings, stages, resilience, models));
    }

    private <T> T attempt(Supplier<T> build) {
        return attempt("", build);
    }

    /** Builds a part of the definition; its problems (under {@code path}) go on their fields and into {@link #problems()}. */
    private <T> T attempt(String path, Supplier<T> build) {
        try {
            return build.get();
        } catch (InvalidConfigException e) {
            showProblems(e.details().stream().map(p -> path.isEmpty() ? p : p.under(path)).toList());
            return null;
        }
    }

    /** What {@link #read()} found wrong. */
    public List<ConfigProblem> problems() {
        return List.copyOf(problems);
    }

    /**
     * Shows problems (from this form or from the host) on the fields their paths name: {@code topK},
     * {@code selfRag.maxRounds}, {@code resilience.timeoutMillis}, {@code models.timeoutMillis},
     * {@code stages.retriever.k1}. @return those that matched no field
     */
    public List<ConfigProblem> showProblems(List<ConfigProblem> found) {
        List<ConfigProblem> unmatched = new ArrayList<>();
        for (ConfigProblem problem : found) {
            if (!problems.contains(problem)) {
                problems.add(problem);
            }
            String path = problem.path();
            int dot = path.indexOf('.');
            String head = dot < 0 ? path : path.substring(0, dot);
            ConfigProblem rest = new ConfigProblem(dot < 0 ? "" : path.substring(dot + 1), problem.message());
            List<ConfigProblem> left = switch (head) {
                case "selfRag" -> selfRagForm.showProblems(List.of(rest));
                case "resilience" -> resilienceForm.showProblems(List.of(rest));
                case "models" -> modelsForm.showProblems(List.of(rest));
                case "stages" -> stageProblem(rest);
                default -> settingsForm.showProblems(List.of(problem));
            };
            if (!left.isEmpty()) {
                unmatched.add(problem);
            }
        }
        showSummary();
        return unmatched;
    }

    /** A problem of {@code <stage>.<setting>} on the stage's config form. */
    private List<ConfigProblem> stageProblem(ConfigProblem problem) {
        int dot = problem.path().indexOf('.');
        if (dot < 0) {
            return List.of(problem);
        }
        String stage = problem.path().substring(0, dot);
        ConfigForm form = StageKind.of(stage).map(configForms::get).orElse(null);
        return form == null ? List.of(problem)
                : form.showProblems(List.of(new ConfigProblem(problem.path().substring(dot + 1), problem.message())));
    }

    private void clearProblems() {
        settingsForm.clearProblems();
        selfRagForm.clearProblems();
        resilienceForm.clearProblems();
        modelsForm.clearProblems();
        configForms.values().forEach(ConfigForm::clearProblems);
    }
}
