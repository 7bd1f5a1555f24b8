package io.corrigo.ui.audit;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.renderer.ComponentRenderer;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.StreamResource;
import io.corrigo.server.audit.AuditEvent;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.audit.AuditQuery;
import io.corrigo.server.audit.AuditReach;
import io.corrigo.ui.shell.Badges;
import jakarta.annotation.security.PermitAll;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The audit log: who changed what, when and from where, filtered by user, kind of change, tenant and dates; a row opens
 * to the state before and after (secrets masked); the filtered log downloads as CSV or JSON Lines. A tenant admin sees
 * the entries of their tenants only.
 */
@Menu(title = "Audit log", order = 102, icon = "vaadin:clipboard-text")
@Route("audit")
@PageTitle("Audit log · Corrigo")
@PermitAll
public class AuditView extends VerticalLayout {

    /** The kinds of change, as the action filter offers them. */
    static final List<String> KINDS = List.of("tenant", "pipeline", "key", "user", "token", "plugin", "settings",
            "document", "sign-in", "sign-in.failed");
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private final AuditLog audit;
    private final AuditReach reach;
    private final Grid<AuditEvent> grid = new Grid<>();
    private final TextField actor = new TextField("User");
    private final Select<String> action = new Select<>();
    private final TextField tenant = new TextField("Tenant");
    private final DatePicker from = new DatePicker("From");
    private final DatePicker to = new DatePicker("To (inclusive)");
    private final Span total = new Span();
    private final Anchor csv = new Anchor();
    private final Anchor jsonl = new Anchor();

    public AuditView(AuditLog audit, AuditReach reach) {
        this.audit = audit;
        this.reach = reach;
        H2 title = new H2("Audit log");
        title.getStyle().set("margin-top", "0");
        Paragraph help = new Paragraph("Every admin change and sign-in, newest first. Open a row for the state before "
                + "and after (secrets masked). Entries are kept " + audit.retention().toDays()
                + " days (corrigo.audit.retention-days).");
        actor.setId("audit-actor");
        actor.setValueChangeMode(ValueChangeMode.LAZY);
        action.setId("audit-action");
        action.setLabel("Kind of change");
        action.setItems(KINDS);
        action.setEmptySelectionAllowed(true);
        action.setEmptySelectionCaption("all");
        tenant.setId("audit-tenant");
        tenant.setValueChangeMode(ValueChangeMode.LAZY);
        from.setId("audit-from");
        to.setId("audit-to");
        List.of(actor, tenant).forEach(f -> f.addValueChangeListener(e -> refresh()));
        action.addValueChangeListener(e -> refresh());
        from.addValueChangeListener(e -> refresh());
        to.addValueChangeListener(e -> refresh());
        total.setId("audit-total");
        csv.setText("Download CSV");
        csv.setId("audit-export-csv");
        jsonl.setText("Download JSON Lines");
        jsonl.setId("audit-export-jsonl");
        for (Anchor a : List.of(csv, jsonl)) {
            a.getElement().setAttribute("download", true);
        }
        Button clear = new Button("Clear filters", VaadinIcon.CLOSE_SMALL.create(), e -> {
            actor.clear();
            action.clear();
            tenant.clear();
            from.clear();
            to.clear();
        });
        HorizontalLayout filters = new HorizontalLayout(actor, action, tenant, from, to, clear);
        filters.setAlignItems(FlexComponent.Alignment.BASELINE);
        filters.getStyle().set("flex-wrap", "wrap");
        HorizontalLayout summary = new HorizontalLayout(total, csv, jsonl);
        summary.setAlignItems(FlexComponent.Alignment.BASELINE);

        grid.setId("audit-grid");
        grid.addColumn(e -> WHEN.format(e.at())).setHeader("When").setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(e -> e.actor() + (e.via() == null ? "" : " (" + e.via() + ")")).setHeader("Who").setAutoWidth(true);
        grid.addComponentColumn(e -> Badges.of(e.action())).setHeader("Change").setAutoWidth(true);
        grid.addColumn(e -> e.tenant() == null ? "—" : e.tenant()).setHeader("Tenant").setAutoWidth(true);
        grid.addColumn(e -> e.target() == null ? "" : e.target()).setHeader("What").setFlexGrow(1);
        grid.addColumn(e -> e.address() == null ? "" : e.address()).setHeader("From").setAutoWidth(true);
        grid.setItemDetailsRenderer(new ComponentRenderer<>(AuditView::details));
        grid.setDetailsVisibleOnClick(true);
        grid.setHeight("60vh");
        add(title, help, filters, summary, grid);
        refresh();
    }

    private static Div details(AuditEvent e) {
        Div box = new Div();
        box.setId("audit-details-" + e.id());
        box.add(new Span("Outcome: " + e.outcome()));
        box.add(state("Before", e.before()), state("After", e.after()));
        return box;
    }

    private static Div state(String label, String json) {
        Pre text = new Pre(json == null ? "(none)" : json);
        text.getStyle().set("white-space", "pre-wrap").set("word-break", "break-all").set("margin", "0")
                .set("font-size", "var(--lumo-font-size-xs)");
        return new Div(new Span(label), text);
    }

    private AuditQuery query() {
        return new AuditQuery(blank(actor.getValue()), action.getValue(), blank(tenant.getValue()),
                from.getValue() == null ? null : from.getValue().atStartOfDay(ZoneOffset.UTC).toInstant(),
                to.getValue() == null ? null : to.getValue().plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
    }

    private void refresh() {
        AuditQuery query = query();
        grid.setItems(q -> audit.list(query, reach, q.getPage(), q.getPageSize()).stream());
        total.setText(audit.count(query, reach) + " entries");
        // the download is written in another request: the reach is decided now, for the admin of this session
        Optional<Set<String>> tenantsOnly = reach.tenantsOnly();
        AuditReach fixed = () -> tenantsOnly;
        String day = LocalDate.now(ZoneOffset.UTC).toString();
        csv.setHref(new StreamResource("audit-" + day + ".csv", () -> export(query, fixed, AuditLog.Format.CSV)));
        jsonl.setHref(new StreamResource("audit-" + day + ".jsonl", () -> export(query, fixed, AuditLog.Format.JSONL)));
    }

    private java.io.InputStream export(AuditQuery query, AuditReach fixed, AuditLog.Format format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        audit.export(query, fixed, format, new OutputStreamWriter(out, StandardCharsets.UTF_8));
        return new java.io.ByteArrayInputStream(out.toByteArray());
    }

    private static String blank(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
