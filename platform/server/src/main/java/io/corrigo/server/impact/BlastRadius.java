package io.corrigo.server.impact;

import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.plugin.FactoryHandle;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantView;
import io.corrigo.server.tenant.deletion.TenantImpact;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * Counts what a plugin is used for now, so that the dialog confirming its disabling or uninstalling can say so:
 * "used by 4 tenants, 12 runs/min in the last hour". Counts only what the caller may see. What a tenant holds is
 * {@link io.corrigo.server.tenant.deletion.TenantDeletion#impact}.
 */
@Service
public class BlastRadius {

    /**
     * Who uses a plugin now.
     *
     * @param tenants      tenants whose active pipeline has a stage served by the plugin
     * @param runsLastHour those tenants' runs in the last hour
     */
    public record PluginImpact(String pluginId, List<String> tenants, long runsLastHour) {

        /** One sentence for a confirmation dialog. */
        public String describe() {
            return tenants.isEmpty() ? "No tenant's active pipeline uses it."
                    : "Used by " + tenants.size() + " tenant(s) (" + String.join(", ", tenants) + "): "
                    + TenantImpact.rate(runsLastHour) + " in the last hour. Their runs degrade until the stage uses another plugin.";
        }
    }

    private final TenantService tenants;
    private final PipelineService pipelines;
    private final PluginHost plugins;
    private final JdbcTemplate jdbc;
    private final Clock clock;

    BlastRadius(TenantService tenants, PipelineService pipelines, PluginHost plugins, JdbcTemplate jdbc, Clock clock) {
        this.tenants = tenants;
        this.pipelines = pipelines;
        this.plugins = plugins;
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** The enabled tenants (within the caller's reach) whose active pipeline uses a factory of {@code pluginId}. */
    public PluginImpact plugin(String pluginId) {
        Set<String> factories = new TreeSet<>();
        for (StageKind<?> kind : StageKind.values()) {
            plugins.factories(kind).stream().filter(h -> h.pluginId().equals(pluginId))
                    .map(FactoryHandle::factory).forEach(f -> factories.add(kind.stage() + "/" + f.id()));
        }
        List<String> using = new ArrayList<>();
        if (!factories.isEmpty()) {
            for (TenantView tenant : tenants.list()) {
                if (!tenant.enabled()) {
                    continue;
                }
                boolean uses = pipelines.active(tenant.id()).definition().stages().entrySet().stream()
                        .anyMatch(e -> factories.contains(e.getKey() + "/" + e.getValue().factoryId()));
                if (uses) {
                    using.add(tenant.id());
                }
            }
        }
        return new PluginImpact(pluginId, using, using.isEmpty() ? 0 : runsLastHour(using));
    }

    private long runsLastHour(List<String> tenantIds) {
        String marks = tenantIds.stream().map(t -> "?").collect(Collectors.joining(","));
        List<Object> args = new ArrayList<>(tenantIds);
        args.add(io.corrigo.server.Sql.utc(clock.instant().minus(Duration.ofHours(1))));
        return jdbc.queryForObject("SELECT COUNT(*) FROM run WHERE tenant_id IN (" + marks + ") AND created_at >= ?",
                Long.class, args.toArray());
    }
}
