package io.corrigo.ui.shell;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;

/**
 * A view of one tenant's things (pipeline, knowledge, runs, ...): finds the tenant through {@link TenantSelection}
 * and shows it, or an empty state saying what to do when the admin has no tenant yet.
 */
public abstract class TenantScopedView extends VerticalLayout implements BeforeEnterObserver {

    protected final TenantSelection selection;
    private final String heading;
    private String tenant;

    protected TenantScopedView(TenantSelection selection, String heading) {
        this.selection = selection;
        this.heading = heading;
        setWidthFull();
        setPadding(true);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        removeAll();
        tenant = selection.resolve(event).orElse(null);
        if (tenant == null) {
            add(new H2(heading), EmptyState.of(t("No tenant yet"),
                    t("Create a tenant under Tenants (platform admins), or ask a platform admin to give you one.")));
            return;
        }
        H2 title = new H2(heading + " · " + tenant);
        title.getStyle().set("margin-top", "0");
        add(title);
        show(tenant, event);
    }

    /** The tenant shown. */
    protected String tenant() {
        return tenant;
    }

    /** Builds the view's content for {@code tenantId} (the heading is already there). */
    protected abstract void show(String tenantId, BeforeEnterEvent event);
}
