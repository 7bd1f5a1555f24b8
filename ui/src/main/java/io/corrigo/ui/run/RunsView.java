package io.corrigo.ui.run;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteParameters;
import com.vaadin.flow.server.StreamResource;
import io.corrigo.server.run.RunFilter;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.run.RunPage;
import io.corrigo.server.run.RunView;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import io.corrigo.ui.trace.SvgChart;
import jakarta.annotation.security.PermitAll;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/** The run log: filters, paging, a chart of actions and latency over time, export, and each run's trace. */
@Menu(title = "Runs", order = 50, icon = "vaadin:chart")
@Route("runs")
@PageTitle("Runs · Corrigo")
@PermitAll
public class RunsView extends TenantScopedView {

    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());
    private static final String ALL = "all";

    private final RunLog runs;
    private final io.corrigo.server.access.ApiKeys keys;

    public RunsView(TenantSelection selection, RunLog runs, io.corrigo.server.access.ApiKeys keys) {
        super(selection, t("Runs"));
        this.keys = keys;
        this.runs = runs;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        Select<String> action = select("filter-action", t("Action"), ALL, "CORRECT", "AMBIGUOUS", "INCORRECT");
        Select<String> degraded = select("filter-degraded", t("Degraded"), ALL, "degraded", "clean");
        Select<String> feedback = select("filter-feedback", t("Feedback"), ALL, "helpful", "not_helpful", "any", "none");
        com.vaadin.flow.component.textfield.TextField search = new com.vaadin.flow.component.textfield.TextField(t("Search"));
        search.setId("filter-q");
        search.setPlaceholder(t("words in the question or answer"));
        search.setClearButtonVisible(true);
        search.setValueChangeMode(com.vaadin.flow.data.value.ValueChangeMode.LAZY);
        search.setWidth("16rem");
        DatePicker from = io.corrigo.ui.shell.ComponentTexts.dates(new DatePicker(t("From")));
        DatePicker to = io.corrigo.ui.shell.ComponentTexts.dates(new DatePicker(t("To (inclusive)")));
        // the filters live in the URL: a filtered list can be bookmarked, shared and reloaded as it was
        QueryParameters asked = event.getLocation().getQueryParameters();
        preset(action, asked, "action");
        preset(degraded, asked, "degraded");
        preset(feedback, asked, "feedback");
        asked.getSingleParameter("q").ifPresent(search::setValue);
        asked.getSingleParameter("from").flatMap(RunsView::day).ifPresent(from::setValue);
        asked.getSingleParameter("to").flatMap(RunsView::day).ifPresent(to::setValue);
        Div charts = new Div();
        charts.setId("run-charts");
        charts.getStyle().set("display", "flex").set("flex-wrap", "wrap").set("gap", "var(--lumo-space-l)");
        Grid<RunView> grid = new Grid<>();
        grid.setId("runs-grid");
        grid.addColumn(r -> WHEN.format(r.createdAt())).setHeader(t("When")).setAutoWidth(true).setFlexGrow(0);
        // the question is what an admin scans for: the widest column, wrapped rather than cut, its whole text on hover
        grid.addColumn(RunView::question).setHeader(t("Question")).setFlexGrow(4).setWidth("9rem")
                .setTooltipGenerator(RunView::question);
        grid.addComponentColumn(r -> Badges.of(RunCharts.actionOf(r))).setHeader(t("Action")).setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(r -> flags(r)).setHeader(t("Result")).setWidth("7.5rem").setFlexGrow(0);
        grid.addColumn(r -> String.format(java.util.Locale.ROOT, t("%.0f ms"), r.totalMillis())).setHeader(t("Time"))
                .setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(r -> r.feedback() == null ? new Div() : Badges.of(r.feedback().rating())).setHeader(t("Feedback"))
                .setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(r -> "v" + r.pipelineVersion()
                + (r.usage() == null ? "" : String.format(java.util.Locale.ROOT, t(" · %d tok · %.4f"),
                r.usage().inputTokens() + r.usage().outputTokens(), r.usage().cost())))
                .setHeader(t("Pipeline · cost")).setAutoWidth(true).setFlexGrow(0);
        Map<String, String> keyNames = keyNames(tenantId);
        grid.addColumn(r -> channel(r, keyNames)).setHeader(t("Channel")).setFlexGrow(1).setWidth("5.5rem")
                .setTooltipGenerator(r -> channel(r, keyNames));
        grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.addThemeVariants(GridVariant.LUMO_ROW_STRIPES);
        grid.setPageSize(50);
        grid.addItemClickListener(e -> getUI().ifPresent(ui -> ui.navigate(RunDetailView.class,
                new RouteParameters("runId", e.getItem().id()), QueryParameters.simple(Map.of("tenant", tenantId)))));
        Anchor export = new Anchor();
        export.setText(t("Export JSON Lines"));
        export.getElement().setAttribute("download", true);
        export.setId("export-runs");

        Runnable remember = () -> {
            Map<String, String> query = new java.util.LinkedHashMap<>();
            query.put("tenant", tenantId);
            putIfSet(query, "action", value(action));
            putIfSet(query, "degraded", ALL.equals(degraded.getValue()) ? null : degraded.getValue());
            putIfSet(query, "feedback", value(feedback));
            putIfSet(query, "q", search.getValue().isBlank() ? null : search.getValue().strip());
            putIfSet(query, "from", from.getValue() == null ? null : from.getValue().toString());
            putIfSet(query, "to", to.getValue() == null ? null : to.getValue().toString());
            getUI().ifPresent(ui -> ui.getPage().getHistory().replaceState(null,
                    new com.vaadin.flow.router.Location("runs", QueryParameters.simple(query))));
        };
        Runnable refresh = () -> {
            remember.run();
            RunFilter filter = new RunFilter(value(action), degradedValue(degraded), start(from.getValue()),
                    start(to.getValue() == null ? null : to.getValue().plusDays(1)), value(feedback),
                    search.getValue().isBlank() ? null : search.getValue());
            try {
                grid.setItems(query -> runs.list(tenantId, filter, query.getPage(), query.getPageSize()).items().stream());
                charts.removeAll();
                RunPage recent = runs.list(tenantId, filter, 0, RunLog.MAX_PAGE_SIZE);
                grid.setVisible(recent.total() > 0); // no empty grid under the empty state
                if (recent.total() == 0) {
                    charts.add(EmptyState.of(t("No runs match"), t("Ask a question in the Playground, or through the API or the chat widget; every answer is logged here with its trace.")));
                } else {
                    RunCharts.of(recent.items()).forEach(charts::add);
                }
                export.setHref(new StreamResource("runs-" + tenantId + ".jsonl", () -> {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    try {
                        runs.export(tenantId, filter, out);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    return new ByteArrayInputStream(out.toByteArray());
                }));
            } catch (RuntimeException e) {
                Toasts.error(e);
            }
        };
        action.addValueChangeListener(e -> refresh.run());
        degraded.addValueChangeListener(e -> refresh.run());
        feedback.addValueChangeListener(e -> refresh.run());
        from.addValueChangeListener(e -> refresh.run());
        to.addValueChangeListener(e -> refresh.run());
        search.addValueChangeListener(e -> refresh.run());
        Button reload = new Button(VaadinIcon.REFRESH.create(), e -> refresh.run());
        reload.setAriaLabel(t("Reload"));
        HorizontalLayout filters = new HorizontalLayout(search, action, degraded, feedback, from, to, reload, export);
        filters.setAlignItems(FlexComponent.Alignment.BASELINE);
        filters.getStyle().set("flex-wrap", "wrap");
        add(filters, charts, grid);
        refresh.run();
    }

    private static Component flags(RunView r) {
        HorizontalLayout flags = new HorizontalLayout(Badges.of(r.abstained() ? "abstained" : "answered"));
        if (r.degraded()) {
            flags.add(Badges.of("degraded"));
        }
        flags.setSpacing(false);
        flags.getStyle().set("gap", "4px");
        return flags;
    }

    private static void preset(Select<String> select, QueryParameters query, String name) {
        query.getSingleParameter(name).filter(v -> select.getListDataView().getItems().anyMatch(v::equals))
                .ifPresent(select::setValue);
    }

    private static java.util.Optional<LocalDate> day(String text) {
        try {
            return java.util.Optional.of(LocalDate.parse(text));
        } catch (java.time.format.DateTimeParseException e) {
            return java.util.Optional.empty();
        }
    }

    private static void putIfSet(Map<String, String> query, String name, String value) {
        if (value != null) {
            query.put(name, value);
        }
    }

    private static Select<String> select(String id, String label, String... values) {
        Select<String> select = new Select<>();
        select.setId(id);
        select.setLabel(label);
        select.setItems(values);
        select.setItemLabelGenerator(v -> io.corrigo.ui.shell.Texts.known(Badges.label(v)));
        select.setValue(values[0]);
        select.setWidth("10rem");
        return select;
    }

    private static String value(Select<String> select) {
        return ALL.equals(select.getValue()) ? null : select.getValue();
    }

    private static Boolean degradedValue(Select<String> select) {
        return ALL.equals(select.getValue()) ? null : "degraded".equals(select.getValue());
    }

    private static Instant start(LocalDate day) {
        return day == null ? null : day.atStartOfDay(ZoneId.systemDefault()).toInstant();
    }

    /** The tenant's keys by id, for naming the channel a run came through. */
    private Map<String, String> keyNames(String tenantId) {
        Map<String, String> names = new java.util.HashMap<>();
        keys.list(tenantId).forEach(k -> names.put(k.id(), k.name()));
        return names;
    }

    /** Where a run came from in words: "widget · marketing site", "API", "playground". */
    static String channel(RunView run, Map<String, String> keyNames) {
        if (run.channel() == null) {
            return "";
        }
        String channel = switch (run.channel()) {
            case "api" -> "API";
            case "openai" -> t("OpenAI-compatible API");
            case "mcp" -> "MCP";
            case "widget" -> "widget";
            default -> Badges.label(run.channel());
        };
        if (run.keyId() == null) {
            return channel;
        }
        return channel + " · " + keyNames.getOrDefault(run.keyId(), t("deleted key"));
    }
}
