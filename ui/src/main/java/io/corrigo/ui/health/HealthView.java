package io.corrigo.ui.health;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.Route;
import io.corrigo.server.health.HealthAlert;
import io.corrigo.server.health.HealthBand;
import io.corrigo.server.health.HealthWatch;
import io.corrigo.server.health.Webhooks;
import io.corrigo.server.health.HealthService;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.Texts;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Toasts;
import io.corrigo.ui.trace.SvgChart;
import jakarta.annotation.security.PermitAll;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A tenant's health over a window (24 hours, 7 or 30 days; in the URL): each banded metric as a card coloured by its
 * band with what crossing it means, the grade mix and latency over time, the most asked and the unanswered questions;
 * for platform admins, every tenant's worst band at a glance.
 */
@Menu(title = "Health", order = 45, icon = "vaadin:heart")
@Route("health")
@PageTitle("Health · Corrigo")
@PermitAll
public class HealthView extends TenantScopedView {

    /** The windows offered: label, length, bucket. */
    private record Window(String label, Duration length, Duration bucket) {
    }

    private static final Map<String, Window> WINDOWS = new LinkedHashMap<>();
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    static {
        WINDOWS.put("24h", new Window("Last 24 hours", Duration.ofHours(24), Duration.ofHours(1)));
        WINDOWS.put("7d", new Window("Last 7 days", Duration.ofDays(7), Duration.ofHours(6)));
        WINDOWS.put("30d", new Window("Last 30 days", Duration.ofDays(30), Duration.ofDays(1)));
    }

    private final HealthService health;
    private final HealthWatch watch;
    private final Webhooks webhooks;
    private final TenantAccess access;
    private final Clock clock;
    private final io.corrigo.server.cost.Budgets budgets;
    private final io.corrigo.server.eval.EvalJobs evaluations;

