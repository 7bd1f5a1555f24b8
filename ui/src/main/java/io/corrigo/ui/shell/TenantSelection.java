package io.corrigo.ui.shell;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.server.VaadinSession;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantView;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Which tenant the tenant-scoped views show: {@code ?tenant=} in the URL, else the one chosen last in this
 * session, else the first the admin may see. Never one outside the admin's reach.
 */
@Component
public class TenantSelection {

    private static final String KEY = "corrigo.tenant";

    private final TenantService tenants;
    private final TenantAccess access;

    TenantSelection(TenantService tenants, TenantAccess access) {
        this.tenants = tenants;
        this.access = access;
    }

    /** The tenants the signed-in admin may see, disabled ones included. */
    public List<TenantView> visible() {
        return tenants.list(); // the service keeps to the caller's reach
    }

    /** The tenant for the view being entered (and remembers it). */
    public Optional<String> resolve(BeforeEnterEvent event) {
        List<String> asked = event.getLocation().getQueryParameters().getParameters().getOrDefault("tenant", List.of());
        List<TenantView> visible = visible();
        Optional<String> chosen = asked.stream().filter(id -> visible.stream().anyMatch(t -> t.id().equals(id))).findFirst();
        if (chosen.isEmpty()) {
            Object remembered = VaadinSession.getCurrent().getAttribute(KEY);
            chosen = visible.stream().map(TenantView::id).filter(id -> id.equals(remembered)).findFirst();
        }
        if (chosen.isEmpty()) {
            chosen = visible.stream().map(TenantView::id).findFirst();
        }
        if (!asked.isEmpty() && !asked.get(0).equals(chosen.orElse(null))) {
            // never a silent switch: the admin asked for another tenant than the one shown
            // the asked id is not repeated: the message says nothing of a tenant the admin may not see
            Toasts.error(t("The tenant in the link does not exist or is not yours (it may have been deleted){0}", chosen.map(id -> t(": showing '{0}' instead.", id)).orElse(".")));
        }
        chosen.ifPresent(this::remember);
        return chosen;
    }

    public void remember(String tenantId) {
        access.require(tenantId);
        VaadinSession.getCurrent().setAttribute(KEY, tenantId);
    }

    public Optional<String> current() {
        return Optional.ofNullable((String) VaadinSession.getCurrent().getAttribute(KEY)).filter(access::canAccess);
    }
}
