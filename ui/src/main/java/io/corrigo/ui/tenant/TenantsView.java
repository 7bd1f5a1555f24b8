package io.corrigo.ui.tenant;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteAlias;
import io.corrigo.server.knowledge.KnowledgeBaseView;
import io.corrigo.server.knowledge.KnowledgeBases;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantView;
import io.corrigo.ui.pipeline.PipelineView;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.TenantsChanged;
import io.corrigo.ui.shell.Toasts;
import io.corrigo.ui.shell.Confirm;
import io.corrigo.server.tenant.deletion.TenantDeletion;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/** Tenants: list (those the admin may see); platform admins create, rename, disable and enable them. */
@Menu(title = "Tenants", order = 10, icon = "vaadin:building")
@Route("tenants")
@RouteAlias("")
@PageTitle("Tenants · Corrigo")
@PermitAll
public class TenantsView extends VerticalLayout {

    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final TenantService tenants;
    private final TenantSelection selection;
    private final TenantAccess access;
    private final KnowledgeBases knowledgeBases;
    private final PipelineService pipelines;
    private final Grid<TenantView> grid = new Grid<>(TenantView.class, false);
    private final VerticalLayout details = new VerticalLayout();
    private final VerticalLayout empty = new VerticalLayout();

    private final TenantDeletion deletion;

    public TenantsView(TenantService tenants, TenantSelection selection, TenantAccess access,
                       KnowledgeBases knowledgeBases, PipelineService pipelines,
                       TenantDeletion deletion) {
        this.deletion = deletion;
        this.tenants = tenants;
        this.selection = selection;
        this.access = access;
        this.knowledgeBases = knowledgeBases;
        this.pipelines = pipelines;
        setWidthFull();
        H2 title = new H2(t("Tenants"));
        title.getStyle().set("margin-top", "0");
        add(title);

        if (access.isPlatformAdmin()) {
            TextField id = new TextField(t("Id"));
            id.setId("new-tenant-id");
            id.setPlaceholder("acme");
            id.setHelperText(t("lower-case letters, digits, dashes"));
            TextField name = new TextField(t("Name"));
            name.setId("new-tenant-name");
            name.setPlaceholder(t("Acme Corporation"));
            Button create = new Button(t("Create tenant"), e -> {
                Toasts.attempt(() -> {
                    TenantView created = tenants.create(id.getValue().trim(), name.getValue());
                    Toasts.success(t("Tenant '{0}' created with the default offline pipeline.", created.id()));
                    id.clear();
                    name.clear();
                    refresh();
                    grid.select(created);
                });
            });
            create.setId("create-tenant");
            create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
            HorizontalLayout form = new HorizontalLayout(id, name, create);
            form.setAlignItems(FlexComponent.Alignment.BASELINE);
            add(form);
        }

        grid.setId("tenants-grid");
        grid.addColumn(TenantView::id).setHeader(t("Id")).setAutoWidth(true);
        grid.addColumn(TenantView::name).setHeader(t("Name")).setFlexGrow(1).setTooltipGenerator(TenantView::name);
        grid.addComponentColumn(t -> Badges.of(t.enabled() ? "enabled" : "disabled")).setHeader(t("State")).setAutoWidth(true);
        grid.addColumn(t -> WHEN.format(t.createdAt())).setHeader(t("Created")).setAutoWidth(true);
        if (access.isPlatformAdmin()) {
            grid.addComponentColumn(this::actions).setHeader(t("Actions")).setAutoWidth(true);
        }
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(com.vaadin.flow.component.grid.GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.asSingleSelect().addValueChangeListener(e -> showDetails(e.getValue()));
        add(empty, grid, details);
        refresh();
    }

    private HorizontalLayout actions(TenantView tenant) {
        Button rename = new Button(t("Rename"), e -> renameDialog(tenant));
        rename.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        Runnable flip = () -> {
            tenants.update(tenant.id(), null, !tenant.enabled());
            Toasts.success(t("Tenant '{0}' {1}", tenant.id(), (tenant.enabled() ? t("disabled: it answers no queries.")
                    : "enabled.")));
            refresh();
        };
        Button toggle = new Button(tenant.enabled() ? t("Disable") : t("Enable"), e -> Toasts.attempt(() -> {
            if (!tenant.enabled()) {
                flip.run();
                return;
            }
            Confirm.risky(t("Disable tenant {0}?", tenant.id()), t("It stops answering at once: the widget, the API and its keys are turned away until it is enabled again; nothing is deleted. It holds {0}", deletion.impact(tenant.id()).describe()), t("Disable"), flip);
        }));
        toggle.setId("tenant-toggle-" + tenant.id());
        toggle.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY,
                tenant.enabled() ? ButtonVariant.LUMO_CONTRAST : ButtonVariant.LUMO_SUCCESS);
        Button delete = new Button(t("Delete…"), e -> Toasts.attempt(() -> Confirm.typed(t("Delete tenant {0} for good?", tenant.id()), t("This removes everything it owns and cannot be undone: {0} Its pipeline versions, uploads and search index go too.", deletion.impact(tenant.id()).describe()),
                tenant.id(), t("Delete tenant"), () -> {
                    var deleted = deletion.delete(tenant.id(), tenant.id());
                    Toasts.success(t("Tenant '{0}' deleted with its {1} document(s), {2} run(s) and {3} key(s).", tenant.id(), deleted.documents(), deleted.runs(), deleted.keys()));
                    refresh();
                })));
        delete.setId("tenant-delete-" + tenant.id());
        delete.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        HorizontalLayout actions = new HorizontalLayout(rename, toggle, delete);
        actions.setSpacing(false);
        return actions;
    }

