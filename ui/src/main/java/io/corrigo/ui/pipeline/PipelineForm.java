package io.corrigo.ui.pipeline;

import com.vaadin.flow.component.HasValidation;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.NumberField;
import io.corrigo.engine.settings.Mode;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.settings.SearchFailurePolicy;
import io.corrigo.engine.settings.SelfRagSettings;
import io.corrigo.server.pipeline.PipelineDefinition;
import io.corrigo.server.pipeline.StageConfig;
import io.corrigo.server.plugin.StageKind;
import io.corrigo.server.resilience.ResilienceSettings;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The whole pipeline as a form: mode, thresholds and budgets; a plugin per stage with its {@link ConfigForm}; the
 * search stage's resilience. {@link #read()} validates with the same rules as the host and marks every field
 * that is wrong, so nothing invalid reaches {@code PipelineService.save}.
 */
public class PipelineForm extends VerticalLayout {

    /** The search stage may be left out: then INCORRECT means abstaining. */
    private static final Pattern LEADING_NAME = Pattern.compile("^(?:resilience\\.|models\\.|selfRag\\.)?([A-Za-z]+)");

    private final Select<Mode> mode = new Select<>();
    private final IntegerField topK = integer("topK", "Passages retrieved (top-k)", 1, 100);
    private final NumberField upper = unit("upperThreshold", "Upper threshold (CORRECT at or above)");
    private final NumberField lower = unit("lowerThreshold", "Lower threshold (INCORRECT below)");
    private final NumberField strip = unit("stripThreshold", "Strip threshold (sentence kept at or above)");
    private final NumberField stripRatio = unit("stripRatio", "Strip ratio (share of the best sentence's score a kept sentence needs)");
    private final IntegerField tokenBudget = integer("tokenBudget", "Context budget (words)", 20, 20_000);
    private final IntegerField searchResults = integer("searchResults", "Web results requested", 1, 50);
    private final Select<SearchFailurePolicy> onSearchFailure = new Select<>();
    private final Checkbox parallelSearch = new Checkbox("Search in parallel with retrieval");
    private final Checkbox decideRetrieval = new Checkbox("Decide whether a question needs retrieval (greetings skip it)");
    private final Checkbox critique = new Checkbox("Critique answers before serving them");
    private final NumberField minSupport = unit("minSupport", "Least sentence support to serve (0–1)");
    private final IntegerField minUsefulness = integer("minUsefulness", "Least usefulness to serve (1–5)", 1, 5);
    private final IntegerField maxRounds = integer("maxRounds", "Extra rounds at most (regenerate / re-retrieve)", 0, 5);
    private final Map<String, IntegerField> modelFields = new LinkedHashMap<>();
    private final Map<String, HasValidation> settingFields = new LinkedHashMap<>();
    private final Map<String, IntegerField> resilienceFields = new LinkedHashMap<>();
    private final Map<StageKind<?>, Select<String>> factorySelects = new LinkedHashMap<>();
    private final Map<StageKind<?>, Div> stageForms = new LinkedHashMap<>();
    private final Map<StageKind<?>, ConfigForm> configForms = new LinkedHashMap<>();
    private final Map<StageKind<?>, List<FactoryChoice>> choices;
    private final List<String> problems = new ArrayList<>();