    public HealthView(TenantSelection selection, HealthService health, HealthWatch watch, Webhooks webhooks,
                      TenantAccess access, Clock clock, io.corrigo.server.cost.Budgets budgets,
                      io.corrigo.server.eval.EvalJobs evaluations) {
        super(selection, t("Health"));
        this.evaluations = evaluations;
        this.budgets = budgets;
        this.health = health;
        this.watch = watch;
        this.webhooks = webhooks;
        this.access = access;
        this.clock = clock;
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        Object saved = com.vaadin.flow.server.VaadinSession.getCurrent().getAttribute(SAVED);
        if (saved != null) {
            com.vaadin.flow.server.VaadinSession.getCurrent().setAttribute(SAVED, null);
            Toasts.success(saved.toString());
        }
        String key = event.getLocation().getQueryParameters().getSingleParameter("window")
                .filter(WINDOWS::containsKey).orElse("24h");
        Window window = WINDOWS.get(key);
        Select<String> choice = new Select<>();
        choice.setId("health-window");
        choice.setAriaLabel(t("Window"));
        choice.setItems(WINDOWS.keySet());
        choice.setItemLabelGenerator(k -> t(WINDOWS.get(k).label()));
        choice.setValue(key);
        choice.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                getUI().ifPresent(ui -> ui.navigate(HealthView.class,
                        QueryParameters.simple(Map.of("tenant", tenantId, "window", e.getValue()))));
            }
        });
        add(choice);
        Instant to = clock.instant().truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(1));
        Instant from = to.minus(window.length());
        HealthService.Health h;
        try {
            h = health.health(tenantId, from, to, window.bucket());
        } catch (RuntimeException e) {
            add(new Paragraph(Toasts.describe(e)));
            return;
        }
        if (h.totals().runs() == 0) {
            add(EmptyState.of(t("No runs in this window"), t("Ask in the Playground or through the widget or the API: the health figures are summed as runs are logged.")));
        } else {
            add(verdict(h), summary(h), bands(h.bands()));
        }
        add(servedWrong(h, evaluations.list(tenantId)));
        if (h.totals().runs() > 0) {
            add(charts(h, window), questions(h, health.gaps(tenantId, from, to)));
        }
        add(spend(tenantId), settings(tenantId), new H3(t("Alerts")), alerts(tenantId), webhook(tenantId));
        if (access.isPlatformAdmin()) {
            add(new H3(t("All tenants")), overview(from, to));
        }
    }

    /**
     * One line an admin reads first: healthy, or which banded metrics warn or alert, worst first, with their values.
     */
    static Component verdict(HealthService.Health h) {
        List<HealthService.BandState> alerting = h.bands().stream()
                .filter(b -> b.level() == HealthBand.Level.ALERT).toList();
        List<HealthService.BandState> warning = h.bands().stream()
                .filter(b -> b.level() == HealthBand.Level.WARN).toList();
        String text;
        String level;
        if (!alerting.isEmpty()) {
            level = "ALERT";
            text = t("Needs attention: {0}{1}.", describe(alerting), (warning.isEmpty() ? "" : t("; warning: {0}", describe(warning))));
        } else if (!warning.isEmpty()) {
            level = "WARN";
            text = t("Mostly healthy, with a warning: {0}.", describe(warning));
        } else if (h.bands().stream().allMatch(b -> b.level() == HealthBand.Level.NO_DATA)) {
            level = "NO_DATA";
            text = t("Too few runs to judge yet: {0} run(s) in this window.", h.totals().runs());
        } else {
            level = "OK";
            text = t("Healthy: every banded figure is within its band over {0} run(s).", h.totals().runs());
        }
        Paragraph line = new Paragraph(text);
        line.setId("health-verdict");
        line.getElement().setAttribute("data-level", level);
        String color = switch (level) {
            case "ALERT" -> "var(--lumo-error-text-color)";
            case "WARN" -> "#8a5a00";
            case "OK" -> "var(--lumo-success-text-color)";
            default -> "var(--lumo-secondary-text-color)";
        };
        line.getStyle().set("font-size", "var(--lumo-font-size-l)").set("font-weight", "600").set("color", color)
                .set("margin", "0 0 var(--lumo-space-s) 0");
        return line;
    }

    /** A figure's name inside a sentence: lower case in English; German keeps its nouns' capitals. */
    private static String lowerInEnglish(String name) {
        return Texts.language().equals("en") ? name.toLowerCase(Locale.ROOT) : name;
    }

    private static String describe(List<HealthService.BandState> bands) {
        return bands.stream().map(b -> lowerInEnglish(label(b.metric())) + " " + value(b.metric(), b.value())
                + " (" + (b.higherIsBetter() ? t("band from {0}", value(b.metric(), b.warn())) : t("band up to {0}", value(b.metric(), b.warn()))) + ")").collect(java.util.stream.Collectors.joining(", "));
    }

    /**
     * The tenant's budget and alert bands, edited here (they were set through the API only): the monthly limit, the
     * share at which it warns and what happens once it is spent; each band's warning and alert thresholds.
     */
    private Component settings(String tenantId) {
        com.vaadin.flow.component.textfield.NumberField limit = new com.vaadin.flow.component.textfield.NumberField(
                t("Monthly model budget"));
        limit.setId("budget-limit");
        limit.setMin(0);
        limit.setHelperText(t("In the price table's currency; empty: no budget"));
        com.vaadin.flow.component.textfield.IntegerField warnAt = new com.vaadin.flow.component.textfield.IntegerField(
                t("Warn at (% of the budget)"));
        warnAt.setId("budget-warn");
        warnAt.setMin(1);
        warnAt.setMax(100);
        Select<io.corrigo.server.cost.Budgets.Policy> policy = new Select<>();
        policy.setLabel(t("Once it is spent"));
        policy.setId("budget-policy");
        policy.setItems(io.corrigo.server.cost.Budgets.Policy.values());
        policy.setItemLabelGenerator(p -> switch (p) {
            case WARN -> t("keep answering, warn");
            case DEGRADE -> t("answer offline only (no model calls)");
            case REFUSE -> t("refuse questions");
        });
        budgets.budget(tenantId).ifPresentOrElse(b -> {
            limit.setValue(b.monthlyLimit());
            warnAt.setValue((int) Math.round(b.warnShare() * 100));
            policy.setValue(b.policy());
        }, () -> {
            warnAt.setValue(80);
            policy.setValue(io.corrigo.server.cost.Budgets.Policy.WARN);
        });
        com.vaadin.flow.component.button.Button saveBudget = new com.vaadin.flow.component.button.Button(t("Save budget"), e ->
                Toasts.attempt(() -> {
                    if (limit.getValue() == null) {
                        budgets.delete(tenantId);
                        reloadSaying(t("Budget removed: model spend is counted, not limited."));
                        return;
                    } else {
                        if (warnAt.getValue() == null || warnAt.getValue() < 1 || warnAt.getValue() > 100) {
                            warnAt.setInvalid(true);
                            warnAt.setErrorMessage(t("Warn at: a share between 1 and 100 %"));
                            return;
                        }
                        warnAt.setInvalid(false);
                        budgets.save(tenantId, limit.getValue(), warnAt.getValue() / 100.0, policy.getValue());
                        reloadSaying(t("Budget saved."));
                    }
                }));
        saveBudget.setId("save-budget");
        com.vaadin.flow.component.formlayout.FormLayout budgetForm =
                new com.vaadin.flow.component.formlayout.FormLayout(limit, warnAt, policy);

        Div bandForm = new Div();
        bandForm.setId("band-editor");
        bandForm.getStyle().set("display", "grid").set("grid-template-columns", "minmax(12rem, 1fr) 8rem 8rem")
                .set("gap", "0 var(--lumo-space-m)").set("align-items", "baseline");
        Map<String, com.vaadin.flow.component.textfield.NumberField[]> fields = new LinkedHashMap<>();
        for (HealthBand band : health.bands(tenantId)) {
            Span name = new Span(label(band.metric()) + (band.higherIsBetter() ? t(" (higher is better)") : t(" (lower is better)")));
            name.getElement().setAttribute("title", band.meaning());
            // a share is edited in percent, as the cards show it; usefulness and times as they are
            double scale = isShare(band.metric()) ? 100 : 1;
            com.vaadin.flow.component.textfield.NumberField warn = new com.vaadin.flow.component.textfield.NumberField(t("Warn"));
            warn.setValue(band.warn() * scale);
            warn.setId("band-warn-" + band.metric());
            com.vaadin.flow.component.textfield.NumberField alert = new com.vaadin.flow.component.textfield.NumberField(t("Alert"));
            alert.setValue(band.alert() * scale);
            alert.setId("band-alert-" + band.metric());
            for (com.vaadin.flow.component.textfield.NumberField field : List.of(warn, alert)) {
                field.setSuffixComponent(new Span(isShare(band.metric()) ? "%" : band.metric().endsWith("Millis") ? "ms" : ""));
                if (isShare(band.metric())) {
                    field.setMin(0);
                    field.setMax(100);
                }
            }
            fields.put(band.metric(), new com.vaadin.flow.component.textfield.NumberField[] {warn, alert});
            bandForm.add(name, warn, alert);
        }
        com.vaadin.flow.component.button.Button saveBands = new com.vaadin.flow.component.button.Button(t("Save bands"), e ->
                Toasts.attempt(() -> {
                    Map<String, HealthService.Thresholds> changes = new LinkedHashMap<>();
                    boolean ordered = true;
                    for (HealthBand band : health.bands(tenantId)) {
                        com.vaadin.flow.component.textfield.NumberField[] f = fields.get(band.metric());
                        Double warn = f[0].getValue();
                        Double alert = f[1].getValue();
                        double scale = isShare(band.metric()) ? 100 : 1;
                        // the host's own rule for a band's order, on the thresholds as typed
                        boolean wrong = warn != null && alert != null && band.with(warn / scale, alert / scale).problem() != null;
                        f[1].setInvalid(wrong);
                        if (wrong) {
                            f[1].setErrorMessage(band.higherIsBetter()
                                    ? t("At or below the warning threshold ({0})", shown(band.metric(), warn))
                                    : t("At or above the warning threshold ({0})", shown(band.metric(), warn)));
                            ordered = false;
                        }
                    }
                    if (!ordered) {
                        Toasts.error(t("Bands not saved: an alert threshold is on the good side of its warning threshold."));
                        return;
                    }
                    fields.forEach((metric, f) -> {
                        if (f[0].getValue() != null && f[1].getValue() != null) {
                            double scale = isShare(metric) ? 100 : 1;
                            changes.put(metric, new HealthService.Thresholds(f[0].getValue() / scale, f[1].getValue() / scale));
                        }
                    });
                    health.saveBands(tenantId, changes);
                    reloadSaying(t("Bands saved: alerts are judged against them from the next minute."));
                }));
        saveBands.setId("save-bands");
        com.vaadin.flow.component.details.Details details = new com.vaadin.flow.component.details.Details(
                t("Budget and alert bands"), new H3(t("Budget")), budgetForm, saveBudget, new H3(t("Alert bands")),
                new Paragraph(t("A figure past its warning threshold turns the band amber, past its alert threshold red; a change of level is recorded under Alerts and sent to the webhook.")), bandForm, saveBands);
        details.setId("health-settings");
        details.setWidthFull();
        return details;
    }

    /** The month's model spend against the tenant's budget (the price table's currency). */
    private Component spend(String tenantId) {
        io.corrigo.server.cost.Budgets.Spend spend = budgets.spend(tenantId);
        String text = String.format(Locale.ROOT, t("This month: %,d prompt and %,d completion tokens, %.4f spent"), spend.inputTokens(),
                spend.outputTokens(), spend.monthToDate())
                + (spend.budget() == null ? t(" (no budget: set one under Budget and alert bands below).")
                : String.format(Locale.ROOT, t(" of a %.2f budget (%s; once spent: %s)."), spend.budget().monthlyLimit(),
                        switch (spend.state()) {
                            case "SPENT" -> "spent";
                            case "WARN" -> t("past {0} %", Math.round(100 * spend.budget().warnShare()));
                            default -> t("within it");
                        }, spend.budget().policy().name().toLowerCase(Locale.ROOT)));
        Paragraph p = new Paragraph(text);
        p.setId("health-spend");
        if ("SPENT".equals(spend.state()) || "WARN".equals(spend.state())) {
            p.getStyle().set("color", "SPENT".equals(spend.state()) ? "var(--lumo-error-text-color)" : "#b07800")
                    .set("font-weight", "600");
        }
        return p;
    }

    /** The latest level changes of the tenant's banded metrics and breakers. */
    private Component alerts(String tenantId) {
        List<HealthAlert> latest = watch.alerts(tenantId, 20);
        if (latest.isEmpty()) {
            return EmptyState.of(t("No alerts"), t("Every minute the last 15 minutes of runs are held against the bands above (once there are 20 runs), and each circuit breaker is looked at: a change of level is recorded here and sent to the webhook below."));
        }
        Grid<HealthAlert> grid = new Grid<>();
        grid.setId("health-alerts");
        grid.addColumn(a -> WHEN.format(a.createdAt())).setHeader(t("When")).setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(a -> Badges.of(a.level())).setHeader(t("Level")).setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(a -> Texts.shaped(a.message(), HealthAlert.MESSAGES)).setHeader(t("What happened")).setFlexGrow(1);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setItems(latest);
        grid.setAllRowsVisible(true);
        return grid;
    }

    /** Where alerts go: the webhook's URL, its signing secret (write only), on or off; and the last deliveries. */
    private Component webhook(String tenantId) {
        java.util.Optional<Webhooks.WebhookView> current = webhooks.webhook(tenantId);
        com.vaadin.flow.component.textfield.TextField url = new com.vaadin.flow.component.textfield.TextField("URL");
        url.setId("webhook-url");
        url.setPlaceholder("https://hooks.example.com/corrigo");
        url.setWidth("min(28rem, 100%)");
        url.setValue(current.map(Webhooks.WebhookView::url).orElse(""));
        com.vaadin.flow.component.textfield.PasswordField secret = new com.vaadin.flow.component.textfield.PasswordField(t("Signing secret"));
        secret.setId("webhook-secret");
        secret.setHelperText(current.isPresent() ? t("Stored encrypted; leave empty to keep it.") : t("At least 16 characters; deliveries carry X-Corrigo-Signature: t=…,v1=HMAC-SHA256(secret, \"t.body\")"));
        com.vaadin.flow.component.checkbox.Checkbox enabled = new com.vaadin.flow.component.checkbox.Checkbox(t("Send alerts"),
                current.map(Webhooks.WebhookView::enabled).orElse(true));
        enabled.setId("webhook-enabled");
        com.vaadin.flow.component.button.Button save = new com.vaadin.flow.component.button.Button(t("Save webhook"), e -> {
            try {
                webhooks.save(tenantId, url.getValue(), secret.getValue(), enabled.getValue());
                secret.clear();
                url.setInvalid(false);
                Toasts.success(t("Webhook saved: alerts of {0} go to {1}.", tenantId, url.getValue()));
            } catch (RuntimeException ex) {
                url.setInvalid(true);
                url.setErrorMessage(Toasts.describe(ex));
            }
        });
        save.setId("webhook-save");
        HorizontalLayout form = new HorizontalLayout(url, secret, enabled, save);
        form.setAlignItems(FlexComponent.Alignment.BASELINE);
        form.getStyle().set("flex-wrap", "wrap");
        Div box = new Div(form);
        List<Webhooks.Delivery> deliveries = webhooks.deliveries(tenantId, 10);
        if (!deliveries.isEmpty()) {
            Grid<Webhooks.Delivery> grid = new Grid<>();
            grid.setId("webhook-deliveries");
            grid.addColumn(d -> WHEN.format(d.createdAt())).setHeader(t("Sent")).setAutoWidth(true);
            grid.addColumn(d -> t("alert {0}, attempt {1}", d.alertId(), d.attempt())).setHeader(t("Delivery")).setAutoWidth(true);
            grid.addComponentColumn(d -> Badges.of(d.delivered() ? "delivered" : "failed")).setHeader(t("Outcome")).setAutoWidth(true);
            grid.addColumn(d -> d.statusCode() != null ? "HTTP " + d.statusCode() : d.error()).setHeader(t("Answer")).setFlexGrow(1);
            grid.addThemeVariants(GridVariant.LUMO_COMPACT);
            grid.setItems(deliveries);
            grid.setAllRowsVisible(true);
            box.add(grid);
        }
        com.vaadin.flow.component.details.Details details = new com.vaadin.flow.component.details.Details(
                t("Webhook{0}", current.map(w -> ": " + w.url() + (w.enabled() ? "" : t(" (off)"))).orElse(t(" (none)"))), box);
        details.setId("webhook");
        details.setWidthFull();
        return details;
    }

    private static Component summary(HealthService.Health h) {
        HealthService.Figures f = h.totals();
        Paragraph p = new Paragraph(t("{0} runs: {1} answered, {2} abstained, {3} searched the web, {4} degraded; {5} rated by users. Median {6}, 95th percentile {7}.", f.runs(), pct(f.answerRate()), pct(f.abstainRate()), pct(f.fallbackRate()), pct(f.degradedRate()), f.rated(), ms(f.p50Millis()), ms(f.p95Millis())));
        p.setId("health-summary");
        p.getStyle().set("margin", "0");
        return p;
    }

    /**
     * Answers served and wrong, the one figure that matters for trust: from the latest evaluation with reference
     * answers (per pipeline: served wrong, answered right, the risk–coverage area), and, since live runs carry no
     * references, the window's served answers that users rated not helpful.
     */
    static Component servedWrong(HealthService.Health h, List<io.corrigo.server.eval.EvalJobs.Job> evaluations) {
        Div box = new Div();
        box.setId("health-served-wrong");
        box.getStyle().set("width", "100%");
        H3 title = new H3(t("Served wrong"));
        title.getStyle().set("margin-bottom", "0");
        box.add(title);
        java.util.Optional<io.corrigo.server.eval.EvalJobs.Job> latest = evaluations.stream()
                .filter(j -> "DONE".equals(j.state()) && j.report() != null)
                .filter(j -> j.report().pipelines().stream().anyMatch(p -> p.overall().risk() != null))
                .findFirst();
        if (latest.isPresent()) {
            io.corrigo.server.eval.EvalJobs.Job job = latest.get();
            Paragraph from = new Paragraph(t("Latest evaluation with reference answers: {0} ({1}).", job.name(),
                    WHEN.format(job.startedAt())));
            from.getStyle().set("margin", "0");
            box.add(from);
            for (io.corrigo.server.eval.EvalReport.PipelineResult p : job.report().pipelines()) {
                io.corrigo.server.eval.EvalReport.Risk risk = p.overall().risk();
                if (risk == null) {
                    continue;
                }
                Paragraph line = new Paragraph(t("{0}: served wrong {1} of {2} questions, answered right {3}, abstained rightly {4}, abstained wrongly {5}; risk–coverage area {6} (lower: wrong answers come with lower confidence).",
                        p.name(), pct(risk.servedWrong()), risk.questions(), pct(risk.answeredRight()),
                        pct(risk.abstainedRightly()), pct(risk.abstainedWrongly()),
                        Double.isNaN(risk.area()) ? "—" : String.format(Locale.ROOT, "%.2f", risk.area())));
                line.addClassName("served-wrong-pipeline");
                line.getElement().setAttribute("data-served-wrong", String.format(Locale.ROOT, "%.3f", risk.servedWrong()));
                line.getStyle().set("margin", "0");
                box.add(line);
            }
        } else {
            Paragraph none = new Paragraph(t("No evaluation with reference answers yet: on the Evaluation page, run a question set with short answers (or none, for questions that should be declined) to see how often answers are served wrong."));
            none.getStyle().set("margin", "0").set("color", "var(--lumo-secondary-text-color)");
            box.add(none);
        }
        HealthService.ServedRatings rated = h.servedRatings();
        Paragraph live = new Paragraph(rated.rated() == 0
                ? t("In this window no served answer was rated by its user.")
                : t("In this window users rated {0} served answer(s) not helpful of {1} rated ({2}).", rated.notHelpful(),
                        rated.rated(), pct(rated.notHelpfulShare())));
        live.setId("health-served-rated");
        live.getStyle().set("margin", "0");
        box.add(live);
        return box;
    }

    /** A card per banded metric: its value, coloured by its band, the band, and what crossing it means. */
    private static Component bands(List<HealthService.BandState> bands) {
        Div cards = new Div();
        cards.setId("health-bands");
        cards.getStyle().set("display", "grid").set("grid-template-columns", "repeat(auto-fill, minmax(15rem, 1fr))")
                .set("gap", "var(--lumo-space-m)").set("width", "100%");
        for (HealthService.BandState b : bands) {
            String[] tone = switch (b.level()) {
                case OK -> new String[] {"var(--lumo-success-color)", "var(--lumo-success-color-10pct)"};
                case WARN -> new String[] {"#f0a500", "rgba(240, 165, 0, 0.12)"};
                case ALERT -> new String[] {"var(--lumo-error-color)", "var(--lumo-error-color-10pct)"};
                case NO_DATA -> new String[] {"var(--lumo-contrast-30pct)", "var(--lumo-contrast-5pct)"};
            };
            Div card = new Div();
            card.addClassName("band");
            card.getElement().setAttribute("data-metric", b.metric());
            card.getElement().setAttribute("data-level", b.level().name());
            card.getElement().setAttribute("title", Texts.known(b.meaning()));
            card.getStyle().set("border-left", "4px solid " + tone[0]).set("background", tone[1])
                    .set("border-radius", "var(--lumo-border-radius-m)").set("padding", "var(--lumo-space-s) var(--lumo-space-m)")
                    .set("min-width", "0");
            Span name = new Span(label(b.metric()));
            name.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-s)")
                    .set("color", "var(--lumo-secondary-text-color)");
            Span value = new Span(value(b.metric(), b.value()));
            value.getStyle().set("font-size", "var(--lumo-font-size-xl)").set("font-weight", "600");
            Span level = new Span(" " + switch (b.level()) {
                case OK -> t("within its band");
                case WARN -> t("warning");
                case ALERT -> t("alert");
                case NO_DATA -> t("no data");
            });
            level.getStyle().set("font-size", "var(--lumo-font-size-s)");
            Span band = new Span(t("{0}{1}, alerts {2}{3}", (b.higherIsBetter() ? t("warns below ") : t("warns above ")), value(b.metric(), b.warn()), (b.higherIsBetter() ? t("below ") : t("above ")), value(b.metric(), b.alert())));
            band.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-xs)")
                    .set("color", "var(--lumo-secondary-text-color)");
            Span meaning = new Span(Texts.known(b.meaning()));
            meaning.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-xs)")
                    .set("margin-top", "var(--lumo-space-xs)");
            card.add(name, value, level, band, meaning);
            cards.add(card);
        }
        return cards;
    }

    private static Component charts(HealthService.Health h, Window window) {
        DateTimeFormatter label = DateTimeFormatter.ofPattern(window.bucket().toHours() >= 24 ? "MM-dd"
                : window.length().toDays() > 1 ? "MM-dd HH:00" : "HH:00").withZone(ZoneId.systemDefault());
        List<String> buckets = h.series().stream().map(p -> label.format(p.start())).toList();
        int n = buckets.size();
        double[] correct = new double[n];
        double[] ambiguous = new double[n];
        double[] incorrect = new double[n];
        double[] other = new double[n];
        double[] p50 = new double[n];
        double[] p95 = new double[n];
        double[] fallback = new double[n];
        double[] abstain = new double[n];
        for (int i = 0; i < n; i++) {
            HealthService.Figures f = h.series().get(i).figures();
            long graded = f.graded();
            correct[i] = Math.round(nz(f.correctShare()) * graded);
            ambiguous[i] = Math.round(nz(f.ambiguousShare()) * graded);
            incorrect[i] = Math.round(nz(f.incorrectShare()) * graded);
            other[i] = Math.max(0, f.runs() - correct[i] - ambiguous[i] - incorrect[i]);
            p50[i] = f.p50Millis() == null ? Double.NaN : f.p50Millis();
            p95[i] = f.p95Millis() == null ? Double.NaN : f.p95Millis();
            fallback[i] = f.fallbackRate() == null ? Double.NaN : 100 * f.fallbackRate();
            abstain[i] = f.abstainRate() == null ? Double.NaN : 100 * f.abstainRate();
        }
        Div charts = new Div(
                SvgChart.stackedBars("health-grades", t("Runs by grade"), buckets, List.of(
                        new SvgChart.Series("CORRECT", "var(--lumo-success-color)", correct),
                        new SvgChart.Series("AMBIGUOUS", "#f0a500", ambiguous),
                        new SvgChart.Series("INCORRECT", "var(--lumo-error-color)", incorrect),
                        new SvgChart.Series(t("not graded"), "var(--lumo-contrast-50pct)", other))),
                SvgChart.lines("health-rates", t("Fallback and abstention"), "%", buckets, List.of(
                        new SvgChart.Series(t("fallback"), "var(--lumo-primary-color)", fallback),
                        new SvgChart.Series(t("abstained"), "var(--lumo-error-color)", abstain))),
                SvgChart.lines("health-latency", t("Latency"), "ms", buckets, List.of(
                        new SvgChart.Series("p50", "var(--lumo-primary-color)", p50),
                        new SvgChart.Series("p95", "var(--lumo-error-color)", p95))));
        charts.setId("health-charts");
        charts.getStyle().set("display", "flex").set("flex-wrap", "wrap").set("gap", "var(--lumo-space-l)")
                .set("width", "100%");
        return charts;
    }

    private static Component questions(HealthService.Health h, List<io.corrigo.server.health.KnowledgeGaps.Gap> gaps) {
        Div box = new Div(questionGrid("health-top-questions", t("Most asked"), h.topQuestions(), false), gapGrid(h.tenant(), gaps));
        box.getStyle().set("display", "grid").set("grid-template-columns", "repeat(auto-fit, minmax(24rem, 1fr))")
                .set("gap", "var(--lumo-space-l)").set("width", "100%");
        return box;
    }

    /** The unanswered questions grouped by wording: what knowledge to add first. */
    private static Component gapGrid(String tenantId, List<io.corrigo.server.health.KnowledgeGaps.Gap> gaps) {
        String title = t("Knowledge gaps (abstained or rated not helpful, grouped by wording)");
        if (gaps.isEmpty()) {
            Div none = new Div(new Span(t("{0}: none in this window.", title)));
            none.setId("health-gaps");
            none.getStyle().set("color", "var(--lumo-secondary-text-color)");
            return none;
        }
        Grid<io.corrigo.server.health.KnowledgeGaps.Gap> grid = new Grid<>();
        grid.setId("health-gaps");
        grid.addComponentColumn(g -> {
            // a gap opens the runs behind it: the run log searched for its wording
            com.vaadin.flow.component.html.Anchor q = new com.vaadin.flow.component.html.Anchor("runs?tenant="
                    + java.net.URLEncoder.encode(tenantId, java.nio.charset.StandardCharsets.UTF_8) + "&q="
                    + java.net.URLEncoder.encode(g.question(), java.nio.charset.StandardCharsets.UTF_8),
                    g.question() + (g.wordings().size() > 1 ? t(" (+{0} wordings)", (g.wordings().size() - 1)) : ""));
            q.addClassName("gap-runs");
            q.getElement().setAttribute("title", t("Open the runs that asked it: {0}", String.join(" · ", g.wordings())));
            return q;
        }).setHeader(title).setFlexGrow(1);
        grid.addColumn(g -> t("{0} of {1}", g.unanswered(), g.asked())).setHeader(t("Unanswered")).setAutoWidth(true).setFlexGrow(0);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setItems(gaps.subList(0, Math.min(10, gaps.size())));
        grid.setAllRowsVisible(true);
        return grid;
    }

    private static Component questionGrid(String id, String title, List<HealthService.QuestionCount> questions,
                                          boolean unanswered) {
        if (questions.isEmpty()) {
            Div none = new Div(new Span(t("{0}: none in this window.", title)));
            none.setId(id);
            none.getStyle().set("color", "var(--lumo-secondary-text-color)");
            return none;
        }
        Grid<HealthService.QuestionCount> grid = new Grid<>();
        grid.setId(id);
        grid.addColumn(HealthService.QuestionCount::question).setHeader(title).setFlexGrow(1);
        grid.addColumn(q -> unanswered ? t("{0} of {1}", q.unanswered(), q.asked()) : Long.toString(q.asked()))
                .setHeader(unanswered ? t("Unanswered") : t("Asked")).setAutoWidth(true).setFlexGrow(0);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setItems(questions);
        grid.setAllRowsVisible(true);
        return grid;
    }

    private Component overview(Instant from, Instant to) {
        Grid<HealthService.TenantHealth> grid = new Grid<>();
        grid.setId("health-overview");
        grid.addColumn(t -> t.name() + " (" + t.tenant() + ")").setHeader(t("Tenant")).setFlexGrow(1)
                .setTooltipGenerator(t -> t.name() + " (" + t.tenant() + ")");
        grid.addComponentColumn(t -> Badges.of(t.worst() == HealthBand.Level.NO_DATA ? t("no runs")
                : t.worst().name())).setHeader(t("Worst band")).setAutoWidth(true);
        grid.addColumn(t -> t.totals().runs()).setHeader(t("Runs")).setAutoWidth(true);
        grid.addColumn(t -> pct(t.totals().answerRate())).setHeader(t("Answered")).setAutoWidth(true);
        grid.addColumn(t -> pct(t.totals().fallbackRate())).setHeader(t("Fallback")).setAutoWidth(true);
        grid.addColumn(t -> pct(t.totals().helpfulRate())).setHeader(t("Helpful")).setAutoWidth(true);
        grid.addColumn(t -> ms(t.totals().p95Millis())).setHeader("p95").setAutoWidth(true);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT);
        grid.setItems(health.overview(from, to));
        grid.setAllRowsVisible(true);
        return grid;
    }

    private static String label(String metric) {
        return switch (metric) {
            case "correctShare" -> t("CORRECT share of graded runs");
            case "fallbackRate" -> t("Web fallback rate");
            case "abstainRate" -> t("Abstention rate");
            case "degradedRate" -> t("Degraded rate");
            case "meanSupport" -> t("Mean support of answers");
            case "meanUsefulness" -> t("Mean usefulness (1–5)");
            case "helpfulRate" -> t("Rated helpful");
            case "p95Millis" -> t("95th percentile latency");
            default -> metric;
        };
    }

    /** The session attribute that carries a confirmation across the reload a save makes. */
    private static final String SAVED = HealthView.class.getName() + ".saved";

    /** Reloads the page (its figures follow what was saved), then confirms {@code message} on it. */
    private void reloadSaying(String message) {
        com.vaadin.flow.server.VaadinSession.getCurrent().setAttribute(SAVED, message);
        getUI().ifPresent(ui -> ui.getPage().reload());
    }

    /** A threshold as the band editor shows it: a share in percent, usefulness and times as they are. */
    private static String shown(String metric, Double value) {
        return value == null ? "—" : isShare(metric) ? String.format(Locale.ROOT, "%.0f %%", value)
                : metric.endsWith("Millis") ? String.format(Locale.ROOT, "%.0f ms", value) : String.format(Locale.ROOT, "%.1f", value);
    }

    /** Whether a banded metric is a share (shown and edited in percent). */
    static boolean isShare(String metric) {
        return !metric.equals("meanUsefulness") && !metric.endsWith("Millis");
    }

    private static String value(String metric, Double v) {
        if (v == null) {
            return "—";
        }
        return switch (metric) {
            case "meanUsefulness" -> String.format(Locale.ROOT, "%.1f", v);
            case "p95Millis", "p50Millis" -> ms(v);
            default -> pct(v);
        };
    }

    private static String pct(Double v) {
        return v == null ? "—" : String.format(Locale.ROOT, "%.0f %%", 100 * v);
    }

    private static String ms(Double v) {
        return v == null ? "—" : String.format(Locale.ROOT, t("%.0f ms"), v);
    }

    private static double nz(Double v) {
        return v == null ? 0 : v;
    }
}
