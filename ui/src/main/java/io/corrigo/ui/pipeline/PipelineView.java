package io.corrigo.ui.pipeline;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.html.UnorderedList;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.component.upload.receivers.MemoryBuffer;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeLeaveEvent;
import com.vaadin.flow.router.BeforeLeaveObserver;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.StreamResource;
import io.corrigo.api.config.ConfigProblem;
import io.corrigo.server.pipeline.ActivePipeline;
import io.corrigo.server.pipeline.ConnectionTests;
import io.corrigo.server.pipeline.PipelineDefinition;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.ui.playground.PlaygroundView;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.Confirm;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The pipeline's versions and its editor. Saving creates a draft that queries do not use; a draft is tried in the
 * playground beside the active version, then published (with a confirmation listing what changes); an earlier release
 * can be published again (a rollback). Unsaved edits are guarded: leaving asks first. Versions are exported and
 * imported as YAML or JSON without secrets.
 */
@Menu(title = "Pipeline", order = 20, icon = "vaadin:cog")
@Route("pipeline")
@PageTitle("Pipeline · Corrigo")
@PermitAll
public class PipelineView extends TenantScopedView implements BeforeLeaveObserver {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    private final PipelineService pipelines;
    private final PipelineRuntimes runtimes;
    private final PluginHost plugins;
    private final ConnectionTests connections;
    private final io.corrigo.server.eval.GoldenSets golden;
    private boolean dirty;
    private Span saveState;

    public PipelineView(TenantSelection selection, PipelineService pipelines, PipelineRuntimes runtimes, PluginHost plugins,
                        ConnectionTests connections, io.corrigo.server.eval.GoldenSets golden) {
        super(selection, t("Pipeline"));
        this.golden = golden;
        this.pipelines = pipelines;
        this.runtimes = runtimes;
        this.plugins = plugins;
        this.connections = connections;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        markDirty(false);
        List<PipelineService.VersionSummary> versions;
        ActivePipeline active;
        ActivePipeline editing;
        try {
            versions = pipelines.versions(tenantId);
            active = pipelines.active(tenantId);
            Optional<Integer> asked = event.getLocation().getQueryParameters().getSingleParameter("version")
                    .flatMap(PipelineView::number);
            editing = asked.isPresent() ? pipelines.version(tenantId, asked.get()) : active;
        } catch (ServiceException e) {
            add(new Paragraph(Toasts.describe(e)));
            return;
        }
        PipelineService.VersionSummary activeSummary = versions.stream()
                .filter(v -> v.state() == PipelineService.VersionState.ACTIVE).findFirst().orElse(null);
        Paragraph status = new Paragraph(t("Queries run on version {0}{1}. {2}", active.version(), (activeSummary == null || activeSummary.publishedAt() == null ? ""
                : t(", published {0} by {1}", WHEN.format(activeSummary.publishedAt()), activeSummary.author())), (editing.version() == active.version() ? t("Saving creates a draft: queries keep this version until you publish the draft.")
                : t("You are editing version {0} ({1}); saving creates a new draft from it.", editing.version(), state(versions, editing.version())))));
        status.setId("pipeline-version");
        status.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin", "0");
        if (editing.version() != active.version()) {
            int version = editing.version();
            Button publish = new Button(state(versions, version).equals(t("a draft")) ? t("Publish version {0}…", version)
                    : version < active.version() ? t("Roll back to version {0}…", version)
                    : t("Publish version {0} again…", version), e -> Toasts.attempt(() ->
                    confirmPublish(tenantId, version, active.version())));
            publish.setId("publish-editing");
            publish.addThemeVariants(ButtonVariant.LUMO_PRIMARY, ButtonVariant.LUMO_SMALL);
            Button compare = new Button(t("Try beside the active version"), e -> getUI().ifPresent(ui ->
                    ui.navigate(PlaygroundView.class, QueryParameters.simple(Map.of("tenant", tenantId,
                            "compare", Integer.toString(version))))));
            compare.setId("compare-editing");
            compare.addThemeVariants(ButtonVariant.LUMO_SMALL);
            HorizontalLayout head = new HorizontalLayout(status, compare, publish);
            head.setAlignItems(FlexComponent.Alignment.CENTER);
            head.setWidthFull();
            head.getStyle().set("flex-wrap", "wrap");
            head.expand(status);
            add(head);
        } else {
            add(status);
        }
        List<String> problems = runtimes.problems(tenantId);
        if (!problems.isEmpty()) {
            Div broken = new Div(new Span(t("This pipeline is broken: its runs degrade until the plugin is back or the stage uses another one.")));
            broken.setId("pipeline-broken");
            UnorderedList list = new UnorderedList(problems.stream().map(ListItem::new).toArray(ListItem[]::new));
            list.getStyle().set("margin", "var(--lumo-space-xs) 0 0 0");
            broken.add(list);
            broken.getStyle().set("background", "var(--lumo-error-color-10pct)").set("color", "var(--lumo-error-text-color)")
                    .set("border-radius", "var(--lumo-border-radius-m)").set("padding", "var(--lumo-space-s) var(--lumo-space-m)")
                    .set("box-sizing", "border-box").set("width", "100%");
            add(broken);
        }
        add(versionsPanel(tenantId, versions, active.version(), editing.version()));

        PipelineForm form = new PipelineForm(choices(), editing.definition(), new PipelineForm.StageTester() {
            @Override
            public boolean callsOut(StageKind<?> kind, String factoryId) {
                return connections.callsOut(kind, factoryId);
            }

            @Override
            public ConnectionTests.Result test(StageKind<?> kind, io.corrigo.server.pipeline.StageConfig config) {
                ConnectionTests.Result result = connections.test(tenantId, kind.stage(), config);
                if (result.ok()) {
                    passedTests().add(testKey(tenantId, kind.stage(), config));
                }
                return result;
            }
        });
        form.onChange(() -> markDirty(true));
        add(form, saveBar(tenantId, form, active.version()));
    }

