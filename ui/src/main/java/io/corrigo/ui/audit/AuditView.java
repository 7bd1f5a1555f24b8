package io.corrigo.ui.audit;

import static io.corrigo.ui.shell.Texts.t;

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
            "document", "connector", "curated", "eval", "knowledge-base", "outbound", "sign-in", "sign-in.failed");
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private final AuditLog audit;
    private final AuditReach reach;
    private final Grid<AuditEvent> grid = new Grid<>();
    private final TextField actor = new TextField(t("User"));
    private final Select<String> action = new Select<>();
    private final TextField tenant = new TextField(t("Tenant"));
    private final DatePicker from = io.corrigo.ui.shell.ComponentTexts.dates(new DatePicker(t("From")));
    private final DatePicker to = io.corrigo.ui.shell.ComponentTexts.dates(new DatePicker(t("To (inclusive)")));
    private final Span total = new Span();
    private final Anchor csv = new Anchor();
    private final Anchor jsonl = new Anchor();

    private final io.corrigo.server.access.ApiKeys keys;

    public AuditView(AuditLog audit, AuditReach reach, io.corrigo.server.access.ApiKeys keys) {
        this.keys = keys;
        this.audit = audit;
        this.reach = reach;
        H2 title = new H2(t("Audit log"));
        title.getStyle().set("margin-top", "0");
        Paragraph help = new Paragraph(t("Every admin change and sign-in, newest first. Open a row for the state before and after (secrets masked). Entries are kept {0} days (corrigo.audit.retention-days).", audit.retention().toDays()));
        actor.setId("audit-actor");
        actor.setValueChangeMode(ValueChangeMode.LAZY);
        action.setId("audit-action");
        action.setLabel(t("Kind of change"));
        action.setItems(KINDS);
        action.setItemLabelGenerator(AuditKinds::label);
        action.setEmptySelectionAllowed(true);
        action.setEmptySelectionCaption(t("all"));
        tenant.setId("audit-tenant");
        tenant.setValueChangeMode(ValueChangeMode.LAZY);
        from.setId("audit-from");
        to.setId("audit-to");
        List.of(actor, tenant).forEach(f -> f.addValueChangeListener(e -> refresh()));
        action.addValueChangeListener(e -> refresh());
        from.addValueChangeListener(e -> refresh());
        to.addValueChangeListener(e -> refresh());
        total.setId("audit-total");
        csv.setText(t("Download CSV"));
        csv.setId("audit-export-csv");
        jsonl.setText(t("Download JSON Lines"));
        jsonl.setId("audit-export-jsonl");
        for (Anchor a : List.of(csv, jsonl)) {
            a.getElement().setAttribute("download", true);
        }
        Button clear = new Button(t("Clear filters"), VaadinIcon.CLOSE_SMALL.create(), e -> {
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
        grid.addColumn(e -> WHEN.format(e.at())).setHeader(t("When")).setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(e -> e.actor() + (e.via() == null ? "" : " (" + e.via() + ")")).setHeader(t("Who")).setWidth("9rem")
                .setFlexGrow(1).setTooltipGenerator(e -> e.actor() + (e.via() == null ? "" : " (" + e.via() + ")"));
        grid.addComponentColumn(e -> {
            Span change = Badges.of(e.action());
            change.setText(AuditKinds.label(e.action()));
            change.getElement().setAttribute("title", e.action()); // as exported and filtered by the API
            change.getStyle().set("white-space", "normal");
            return change;
        }).setHeader(t("Change")).setWidth("10rem").setFlexGrow(0);
        grid.addColumn(e -> e.tenant() == null ? "—" : e.tenant()).setHeader(t("Tenant")).setWidth("8rem").setFlexGrow(0)
                .setTooltipGenerator(e -> e.tenant() == null ? "" : e.tenant());
        grid.addColumn(this::what).setHeader(t("What")).setWidth("10rem").setFlexGrow(2).setTooltipGenerator(this::what);
        grid.addColumn(e -> e.address() == null ? "" : e.address()).setHeader(t("From")).setAutoWidth(true).setFlexGrow(0);
        grid.addThemeVariants(com.vaadin.flow.component.grid.GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setItemDetailsRenderer(new ComponentRenderer<>(AuditView::details));
        grid.setDetailsVisibleOnClick(true);
        grid.setHeight("60vh");
        add(title, help, filters, summary, grid);
        refresh();
    }

    /** The change's target with its name where it has one ("marketing site (key-…)"), else as recorded. */
    private String what(AuditEvent e) {
        if (e.target() == null) {
            return "";
        }
        if (e.tenant() != null && e.target().startsWith("key-")) {
            try {
                return keys.list(e.tenant()).stream().filter(k -> k.id().equals(e.target())).findFirst()
                        .map(k -> t("key {0} ({1})", k.name(), e.target())).orElse(e.target());
            } catch (RuntimeException gone) { // the tenant was deleted since
                return e.target();
            }
        }
        return e.target();
    }

    private static Div details(AuditEvent e) {
        Div box = new Div();
        box.setId("audit-details-" + e.id());
        box.add(new Span(t("Outcome: {0}", e.outcome())));
        List<AuditDiff.Change> changes = AuditDiff.between(e.before(), e.after());
        if (!changes.isEmpty()) {
            Div diff = new Div();
            diff.addClassName("audit-diff");
            diff.getStyle().set("display", "grid").set("grid-template-columns", "minmax(8rem, max-content) 1fr 1fr")
                    .set("gap", "2px var(--lumo-space-m)").set("font-size", "var(--lumo-font-size-s)")
                    .set("margin", "var(--lumo-space-s) 0");
            for (String head : List.of(t("Field"), t("Before"), t("After"))) {
                Span h = new Span(head);
                h.getStyle().set("font-weight", "600");
                diff.add(h);
            }
            for (AuditDiff.Change change : changes) {
                Span path = new Span(change.path());
                Span before = new Span(change.before() == null ? t("(none)") : change.before());
                before.getStyle().set("color", "var(--lumo-error-text-color)").set("overflow-wrap", "anywhere");
                Span after = new Span(change.after() == null ? t("(none)") : change.after());
                after.getStyle().set("color", "var(--lumo-success-text-color)").set("overflow-wrap", "anywhere");
                diff.add(path, before, after);
            }
            box.add(diff);
        }
        com.vaadin.flow.component.details.Details raw = new com.vaadin.flow.component.details.Details(t("Recorded states"),
                state(t("Before"), AuditDiff.pretty(e.before())), state(t("After"), AuditDiff.pretty(e.after())));
        box.add(raw);
        return box;
    }

    private static Div state(String label, String json) {
        Pre text = new Pre(json == null ? t("(none)") : json);
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
        long count = audit.count(query, reach);
        total.setText(count == 1 ? t("1 entry") : t("{0} entries", count));
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
