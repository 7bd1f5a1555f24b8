package io.corrigo.ui.pipeline;

import io.corrigo.api.config.ConfigProblem;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.html.UnorderedList;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import io.corrigo.server.pipeline.ActivePipeline;
import io.corrigo.server.pipeline.PipelineDefinition;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.StageKind;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The pipeline editor: saving creates the next version, which the tenant's queries use from their next run. */
@Menu(title = "Pipeline", order = 20, icon = "vaadin:cog")
@Route("pipeline")
@PageTitle("Pipeline · Corrigo")
@PermitAll
public class PipelineView extends TenantScopedView {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    private final PipelineService pipelines;
    private final PipelineRuntimes runtimes;
    private final PluginHost plugins;

    public PipelineView(TenantSelection selection, PipelineService pipelines, PipelineRuntimes runtimes, PluginHost plugins) {
        super(selection, "Pipeline");
        this.pipelines = pipelines;
        this.runtimes = runtimes;
        this.plugins = plugins;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        ActivePipeline active;
        try {
            active = pipelines.active(tenantId);
        } catch (ServiceException e) {
            add(new Paragraph(Toasts.describe(e)));
            return;
        }
        Paragraph version = new Paragraph("Version " + active.version() + ", saved " + WHEN.format(active.createdAt())
                + ". Saving creates version " + (active.version() + 1) + "; queries switch to it at once, no restart.");
        version.setId("pipeline-version");
        version.getStyle().set("color", "var(--lumo-secondary-text-color)");
        List<String> problems = runtimes.problems(tenantId);
        if (!problems.isEmpty()) {
            Div broken = new Div(new Span("This pipeline is broken: its runs degrade until the plugin is back or the "
                    + "stage uses another one."));
            broken.setId("pipeline-broken");
            UnorderedList list = new UnorderedList(problems.stream().map(ListItem::new).toArray(ListItem[]::new));
            list.getStyle().set("margin", "var(--lumo-space-xs) 0 0 0");
            broken.add(list);
            broken.getStyle().set("background", "var(--lumo-error-color-10pct)").set("color", "var(--lumo-error-text-color)")
                    .set("border-radius", "var(--lumo-border-radius-m)").set("padding", "var(--lumo-space-s) var(--lumo-space-m)");
            add(broken);
        }
        PipelineForm form = new PipelineForm(choices(), active.definition());
        Button save = new Button("Save as new version", e -> save(tenantId, form));
        save.setId("save-pipeline");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Button discard = new Button("Discard changes", e -> getUI().ifPresent(ui -> ui.getPage().reload()));
        add(version, form, new HorizontalLayout(save, discard));
    }

    private void save(String tenantId, PipelineForm form) {
        Optional<PipelineDefinition> definition = form.read();
        if (definition.isEmpty()) {
            Toasts.error("Not saved: " + form.problems().size() + " setting(s) need attention. "
                    + String.join("; ", form.problems().stream().map(ConfigProblem::toString).toList()));
            return;
        }
        try {
            ActivePipeline saved = pipelines.save(tenantId, definition.get());
            Toasts.success("Saved version " + saved.version() + ": queries use it now.");
            getUI().ifPresent(ui -> ui.getPage().reload());
        } catch (ServiceException e) {
            List<ConfigProblem> unmatched = form.showProblems(e.details().stream().map(ConfigProblem::parse).toList());
            Toasts.error("Not saved: " + e.getMessage() + (unmatched.isEmpty() ? ""
                    : " " + String.join("; ", unmatched.stream().map(ConfigProblem::toString).toList())));
        } catch (RuntimeException e) {
            Toasts.error(e);
        }
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