    private void renameDialog(TenantView tenant) {
        Dialog dialog = new Dialog();
        dialog.setHeaderTitle(t("Rename {0}", tenant.id()));
        TextField name = new TextField(t("Name"), tenant.name(), "");
        name.setWidthFull();
        Button save = new Button(t("Save"), e -> {
            try {
                tenants.update(tenant.id(), name.getValue(), null);
                dialog.close();
                refresh();
            } catch (RuntimeException ex) {
                name.setInvalid(true);
                name.setErrorMessage(Toasts.describe(ex));
            }
        });
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        dialog.add(name);
        dialog.getFooter().add(new Button(t("Cancel"), e -> dialog.close()), save);
        dialog.open();
    }

    private void refresh() {
        TenantsChanged.fire();
        List<TenantView> visible = selection.visible();
        grid.setItems(visible);
        grid.setVisible(!visible.isEmpty()); // the empty state says it; no empty grid under it
        empty.removeAll();
        if (visible.isEmpty()) {
            empty.add(EmptyState.of(t("No tenants yet"), access.isPlatformAdmin()
                    ? t("Create the first tenant above: it starts with the offline default pipeline; then upload its knowledge under Knowledge and ask it in the Playground.")
                    : t("No tenant is assigned to you yet; ask a platform admin.")));
        }
        details.removeAll();
    }

    private void showDetails(TenantView tenant) {
        details.removeAll();
        if (tenant == null) {
            return;
        }
        selection.remember(tenant.id());
        details.add(new H2(tenant.name()));
        try {
            List<KnowledgeBaseView> kbs = knowledgeBases.list(tenant.id());
            Grid<KnowledgeBaseView> kbGrid = new Grid<>(KnowledgeBaseView.class, false);
            kbGrid.addColumn(KnowledgeBaseView::name).setHeader(t("Knowledge base"));
            kbGrid.addColumn(KnowledgeBaseView::documents).setHeader(t("Documents"));
            kbGrid.addColumn(KnowledgeBaseView::maxChunkWords).setHeader(t("Chunk words"));
            kbGrid.addColumn(KnowledgeBaseView::overlapSentences).setHeader(t("Overlap sentences"));
            kbGrid.setItems(kbs);
            kbGrid.setAllRowsVisible(true);
            details.add(kbGrid);
            if (tenant.enabled()) {
                int version = pipelines.activeVersion(tenant.id());
                Button edit = new Button(t("Edit pipeline (version {0})", version), e -> getUI().ifPresent(ui ->
                        ui.navigate(PipelineView.class, com.vaadin.flow.router.QueryParameters.simple(Map.of("tenant", tenant.id())))));
                details.add(edit);
            } else {
                details.add(new Paragraph(t("Disabled: its pipeline answers no queries until it is enabled again.")));
            }
        } catch (RuntimeException e) {
            details.add(new Span(Toasts.describe(e)));
        }
    }
}
