package io.corrigo.ui.connector;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.progressbar.ProgressBar;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import io.corrigo.server.connector.ConnectorSync;
import io.corrigo.server.connector.ConnectorView;
import io.corrigo.server.connector.Connectors;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.Polling;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Connectors: the sources a tenant's knowledge is kept in step with (a website, a server folder), each with its
 * schedule, its last sync (when, how it ended, what it listed, fetched, indexed, left alone, removed, and what failed),
 * a progress bar while it syncs, and "Sync now".
 */
@Menu(title = "Connectors", order = 42, icon = "vaadin:connect")
@Route("connectors")
@PageTitle("Connectors · Corrigo")
@PermitAll
public class ConnectorsView extends TenantScopedView {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());
    private static final int POLL_MILLIS = 800;

    private final Connectors connectors;
    private final ConnectorSync sync;
    private final Grid<ConnectorView> grid = new Grid<>();
    private final Div empty = new Div();
    private final Polling polling = new Polling(POLL_MILLIS);

    public ConnectorsView(TenantSelection selection, Connectors connectors, ConnectorSync sync) {
        super(selection, t("Connectors"));
        this.connectors = connectors;
        this.sync = sync;
        addDetachListener(e -> polling.stop(e.getUI()));
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        grid.setId("connectors");
        grid.addColumn(ConnectorView::name).setHeader(t("Connector")).setAutoWidth(true);
        grid.addColumn(c -> c.factoryId() + " · " + source(c)).setHeader(t("Source")).setFlexGrow(2)
                .setTooltipGenerator(ConnectorsView::source);
        grid.addColumn(c -> c.schedule() == null ? t("on demand")
                : c.nextSyncAt() == null ? c.schedule() : t("{0} (next {1})", c.schedule(), WHEN.format(c.nextSyncAt())))
                .setHeader(t("Schedule")).setAutoWidth(true);
        grid.addComponentColumn(this::status).setHeader(t("Last sync")).setFlexGrow(2);
        grid.addColumn(c -> c.knowledgeBase() + " · " + (c.groups().isEmpty() ? t("everyone") : String.join(", ", c.groups()))
                        + (c.collections().isEmpty() ? "" : " · " + t("collections {0}", String.join(", ", c.collections()))))
                .setHeader(t("Knowledge base · readers · collections")).setAutoWidth(true);
        grid.addComponentColumn(c -> actions(tenantId, c)).setHeader(t("Actions")).setAutoWidth(true).setFlexGrow(0);
        grid.addThemeVariants(GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setAllRowsVisible(true);
        empty.add(EmptyState.of(t("No connectors yet"), t("Add one below: a website to crawl or a server folder to read. Corrigo then keeps the knowledge base in step with it, on a schedule or when you press Sync now.")));
        add(grid, empty, newConnector(tenantId));
        refresh(tenantId);
    }

    private static String source(ConnectorView c) {
        return c.properties().getOrDefault("startUrl", c.properties().getOrDefault("path", String.join(", ",
                c.properties().values())));
    }

    /** The last sync in words, or a progress bar while one runs. */
    private VerticalLayout status(ConnectorView c) {
        VerticalLayout cell = new VerticalLayout();
        cell.setPadding(false);
        cell.setSpacing(false);
        ConnectorView.Counts n = c.lastSync();
        if ("RUNNING".equals(c.state())) {
            ProgressBar bar = new ProgressBar(0, 1, n.progress());
            bar.setIndeterminate(n.total() == 0);
            bar.setId("progress-" + c.name());
            bar.getElement().setAttribute("aria-label", t("Sync of {0}", c.name()));
            cell.add(Badges.of("RUNNING"), bar, new Span(n.total() == 0 ? t("listing the source…")
                    : t("{0} of {1} changed items", n.done(), n.total())));
            return cell;
        }
        if (c.lastFinishedAt() == null) {
            cell.add(new Span(t("never synced")));
            return cell;
        }
        // every item found is accounted for: indexed, unchanged, failed, or left out (listed twice, nothing to read)
        int leftOut = Math.max(0, n.listed() - n.indexed() - n.unchanged() - n.failed());
        Span counts = new Span(t("{0} found: {1} indexed (new or changed), {2} unchanged{3}{4} · {5} removed (gone from the source)",
                n.listed(), n.indexed(), n.unchanged(), (n.failed() > 0 ? t(", {0} failed", n.failed()) : ""),
                (leftOut > 0 ? t(", {0} left out (listed twice or nothing to read)", leftOut) : ""), n.removed()));
        counts.setId("counts-" + c.name());
        counts.getElement().setAttribute("title", t("{0} fetched: downloaded because their version changed; those whose content had not changed count as unchanged.", n.fetched()));
        HorizontalLayout when = new HorizontalLayout(Badges.of(c.lastOutcome()), new Span(WHEN.format(c.lastFinishedAt())));
        when.setAlignItems(FlexComponent.Alignment.CENTER);
        cell.add(when, counts);
        if (c.lastError() != null) {
            Span error = new Span(c.lastError());
            error.setId("error-" + c.name());
            error.getStyle().set("color", "var(--lumo-error-text-color)").set("font-size", "var(--lumo-font-size-s)");
            cell.add(error);
        }
        return cell;
    }

    private HorizontalLayout actions(String tenantId, ConnectorView c) {
        Button now = new Button(t("Sync now"), e -> Toasts.attempt(() -> {
            sync.start(tenantId, c.id());
            Toasts.success(t("Syncing '{0}'.", c.name()));
            refresh(tenantId);
        }));
        now.setId("sync-" + c.name());
        now.setEnabled(!"RUNNING".equals(c.state()));
        now.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_PRIMARY);
        Button edit = new Button(t("Edit…"), e -> edit(tenantId, c));
        edit.setId("edit-" + c.name());
        edit.setEnabled(!"RUNNING".equals(c.state()));
        edit.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
        Button delete = new Button(t("Delete"), e -> {
            ConfirmDialog dialog = new ConfirmDialog(t("Delete the connector {0}?", c.name()),
                    t("It stops syncing; the documents it brought in stay in the knowledge base."), t("Delete"), ok ->
                    Toasts.attempt(() -> {
                        connectors.delete(tenantId, c.id());
                        Toasts.success(t("Deleted the connector '{0}'.", c.name()));
                        refresh(tenantId);
                    }));
            dialog.setConfirmButtonTheme("error primary");
            dialog.setCancelable(true);
            dialog.open();
        });
        delete.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_TERTIARY);
        HorizontalLayout actions = new HorizontalLayout(now, edit, delete);
        actions.setSpacing(false);
        return actions;
    }

    /** The form that adds a connector: its kind, then the kind's own settings, its schedule, readers and collections. */
    private Details newConnector(String tenantId) {
        ConnectorForm form = new ConnectorForm("connector-", connectors.factories(), null);
        Button create = new Button(t("Add connector"), e -> Toasts.attempt(() -> {
            ConnectorView created = connectors.create(tenantId, form.definition(null));
            Toasts.success(t("Added '{0}'; press Sync now to fill the knowledge base.", created.name()));
            form.clearName();
            refresh(tenantId);
        }));
        create.setId("create-connector");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        VerticalLayout body = new VerticalLayout(form, create);
        body.setPadding(false);
        Details details = new Details(new H3(t("Add a connector")), body);
        details.setId("new-connector");
        details.setOpened(true);
        return details;
    }

    /** A connector's settings edited in a dialog: saved as they are, used from its next sync. */
    private void edit(String tenantId, ConnectorView c) {
        Dialog dialog = new Dialog();
        dialog.setHeaderTitle(t("Edit the connector {0}", c.name()));
        dialog.setId("edit-connector");
        dialog.setWidth("min(52rem, 95vw)");
        ConnectorForm form = new ConnectorForm("edit-connector-", connectors.factories(), c);
        dialog.add(form);
        Button save = new Button(t("Save"), e -> Toasts.attempt(() -> {
            ConnectorView saved = connectors.update(tenantId, c.id(), form.definition(c.knowledgeBase()));
            Toasts.success(t("Saved the connector '{0}': its next sync uses these settings.", saved.name()));
            dialog.close();
            refresh(tenantId);
        }));
        save.setId("save-connector");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        dialog.getFooter().add(new Button(t("Cancel"), e -> dialog.close()), save);
        dialog.open();
    }

    private void refresh(String tenantId) {
        List<ConnectorView> all = connectors.list(tenantId);
        grid.setItems(all);
        grid.setVisible(!all.isEmpty());
        empty.setVisible(all.isEmpty());
        polling.keep(all.stream().anyMatch(c -> "RUNNING".equals(c.state())), () -> refresh(tenantId));
    }
}