    public PipelineForm(Map<StageKind<?>, List<FactoryChoice>> choices, PipelineDefinition current) {
        this.choices = choices;
        setPadding(false);
        PipelineSettings s = current.settings();

        mode.setLabel("Mode");
        mode.setId("setting-mode");
        mode.setItems(Mode.values());
        mode.setItemLabelGenerator(m -> m == Mode.CORRECTIVE ? "Corrective (grade, correct, refine)" : "Naive (baseline RAG)");
        mode.setValue(s.mode());
        onSearchFailure.setLabel("When the web fallback fails");
        onSearchFailure.setId("setting-onSearchFailure");
        onSearchFailure.setItems(SearchFailurePolicy.values());
        onSearchFailure.setItemLabelGenerator(p -> p == SearchFailurePolicy.ANSWER_FROM_KB
                ? "Answer from the knowledge base, flagged incomplete" : "Refuse to answer");
        onSearchFailure.setValue(s.onSearchFailure());
        parallelSearch.setId("setting-parallelSearch");
        parallelSearch.setValue(s.parallelSearch());
        topK.setValue(s.topK());
        upper.setValue(s.upperThreshold());
        lower.setValue(s.lowerThreshold());
        strip.setValue(s.stripThreshold());
        stripRatio.setValue(s.stripRatio());
        tokenBudget.setValue(s.tokenBudget());
        searchResults.setValue(s.searchResults());
        SelfRagSettings selfRag = s.selfRag();
        decideRetrieval.setId("setting-decideRetrieval");
        decideRetrieval.setValue(selfRag.decideRetrieval());
        critique.setId("setting-critique");
        critique.setValue(selfRag.critique());
        minSupport.setValue(selfRag.minSupport());
        minUsefulness.setValue(selfRag.minUsefulness());
        maxRounds.setValue(selfRag.maxRounds());
        for (com.vaadin.flow.component.Component f : new com.vaadin.flow.component.Component[] {topK, upper, lower, strip, stripRatio,
                tokenBudget, searchResults, minSupport, minUsefulness, maxRounds}) {
            settingFields.put(f.getId().orElseThrow().substring("setting-".length()), (HasValidation) f);
        }
        FormLayout settings = new FormLayout(mode, topK, upper, lower, strip, stripRatio, tokenBudget, searchResults,
                onSearchFailure, parallelSearch);
        settings.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("36em", 2),
                new FormLayout.ResponsiveStep("60em", 3));
        add(new H3("Mode, thresholds and budgets"), settings);
        FormLayout selfRagForm = new FormLayout(decideRetrieval, critique, minSupport, minUsefulness, maxRounds);
        selfRagForm.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("36em", 2),
                new FormLayout.ResponsiveStep("60em", 3));
        add(new H3("Self-RAG: retrieve or not, critique and rounds"), selfRagForm);

        add(new H3("Stages"));
        for (StageKind<?> kind : StageKind.values()) {
            add(stage(kind, current.stages().get(kind.stage())));
        }

        FormLayout resilience = new FormLayout();
        resilience.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 2), new FormLayout.ResponsiveStep("48em", 4));
        for (RecordComponent c : ResilienceSettings.class.getRecordComponents()) {
            IntegerField field = new IntegerField(words(c.getName()));
            field.setId("resilience-" + c.getName());
            field.setValue(component(current.resilience(), c));
            resilienceFields.put(c.getName(), field);
            resilience.add(field);
        }
        Details details = new Details("Search resilience: timeout, retries, circuit breaker, bulkhead, rate limit", resilience);
        details.setId("resilience-settings");
        add(details);

        FormLayout models = new FormLayout();
        models.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 2), new FormLayout.ResponsiveStep("48em", 4));
        for (RecordComponent c : ResilienceSettings.class.getRecordComponents()) {
            IntegerField field = new IntegerField(words(c.getName()));
            field.setId("models-" + c.getName());
            field.setValue(component(current.models(), c));
            modelFields.put(c.getName(), field);
            models.add(field);
        }
        Details modelDetails = new Details("Model resilience (generator, evaluator, critic, rewriter plugins that call "
                + "a model server): timeout, retries, circuit breaker, bulkhead, rate limit", models);
        modelDetails.setId("model-resilience-settings");
        add(modelDetails);
    }

    /** The label of the "no plugin" choice of an optional stage. */
    static String none(StageKind<?> kind) {
        return kind.without().orElse("");
    }

    private Div stage(StageKind<?> kind, StageConfig stored) {
        Select<String> select = new Select<>();
        select.setId("stage-" + kind.stage());
        select.setLabel(kind.label());
        List<String> ids = new ArrayList<>(choices.getOrDefault(kind, List.of()).stream().map(FactoryChoice::id).toList());
        if (!kind.required()) {
            ids.add(0, none(kind));
        }
        if (stored != null && !ids.contains(stored.factoryId())) {
            ids.add(stored.factoryId()); // a plugin that is gone: shown, so the admin sees what broke
        }
        select.setItems(ids);
        select.setItemLabelGenerator(id -> choice(kind, id).map(c -> id + "  ·  " + c.plugin()).orElse(
                id.equals(none(kind)) ? id : id + "  ·  not available"));
        select.setWidth("28rem");
        Div form = new Div();
        form.setWidthFull();
        stageForms.put(kind, form);
        factorySelects.put(kind, select);
        select.addValueChangeListener(e -> showConfig(kind, e.getValue(),
                stored != null && stored.factoryId().equals(e.getValue()) ? stored.properties() : Map.of()));
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
            Paragraph help = new Paragraph(choice.get().description());
            help.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin", "var(--lumo-space-xs) 0");
            ConfigForm config = new ConfigForm("cfg-" + kind.stage() + "-", choice.get().properties(), values);
            configForms.put(kind, config);
            form.add(help, config);
        } else if (factoryId != null && !factoryId.equals(none(kind))) {
            Paragraph broken = new Paragraph("No started plugin offers '" + factoryId + "': this stage runs degraded. "
                    + "Choose another plugin, or install and enable it under Plugins.");
            broken.getStyle().set("color", "var(--lumo-error-text-color)");
            form.add(broken);
        }
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

    /** Field access for tests: a setting by name ({@code topK}, {@code upperThreshold}, ...). */
    public HasValidation setting(String name) {
        return settingFields.get(name);
    }

    public IntegerField resilience(String name) {
        return resilienceFields.get(name);
    }

    /**
     * Reads and validates the form. @return the definition, or empty when something is wrong (the fields say what;
     * {@link #problems()} lists it all)
     */
    public Optional<PipelineDefinition> read() {
        clearProblems();
        problems.clear();
        PipelineSettings settings = null;
        if (Arrays.asList(topK.getValue(), upper.getValue(), lower.getValue(), strip.getValue(), stripRatio.getValue(),
                tokenBudget.getValue(),
                searchResults.getValue(), minSupport.getValue(), minUsefulness.getValue(), maxRounds.getValue())
                .contains(null)) {
            settingFields.forEach((name, f) -> {
                if (((com.vaadin.flow.component.HasValue<?, ?>) f).isEmpty()) {
                    mark(f, "a number is required");
                    problems.add(name + ": a number is required");
                }
            });
        } else {
            try {
                settings = new PipelineSettings(mode.getValue(), topK.getValue(), upper.getValue(), lower.getValue(),
                        strip.getValue(), tokenBudget.getValue(), searchResults.getValue(), onSearchFailure.getValue(),
                        parallelSearch.getValue(), new SelfRagSettings(decideRetrieval.getValue(), critique.getValue(),
                                minSupport.getValue(), minUsefulness.getValue(), maxRounds.getValue()),
                        stripRatio.getValue());
            } catch (IllegalArgumentException e) {
                showProblems(List.of(e.getMessage().split("; ")));
            }
        }
        ResilienceSettings resilience = readResilience(resilienceFields, "resilience.");
        ResilienceSettings models = readResilience(modelFields, "models.");
        Map<String, StageConfig> stages = new LinkedHashMap<>();
        for (StageKind<?> kind : StageKind.values()) {
            String id = factorySelects.get(kind).getValue();
            if (id == null || id.equals(none(kind))) {
                if (kind.required()) {
                    problems.add("stages." + kind.stage() + ": choose a plugin");
                }
                continue;
            }
            ConfigForm config = configForms.get(kind);
            if (config == null) {
                problems.add("stages." + kind.stage() + ": no started plugin offers '" + id + "'");
                continue;
            }
            config.validate().forEach(p -> problems.add("stages." + kind.stage() + "." + p));
            stages.put(kind.stage(), new StageConfig(id, config.values()));
        }
        if (!problems.isEmpty() || settings == null || resilience == null || models == null) {
            return Optional.empty();
        }
        return Optional.of(new PipelineDefinition(settings, stages, resilience, models));
    }

    /** What {@link #read()} found wrong. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    private ResilienceSettings readResilience(Map<String, IntegerField> fields, String prefix) {
        RecordComponent[] components = ResilienceSettings.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        boolean missing = false;
        for (int i = 0; i < components.length; i++) {
            IntegerField field = fields.get(components[i].getName());
            types[i] = int.class;
            if (field.getValue() == null) {
                mark(field, "a number is required");
                problems.add(prefix + components[i].getName() + ": a number is required");
                missing = true;
            } else {
                values[i] = field.getValue();
            }
        }
        if (missing) {
            return null;
        }
        try {
            return ResilienceSettings.class.getDeclaredConstructor(types).newInstance(values);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException invalid) {
                showProblems(Arrays.stream(invalid.getMessage().split("; "))
                        .map(p -> p.startsWith("resilience.") ? prefix + p.substring("resilience.".length()) : p)
                        .toList());
                return null;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Shows problems (from this form or from the host) on their fields: {@code topK: ...},
     * {@code resilience.timeoutMillis: ...}, {@code stages.retriever.k1: ...}. @return those that matched no field
     */
    public List<String> showProblems(List<String> found) {
        List<String> unmatched = new ArrayList<>();
        for (String problem : found) {
            if (!problems.contains(problem)) {
                problems.add(problem);
            }
            if (problem.startsWith("stages.")) {
                String rest = problem.substring("stages.".length());
                int dot = rest.indexOf('.');
                Optional<StageKind<?>> kind = dot < 0 ? Optional.empty() : StageKind.values().stream()
                        .filter(k -> k.stage().equals(rest.substring(0, dot))).findFirst();
                if (kind.isPresent() && configForms.containsKey(kind.get())
                        && configForms.get(kind.get()).showProblems(List.of(rest.substring(dot + 1))).isEmpty()) {
                    continue;
                }
                unmatched.add(problem);
                continue;
            }
            Matcher m = LEADING_NAME.matcher(problem);
            String name = m.find() ? m.group(1) : "";
            HasValidation field = problem.startsWith("resilience.") ? resilienceFields.get(name)
                    : problem.startsWith("models.") ? modelFields.get(name) : settingFields.get(name);
            if (field != null) {
                int colon = problem.indexOf(':');
                mark(field, colon >= 0 ? problem.substring(colon + 1).trim() : problem);
            } else {
                unmatched.add(problem);
            }
        }
        return unmatched;
    }

    private void clearProblems() {
        settingFields.values().forEach(f -> f.setInvalid(false));
        resilienceFields.values().forEach(f -> f.setInvalid(false));
        modelFields.values().forEach(f -> f.setInvalid(false));
        configForms.values().forEach(ConfigForm::clearProblems);
    }

    private static void mark(HasValidation field, String message) {
        field.setErrorMessage(message);
        field.setInvalid(true);
    }

    private static IntegerField integer(String name, String label, int min, int max) {
        IntegerField field = new IntegerField(label);
        field.setId("setting-" + name);
        field.setMin(min);
        field.setMax(max);
        field.setHelperText(min + "–" + max);
        return field;
    }

    private static NumberField unit(String name, String label) {
        NumberField field = new NumberField(label);
        field.setId("setting-" + name);
        field.setMin(0);
        field.setMax(1);
        field.setStep(0.01);
        field.setHelperText("0–1");
        return field;
    }

    private static int component(ResilienceSettings settings, RecordComponent c) {
        try {
            return (int) c.getAccessor().invoke(settings);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code failureRatePercent} → {@code Failure rate percent}. */
    static String words(String camel) {
        String spaced = camel.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
        return Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }
}