    /** The bar under the form that stays in view while the form scrolls: what is unsaved, and the actions. */
    private Component saveBar(String tenantId, PipelineForm form, int activeVersion) {
        saveState = new Span(t("No unsaved changes"));
        saveState.setId("save-state");
        saveState.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin-right", "auto");
        TextField note = new TextField();
        note.setId("version-note");
        note.setPlaceholder(t("Note for this version (optional)"));
        note.setAriaLabel(t("Note for this version"));
        note.setMaxLength(500);
        note.setWidth("min(22rem, 100%)");
        Button save = new Button(t("Save draft"), e -> save(tenantId, form, activeVersion, note.getValue()));
        save.setId("save-pipeline");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Button discard = new Button(t("Discard changes"), e -> {
            markDirty(false);
            reload(tenantId, null);
        });
        discard.setId("discard-pipeline");
        discard.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        HorizontalLayout bar = new HorizontalLayout(saveState, discard, note, save);
        bar.setId("save-bar");
        bar.setWidthFull();
        bar.setAlignItems(FlexComponent.Alignment.CENTER);
        bar.getStyle().set("position", "sticky").set("bottom", "0").set("z-index", "2")
                .set("background", "var(--lumo-base-color)").set("border-top", "1px solid var(--lumo-contrast-10pct)")
                .set("padding", "var(--lumo-space-s) 0").set("box-sizing", "border-box").set("flex-wrap", "wrap");
        return bar;
    }

