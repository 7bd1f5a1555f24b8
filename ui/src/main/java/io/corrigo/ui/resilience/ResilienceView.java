package io.corrigo.ui.resilience;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.UnorderedList;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import io.corrigo.server.resilience.GuardStatus;
import io.corrigo.server.resilience.PluginGuards;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/** The circuit breaker of each tenant × search provider: state, rates, recent failures, a manual reset. */
@Menu(title = "Resilience", order = 80, icon = "vaadin:shield")
@Route("resilience")
@PageTitle("Resilience · Corrigo")
@PermitAll
public class ResilienceView extends VerticalLayout {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    private final PluginGuards guards;
    private final Grid<GuardStatus> grid = new Grid<>();
    private final Div empty = new Div();

    public ResilienceView(PluginGuards guards) {
        this.guards = guards;
        H2 title = new H2(t("Resilience"));
        title.getStyle().set("margin-top", "0");
        grid.setId("breakers");
        // figures that belong together share a column: the reset button stays in view at 1280 px
        grid.addColumn(GuardStatus::tenant).setHeader(t("Tenant")).setWidth("8rem").setFlexGrow(1)
                .setTooltipGenerator(GuardStatus::tenant);
        grid.addColumn(GuardStatus::provider).setHeader(t("Plugin (factory)")).setWidth("10rem").setFlexGrow(2)
                .setTooltipGenerator(GuardStatus::provider);
        grid.addComponentColumn(g -> Badges.of(g.state())).setHeader(t("Breaker")).setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(g -> rate(g.failureRate()) + " · " + rate(g.slowCallRate())).setHeader(t("Failing · slow"))
                .setWidth("8rem").setFlexGrow(0);
        grid.addColumn(g -> g.failedCalls() + " / " + g.bufferedCalls()).setHeader(t("Failed / window")).setWidth("7rem")
                .setFlexGrow(0);
        grid.addColumn(g -> g.notPermittedCalls() + " · " + g.availableConcurrentCalls()).setHeader(t("Rejected · free slots"))
                .setWidth("8rem").setFlexGrow(0);
        grid.addColumn(g -> g.rateLimitedUntil() == null ? "" : t("until {0}", WHEN.format(g.rateLimitedUntil())))
                .setHeader(t("Provider quota")).setWidth("7rem").setFlexGrow(0);
        grid.addComponentColumn(g -> {
            Button reset = new Button(t("Reset"), e -> {
                guards.reset(g.tenant(), g.provider());
                Toasts.success(t("Breaker {0} reset to CLOSED.", g.name()));
                refresh();
            });
            reset.addThemeVariants(ButtonVariant.LUMO_SMALL);
            return reset;
        }).setHeader(t("Actions")).setAutoWidth(true).setFlexGrow(0);
        grid.addThemeVariants(com.vaadin.flow.component.grid.GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setItemDetailsRenderer(new com.vaadin.flow.data.renderer.ComponentRenderer<>(g -> {
            UnorderedList failures = new UnorderedList();
            g.recentFailures().forEach(f -> failures.add(new ListItem(WHEN.format(f.at()) + "  " + f.message())));
            if (g.recentFailures().isEmpty()) {
                failures.add(new ListItem(t("No recent failures.")));
            }
            return failures;
        }));
        grid.setDetailsVisibleOnClick(true);
        grid.setAllRowsVisible(true);
        Button reload = new Button(t("Reload"), VaadinIcon.REFRESH.create(), e -> refresh());
        add(title, reload, empty, grid);
        refresh();
    }

    private void refresh() {
        List<GuardStatus> visible = guards.status(null); // within the admin's reach
        grid.setItems(visible);
        grid.setVisible(!visible.isEmpty()); // the empty state says it; no empty grid under it
        empty.removeAll();
        if (visible.isEmpty()) {
            empty.add(EmptyState.of(t("No circuit breakers yet"), t("A breaker appears when a tenant's pipeline first calls a plugin: one per tenant and plugin (web search, retriever, evaluator, generator, …). Click a row to see its recent failures.")));
        }
    }

    private static String rate(float percent) {
        return percent < 0 ? "—" : String.format(Locale.ROOT, "%.0f %%", percent);
    }
}
