package io.corrigo.ui.outbound;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.outbound.OutboundAllowList;
import io.corrigo.ui.shell.Confirm;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.RolesAllowed;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Where plugin settings and connectors may reach beyond the public internet: the host configuration's entries
 * (read-only) and those a platform admin adds here — an intranet to crawl, a model server on the local network —
 * applied at once, without a restart, and audited.
 */
@Menu(title = "Outbound addresses", order = 103, icon = "vaadin:globe-wire")
@Route("outbound")
@PageTitle("Outbound addresses · Corrigo")
@RolesAllowed("PLATFORM_ADMIN")
public class OutboundView extends VerticalLayout {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final OutboundAllowList allowList;
    private final Grid<OutboundAllowList.Entry> grid = new Grid<>();

    public OutboundView(OutboundAllowList allowList) {
        this.allowList = allowList;
        add(new H2(t("Outbound addresses")));
        Paragraph intro = new Paragraph(t("Plugin settings and connectors may reach public addresses only: loopback, private (10.x, 192.168.x, …), link-local and similar addresses are refused, so that a setting cannot reach inside your network. Allow here what they may reach anyway, such as an intranet to crawl or a model server on your network: a host name, an IP address, host:port (the host on every port) or a CIDR range. A change applies at once on this host and within a minute on the others."));
        intro.getStyle().set("max-width", "60rem").set("margin-top", "0");
        add(intro);

        TextField entry = new TextField(t("Address"));
        entry.setId("outbound-entry");
        entry.setPlaceholder("intranet.example, 10.0.0.7:11434, 10.0.0.0/24");
        entry.setWidth("min(22rem, 100%)");
        TextField note = new TextField(t("Why (for the audit log)"));
        note.setId("outbound-note");
        note.setWidth("min(22rem, 100%)");
        Button allow = new Button(t("Allow"), e -> {
            try {
                OutboundAllowList.Entry added = allowList.add(entry.getValue(), note.getValue(), AuditLog.actor());
                entry.clear();
                note.clear();
                entry.setInvalid(false);
                refresh();
                Toasts.success(t("{0} is allowed from now on.", added.entry()));
            } catch (RuntimeException ex) {
                entry.setInvalid(true);
                entry.setErrorMessage(Toasts.describe(ex));
            }
        });
        allow.setId("outbound-allow");
        allow.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        HorizontalLayout form = new HorizontalLayout(entry, note, allow);
        form.setAlignItems(FlexComponent.Alignment.BASELINE);
        form.getStyle().set("flex-wrap", "wrap");
        add(form);

        grid.setId("outbound-grid");
        grid.addColumn(OutboundAllowList.Entry::entry).setHeader(t("Address")).setAutoWidth(true);
        grid.addColumn(e -> e.note() == null ? "" : e.note()).setHeader(t("Why")).setFlexGrow(1);
        grid.addColumn(e -> WHEN.format(e.createdAt()) + " · " + e.createdBy()).setHeader(t("Allowed")).setAutoWidth(true);
        grid.addComponentColumn(e -> {
            Button remove = new Button(t("Remove"), click -> Confirm.risky(t("Stop allowing {0}?", e.entry()),
                    t("Plugin settings and connectors that reach it are refused from then on: a pipeline or connector saved with it stops reaching it."),
                    t("Remove"), () -> Toasts.attempt(() -> {
                        allowList.remove(e.entry(), AuditLog.actor());
                        refresh();
                        Toasts.success(t("{0} is no longer allowed.", e.entry()));
                    })));
            remove.setId("outbound-remove-" + e.entry());
            remove.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_ERROR);
            return remove;
        }).setHeader(t("Actions")).setAutoWidth(true).setFlexGrow(0);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setAllRowsVisible(true);
        add(new H3(t("Allowed here")), grid);

        List<String> configured = allowList.configured();
        Paragraph fixed = new Paragraph(configured.isEmpty()
                ? t("The host configuration allows nothing more (corrigo.outbound.allow is empty).")
                : t("The host configuration also allows: {0} (corrigo.outbound.allow; a restart changes it).",
                        String.join(", ", configured)));
        fixed.setId("outbound-configured");
        fixed.getStyle().set("color", "var(--lumo-secondary-text-color)");
        add(fixed);
        refresh();
    }

    private void refresh() {
        grid.setItems(allowList.list());
    }
}