    private void save(String tenantId, PipelineForm form, int activeVersion, String note) {
        Optional<PipelineDefinition> definition = form.read();
        if (definition.isEmpty()) {
            Toasts.error(t("Not saved: {0} setting(s) need attention (listed above the form).", form.problems().size()));
            return;
        }
        try {
            ActivePipeline draft = pipelines.saveDraft(tenantId, definition.get(), note);
            markDirty(false);
            Toasts.success(t("Saved draft version {0}. Queries still use version {1}: try the draft in the playground, then publish it.", draft.version(), activeVersion));
            reload(tenantId, draft.version());
        } catch (ServiceException e) {
            List<ConfigProblem> unmatched = form.showProblems(e.details().stream().map(ConfigProblem::parse).toList());
            Toasts.error(t("Not saved: {0}{1}", e.getMessage(), (unmatched.isEmpty() ? ""
                    : " " + String.join("; ", unmatched.stream().map(form::describe).toList()))));
        } catch (RuntimeException e) {
            Toasts.error(e);
        }
    }

    /** Versions, newest first: state, who saved it and when, and what can be done with it. */
    private Component versionsPanel(String tenantId, List<PipelineService.VersionSummary> versions, int activeVersion,
                                    int editingVersion) {
        Grid<PipelineService.VersionSummary> grid = new Grid<>();
        grid.setId("versions-grid");
        grid.addColumn(v -> "v" + v.version()).setHeader(t("Version")).setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(v -> Badges.of(v.state().name().toLowerCase(Locale.ROOT))).setHeader(t("State"))
                .setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(v -> WHEN.format(v.createdAt())).setHeader(t("Saved")).setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(PipelineService.VersionSummary::author).setHeader(t("By")).setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(v -> v.note() == null ? "" : v.note()).setHeader(t("Note")).setFlexGrow(1);
        grid.addComponentColumn(v -> actions(tenantId, v, activeVersion, editingVersion)).setHeader(t("Actions")).setAutoWidth(true)
                .setFlexGrow(0);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setItems(versions);
        if (versions.size() <= 6) {
            grid.setAllRowsVisible(true);
        } else {
            grid.setHeight("17rem");
        }
        Details details = new Details(t("Versions ({0}): drafts, releases, rollback", versions.size()), grid,
                importExport(tenantId, activeVersion));
        details.setId("versions");
        details.setOpened(true);
        details.setWidthFull();
        return details;
    }

