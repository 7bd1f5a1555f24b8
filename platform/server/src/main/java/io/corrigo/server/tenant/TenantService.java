package io.corrigo.server.tenant;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.Recently;
import io.corrigo.server.security.KnownTenants;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.server.problem.ServiceException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Creates and finds tenants. A tenant is read on every question (its state, its widget limits): reads are kept for
 * {@link #CACHE_TTL} and forgotten at once when this host changes the tenant.
 */
@Service
public class TenantService implements KnownTenants {

    /** Tenant ids are used in URLs and directory names: lower-case letters, digits and dashes. */
    public static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{1,39}");

    /** How long a read tenant is kept; another host sees a change (e.g. a disabled tenant) within this time. */
    public static final Duration CACHE_TTL = Duration.ofSeconds(2);

    /** What every request needs of a tenant. */
    private record Snapshot(TenantView view, WidgetSettings widget) {
    }

    private final TenantRepository tenants;
    private final TenantAccess access;
    private final Clock clock;
    private final ApplicationEventPublisher events;
    private final Recently<String, Snapshot> recent = new Recently<>(CACHE_TTL, 10_000);

    private final AuditLog audit;

    TenantService(TenantRepository tenants, TenantAccess access, Clock clock, ApplicationEventPublisher events,
                  AuditLog audit) {
        this.audit = audit;
        this.tenants = tenants;
        this.access = access;
        this.clock = clock;
        this.events = events;
    }

    /** The enabled tenant {@code id}. @throws ServiceException 404 when there is none */
    @Transactional(readOnly = true)
    public TenantView require(String id) {
        TenantView view = snapshot(id).view();
        if (!view.enabled()) {
            throw notFound(id);
        }
        return view;
    }

    /**
     * Locks the tenant's row until the caller's transaction ends, so that changes that derive a number from what is
     * stored (the next pipeline version) run one at a time per tenant, on every host sharing the database.
     * @throws ServiceException 404
     */
    @Transactional(propagation = org.springframework.transaction.annotation.Propagation.MANDATORY)
    public void lockForChange(String id) {
        tenants.lockById(id).orElseThrow(() -> notFound(id));
    }

    /** Every read and change of one tenant passes here or {@link #inReach}: the caller's scope is checked first. */
    private Snapshot snapshot(String id) {
        inReach(id);
        return recent.get(id, key -> tenants.findById(key).map(t -> new Snapshot(TenantView.of(t), t.widget()))
                .orElseThrow(() -> notFound(key)));
    }

    /**
     * Refuses a tenant the caller may not see, as a missing one (404): services check tenant scope themselves, here,
     * whatever entry point (REST, admin UI, a new one) called them. See {@link TenantAccess#refuseOutOfReach}.
     */
    private void inReach(String id) {
        if (id == null) {
            throw notFound(null);
        }
        access.refuseOutOfReach(id);
    }

    @Transactional(readOnly = true)
    @Override
    public boolean exists(String id) {
        return tenants.existsById(id);
    }

    /** The tenants within the caller's reach (all of them for the host's own work). */
    @Transactional(readOnly = true)
    public List<TenantView> list() {
        return access.withinReach(tenants.findAll().stream().map(TenantView::of).toList(), TenantView::id);
    }

    /** A tenant, enabled or not (what an admin edits). @throws ServiceException 404 */
    @Transactional(readOnly = true)
    public TenantView find(String id) {
        return snapshot(id).view();
    }

    /**
     * Renames and/or enables or disables a tenant (null keeps a value). A disabled tenant answers no queries and
     * is hidden from its end users; its data stays. @throws ServiceException 400 for a bad name, 404
     */
    @Transactional
    public TenantView update(String id, String name, Boolean enabled) {
        inReach(id);
        Tenant tenant = tenants.findById(id)
                .orElseThrow(() -> notFound(id));
        TenantView before = TenantView.of(tenant);
        if (name != null) {
            checkName(name);
            tenant.rename(name.trim());
        }
        if (enabled != null) {
            tenant.enabled(enabled);
        }
        recent.forget(id);
        TenantView after = TenantView.of(tenants.save(tenant));
        audit.record("tenant.update", id, id, before, after);
        return after;
    }

    /**
     * Deletes the tenant's row and forgets it; everything that refers to it must be gone already (see
     * {@code TenantDeletion}). @throws ServiceException 404
     */
    @Transactional(propagation = org.springframework.transaction.annotation.Propagation.MANDATORY)
    public void deleteRow(String id) {
        inReach(id);
        Tenant tenant = tenants.findById(id).orElseThrow(() -> notFound(id));
        tenants.delete(tenant);
        tenants.flush();
        recent.forget(id);
    }

    /** The tenant's chat widget look and its key holders' limits. @throws ServiceException 404 */
    @Transactional(readOnly = true)
    public WidgetSettings widget(String id) {
        return snapshot(id).widget();
    }

    /** @throws ServiceException 400 listing every invalid field, 404 */
    @Transactional
    public WidgetSettings updateWidget(String id, WidgetSettings settings) {
        inReach(id);
        Tenant tenant = tenants.findById(id)
                .orElseThrow(() -> notFound(id));
        List<String> problems = settings.problems();
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_WIDGET_SETTINGS, "The widget settings are not valid.", problems);
        }
        WidgetSettings before = tenant.widget();
        tenant.widget(settings);
        recent.forget(id);
        WidgetSettings after = tenants.save(tenant).widget();
        audit.record("tenant.widget", id, id, before, after);
        return after;
    }

    /** Creates a tenant and publishes {@link TenantCreated}. @throws ServiceException 400 for a bad id or name, 409 when the id is taken */
    @Transactional
    public TenantView create(String id, String name) {
        if (id == null || !ID.matcher(id).matches()) {
            throw ServiceException.invalid(ErrorCode.INVALID_TENANT_ID,
                    "A tenant id is 2-40 characters: lower-case letters, digits and dashes, starting with a letter or digit.");
        }
        checkName(name);
        if (tenants.existsById(id)) {
            throw new ServiceException(ServiceException.Kind.CONFLICT, ErrorCode.TENANT_EXISTS, "Tenant '" + id + "' already exists.", List.of());
        }
        recent.forget(id);
        TenantView created = TenantView.of(tenants.save(new Tenant(id, name.trim(), clock.instant())));
        audit.record("tenant.create", id, id, null, created);
        events.publishEvent(new TenantCreated(id));
        return created;
    }

    private static ServiceException notFound(String id) {
        return ServiceException.notFound(ErrorCode.TENANT_NOT_FOUND, "No tenant '" + id + "'.");
    }

    private static void checkName(String name) {
        if (name == null || name.isBlank() || name.length() > 200) {
            throw ServiceException.invalid(ErrorCode.INVALID_TENANT_NAME, "A tenant name is 1-200 characters.");
        }
        if (io.corrigo.server.DisplayNames.hasHiddenCharacters(name)) {
            throw ServiceException.invalid(ErrorCode.INVALID_TENANT_NAME,
                    "A tenant name may not hold control or text-direction characters.");
        }
    }
}