    private HorizontalLayout actions(String tenantId, PipelineService.VersionSummary v, int activeVersion,
                                     int editingVersion) {
        HorizontalLayout actions = new HorizontalLayout();
        actions.setSpacing(false);
        if (v.version() == editingVersion) {
            Span editing = new Span(t("in the form below"));
            editing.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)")
                    .set("padding", "0 var(--lumo-space-s)");
            actions.add(editing);
        } else {
            actions.add(small(t("Edit"), "edit-v" + v.version(), () -> reload(tenantId, v.version())));
        }
        if (v.version() != activeVersion) {
            actions.add(small(t("Changes"), "diff-v" + v.version(), () -> showDiff(tenantId, v.version(), activeVersion)));
            actions.add(small(t("Try in playground"), "try-v" + v.version(), () -> getUI().ifPresent(ui ->
                    ui.navigate(PlaygroundView.class, QueryParameters.simple(Map.of("tenant", tenantId,
                            "compare", Integer.toString(v.version())))))));
            // a release older than the active version is a rollback; a newer one (after a rollback) is published again
            Button publish = small(v.state() == PipelineService.VersionState.DRAFT ? t("Publish…")
                            : v.version() < activeVersion ? t("Roll back to this…") : t("Publish again…"),
                    "publish-v" + v.version(), () -> confirmPublish(tenantId, v.version(), activeVersion));
            publish.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
            actions.add(publish);
        }
        return actions;
    }

    private static Button small(String label, String id, Runnable action) {
        Button button = new Button(label, e -> Toasts.attempt(action));
        button.setId(id);
        button.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        return button;
    }

    /** The connection tests passed in this session, by tenant, stage and settings: what publishing need not ask about. */
    @SuppressWarnings("unchecked")
    private static java.util.Set<String> passedTests() {
        com.vaadin.flow.server.VaadinSession session = com.vaadin.flow.server.VaadinSession.getCurrent();
        Object set = session.getAttribute("corrigo.passed-connection-tests");
        if (set == null) {
            set = java.util.concurrent.ConcurrentHashMap.newKeySet();
            session.setAttribute("corrigo.passed-connection-tests", set);
        }
        return (java.util.Set<String>) set;
    }

    private static String testKey(String tenantId, String stage, io.corrigo.server.pipeline.StageConfig config) {
        // secrets are left out: a stored key is masked, the typed one is not, and either way the address decides
        java.util.Map<String, String> settings = new java.util.TreeMap<>();
        config.properties().forEach((name, value) -> {
            if (!name.toLowerCase(java.util.Locale.ROOT).matches(".*(key|secret|token|password).*")) {
                settings.put(name, value);
            }
        });
        return tenantId + "|" + stage + "|" + config.factoryId() + "|" + settings;
    }

    /**
     * The stages of {@code version} that call out to a model or service and have not passed a connection test in this
     * session with these settings: publishing them untested is asked about first.
     */
    private List<String> untested(String tenantId, int version) {
        PipelineDefinition definition = pipelines.version(tenantId, version).definition();
        List<String> found = new java.util.ArrayList<>();
        definition.stages().forEach((stage, config) -> StageKind.of(stage).ifPresent(kind -> {
            if (connections.callsOut(kind, config.factoryId()) && !passedTests().contains(testKey(tenantId, stage, config))) {
                found.add(stage + " (" + config.factoryId() + ")");
            }
        }));
        return found;
    }

    /** Asks before {@code version} goes live, listing what changes against the active version. */
    private void confirmPublish(String tenantId, int version, int activeVersion) {
        List<PipelineService.Change> changes = pipelines.diff(tenantId, activeVersion, version);
        List<String> untested = untested(tenantId, version);
        boolean rollback = version < activeVersion && pipelines.versions(tenantId).stream().anyMatch(v -> v.version() == version
                && v.state() == PipelineService.VersionState.RELEASED);
        Div impact = new Div(new Paragraph(t("Every query of tenant {0} uses version {1} from its next run, on every host. {2}", tenantId, version, (changes.isEmpty() ? t("It has the same settings as version {0}.", activeVersion) : t("{0} change(s) against version {1}:", changes.size(), activeVersion)))),
                changeList(changes, 10));
        if (!untested.isEmpty()) {
            Paragraph warning = new Paragraph(t("Not tested: {0} call out to a model or service, and no connection test passed for these settings. Queries that need them will degrade if the address or key is wrong. Use Test connection in the form first, or publish anyway.", String.join(", ", untested)));
            warning.setId("publish-untested");
            warning.getStyle().set("color", "var(--lumo-error-text-color)").set("font-weight", "600");
            impact.add(warning);
        }
        Confirm.risky(rollback ? t("Roll back to version {0}?", version) : t("Publish version {0}?", version), impact,
                rollback ? t("Roll back") : t("Publish"), () -> checkThenPublish(tenantId, version, activeVersion));
    }

    /**
     * With golden sets, checks {@code version} against them in the background first, a progress bar showing how far,
     * then publishes it or shows what it makes worse; without, publishes at once.
     */
    private void checkThenPublish(String tenantId, int version, int activeVersion) {
        if (golden.list(tenantId).isEmpty()) {
            publish(tenantId, version, activeVersion, null);
            return;
        }
        io.corrigo.server.eval.GoldenSets.GateJob started = golden.start(tenantId, version);
        com.vaadin.flow.component.dialog.Dialog dialog = new com.vaadin.flow.component.dialog.Dialog();
        dialog.setId("publish-gate");
        dialog.setHeaderTitle(t("Checking version {0} against the golden sets", version));
        dialog.setWidth("min(32rem, 92vw)");
        // not modal: a modal dialog makes the server ignore the UI's poll events, and its progress would never move
        dialog.setModal(false);
        com.vaadin.flow.component.progressbar.ProgressBar bar = new com.vaadin.flow.component.progressbar.ProgressBar();
        bar.setIndeterminate(true);
        bar.getElement().setAttribute("aria-label", t("Golden-set check"));
        Paragraph status = new Paragraph(t("Answering the golden questions with this version and the active one…"));
        status.setId("publish-gate-status");
        dialog.add(status, bar);
        io.corrigo.ui.shell.Polling polling = new io.corrigo.ui.shell.Polling(500);
        dialog.addDetachListener(e -> polling.stop(e.getUI()));
        dialog.open();
        polling.keep(true, () -> {
            io.corrigo.server.eval.GoldenSets.GateJob job = golden.job(tenantId, started.id());
            if (job.total() > 0) {
                bar.setIndeterminate(false);
                bar.setValue((double) job.done() / job.total());
                status.setText(t("{0} of {1} answers", job.done(), job.total()));
            }
            if (job.state().equals("RUNNING")) {
                return;
            }
            polling.keep(false, () -> { });
            dialog.close();
            if (job.state().equals("FAILED")) {
                Toasts.error(t("The golden-set check failed: {0}", job.error()));
            } else {
                publish(tenantId, version, activeVersion, null); // the verdict just made is reused: held, or live
            }
        });
    }

    /**
     * Publishes {@code version}; when the golden sets hold it, shows what got worse and offers to publish anyway with a
     * reason (recorded in the audit log).
     */
    private void publish(String tenantId, int version, int activeVersion, String override) {
        try {
            ActivePipeline live = pipelines.publish(tenantId, version, override);
            Toasts.success(t("Version {0} is live: queries use it now. Version {1} stays in the list; publish it again to roll back.", live.version(), activeVersion));
            reload(tenantId, null);
        } catch (io.corrigo.server.problem.ServiceException e) {
            if (!e.is(io.corrigo.server.problem.ErrorCode.PUBLISH_HELD)) {
                throw e;
            }
            com.vaadin.flow.component.dialog.Dialog dialog = new com.vaadin.flow.component.dialog.Dialog();
            dialog.setId("publish-held");
            dialog.setHeaderTitle(t("Version {0} is held by the golden sets", version));
            dialog.setWidth("min(44rem, 92vw)");
            Paragraph why = new Paragraph(e.getMessage());
            why.setId("publish-held-why");
            com.vaadin.flow.component.html.UnorderedList worse = new com.vaadin.flow.component.html.UnorderedList();
            worse.setId("publish-held-worse");
            e.details().stream().limit(20).forEach(d -> worse.add(new com.vaadin.flow.component.html.ListItem(d)));
            com.vaadin.flow.component.textfield.TextField reason = new com.vaadin.flow.component.textfield.TextField(
                    t("Why publish anyway (recorded in the audit log)"));
            reason.setId("publish-override-reason");
            reason.setWidthFull();
            Button anyway = new Button(t("Publish anyway"), click -> {
                if (reason.getValue().isBlank()) {
                    reason.setInvalid(true);
                    reason.setErrorMessage(t("A reason is required to publish over the golden sets."));
                    return;
                }
                dialog.close();
                publish(tenantId, version, activeVersion, reason.getValue());
            });
            anyway.setId("publish-override");
            anyway.addThemeVariants(com.vaadin.flow.component.button.ButtonVariant.LUMO_ERROR);
            dialog.add(why, worse, reason);
            dialog.getFooter().add(new Button(t("Keep the active version"), click -> dialog.close()), anyway);
            dialog.open();
        }
    }

    private void showDiff(String tenantId, int version, int activeVersion) {
        List<PipelineService.Change> changes = pipelines.diff(tenantId, activeVersion, version);
        com.vaadin.flow.component.dialog.Dialog dialog = new com.vaadin.flow.component.dialog.Dialog();
        dialog.setId("diff-dialog");
        dialog.setHeaderTitle(t("Version {0} against the active version {1}", version, activeVersion));
        dialog.setMaxWidth("48rem");
        dialog.add(changes.isEmpty() ? new Paragraph(t("No setting differs.")) : changeGrid(changes));
        dialog.getFooter().add(new Button(t("Close"), e -> dialog.close()));
        dialog.open();
    }

    private static Grid<PipelineService.Change> changeGrid(List<PipelineService.Change> changes) {
        Grid<PipelineService.Change> grid = new Grid<>();
        grid.setId("diff-grid");
        grid.addColumn(c -> label(c.path())).setHeader(t("Setting")).setFlexGrow(2);
        grid.addColumn(c -> c.before() == null ? t("(not set)") : c.before()).setHeader(t("Active")).setFlexGrow(1);
        grid.addColumn(c -> c.after() == null ? t("(not set)") : c.after()).setHeader(t("This version")).setFlexGrow(1);
        grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT, GridVariant.LUMO_COMPACT);
        grid.setItems(changes);
        grid.setAllRowsVisible(true);
        grid.setWidth("min(44rem, 80vw)");
        return grid;
    }

    private static Component changeList(List<PipelineService.Change> changes, int max) {
        UnorderedList list = new UnorderedList();
        changes.stream().limit(max).forEach(c -> list.add(new ListItem(label(c.path()) + ": "
                + (c.before() == null ? t("(not set)") : c.before()) + " → " + (c.after() == null ? t("(not set)") : c.after()))));
        if (changes.size() > max) {
            list.add(new ListItem(t("… and {0} more (see Changes)", (changes.size() - max))));
        }
        return list;
    }

    /** A stored setting's path as people read it: {@code stages.critic.properties.fullSupport} → "Critic · Full support". */
    static String label(String path) {
        String[] parts = path.split("\\.");
        if (parts.length >= 2 && parts[0].equals("stages")) {
            String stage = StageKind.of(parts[1]).<String>map(PipelineForm::shortLabel).orElse(PipelineForm.humanize(parts[1]));
            if (parts.length == 2) {
                return stage;
            }
            String rest = parts[parts.length - 1];
            return stage + " · " + (rest.equals("factoryId") ? "plugin" : PipelineForm.humanize(rest));
        }
        String section = switch (parts[0]) {
            case "resilience" -> t("Search resilience · ");
            case "models" -> t("Model resilience · ");
            default -> path.contains("selfRag") ? t("Self-RAG · ") : "";
        };
        return section + PipelineForm.humanize(parts[parts.length - 1]);
    }

    /** Export (YAML, JSON) of the active version and import of a file as a new draft. */
    private Component importExport(String tenantId, int activeVersion) {
        Anchor yaml = download(tenantId, activeVersion, PipelineService.Format.YAML);
        Anchor json = download(tenantId, activeVersion, PipelineService.Format.JSON);
        MemoryBuffer buffer = new MemoryBuffer();
        Upload upload = io.corrigo.ui.shell.ComponentTexts.upload(new Upload(buffer));
        upload.setId("pipeline-import");
        upload.setAcceptedFileTypes(".yaml", ".yml", ".json");
        upload.setMaxFileSize(256 * 1024);
        upload.setDropLabel(new Span(t("Import a pipeline (.yaml or .json): it becomes a draft")));
        upload.addSucceededListener(e -> {
            try (InputStream in = buffer.getInputStream()) {
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                String name = e.getFileName().toLowerCase(Locale.ROOT);
                ActivePipeline draft = pipelines.importDraft(tenantId, text,
                        name.endsWith(".json") ? PipelineService.Format.JSON : PipelineService.Format.YAML);
                Toasts.success(t("Imported {0} as draft version {1}. Secrets it left out keep their stored values.", e.getFileName(), draft.version()));
                reload(tenantId, draft.version());
            } catch (IOException | RuntimeException ex) {
                Toasts.error(ex instanceof RuntimeException r ? Toasts.describe(r) : ex.getMessage());
            }
            upload.clearFileList();
        });
        Span note = new Span(t("Exports leave secrets (API keys) out."));
        note.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        HorizontalLayout links = new HorizontalLayout(new Span(t("Export the active version:")), yaml, json, note);
        links.setAlignItems(FlexComponent.Alignment.BASELINE);
        links.getStyle().set("flex-wrap", "wrap");
        Div box = new Div(links, upload);
        box.setWidthFull();
        return box;
    }

    private Anchor download(String tenantId, int version, PipelineService.Format format) {
        String extension = format.name().toLowerCase(Locale.ROOT);
        Anchor anchor = new Anchor(new StreamResource(tenantId + "-pipeline-v" + version + "." + extension,
                () -> new ByteArrayInputStream(pipelines.export(tenantId, version, format).getBytes(StandardCharsets.UTF_8))),
                extension.toUpperCase(Locale.ROOT));
        anchor.getElement().setAttribute("download", true);
        anchor.setId("export-" + extension);
        return anchor;
    }

    private static String state(List<PipelineService.VersionSummary> versions, int version) {
        return versions.stream().filter(v -> v.version() == version).findFirst()
                .map(v -> switch (v.state()) {
                    case ACTIVE -> t("active");
                    case DRAFT -> t("a draft");
                    case RELEASED -> t("an earlier release");
                }).orElse("?");
    }

    private static Optional<Integer> number(String text) {
        try {
            return Optional.of(Integer.parseInt(text.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Shows the view again for the tenant, editing {@code version} ({@code null}: the active one). */
    private void reload(String tenantId, Integer version) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("tenant", tenantId);
        if (version != null) {
            query.put("version", Integer.toString(version));
        }
        getUI().ifPresent(ui -> ui.navigate(PipelineView.class, QueryParameters.simple(query)));
    }

    private void markDirty(boolean value) {
        dirty = value;
        if (saveState != null) {
            saveState.setText(value ? t("Unsaved changes") : t("No unsaved changes"));
            saveState.getStyle().set("color", value ? "var(--lumo-warning-text-color, var(--lumo-error-text-color))"
                    : "var(--lumo-secondary-text-color)").set("font-weight", value ? "600" : "normal");
            saveState.getElement().setAttribute("data-dirty", Boolean.toString(value));
        }
        // a reload or a closed tab asks too: the browser's own prompt, while there is something to lose
        UI ui = UI.getCurrent();
        if (ui != null) {
            ui.getPage().executeJs("window.corrigoUnsaved = $0;"
                    + "if (!window.corrigoUnsavedGuard) { window.corrigoUnsavedGuard = true;"
                    + " window.addEventListener('beforeunload', e => { if (window.corrigoUnsaved) { e.preventDefault(); e.returnValue = ''; } }); }",
                    value);
        }
    }

    /** Navigating away with unsaved edits asks first: stay, or discard them and go. */
    @Override
    public void beforeLeave(BeforeLeaveEvent event) {
        if (!dirty) {
            return;
        }
        BeforeLeaveEvent.ContinueNavigationAction action = event.postpone();
        Confirm.risky(t("Leave without saving?"), t("Your changes to the pipeline are not saved. Leaving discards them; Cancel to stay and save them as a draft."), t("Discard and leave"), () -> {
                    markDirty(false);
                    action.proceed();
                }, action::cancel);
    }

    private Map<StageKind<?>, List<FactoryChoice>> choices() {
        Map<StageKind<?>, List<FactoryChoice>> choices = new LinkedHashMap<>();
        for (StageKind<?> kind : StageKind.values()) {
            choices.put(kind, plugins.factories(kind).stream().map(h -> new FactoryChoice(h.factory().id(),
                    h.factory().description(), h.pluginId() + " " + h.pluginVersion(), h.factory().configProperties())).toList());
        }
        return choices;
    }
}
