package io.corrigo.server.connector;

import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantView;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Starts the connector syncs whose schedule is due: checked every half minute on every host; the claim in the database
 * lets exactly one host run each. A disabled tenant's connectors wait.
 */
@Component
class ConnectorSchedule {

    private static final Logger log = LoggerFactory.getLogger(ConnectorSchedule.class);

    private final Connectors connectors;
    private final ConnectorSync sync;
    private final TenantService tenants;
    private final Clock clock;

    ConnectorSchedule(Connectors connectors, ConnectorSync sync, TenantService tenants, Clock clock) {
        this.connectors = connectors;
        this.sync = sync;
        this.tenants = tenants;
        this.clock = clock;
    }

    @Scheduled(fixedDelayString = "${corrigo.connectors.schedule-check-millis:30000}",
            initialDelayString = "${corrigo.connectors.schedule-check-millis:30000}")
    void check() {
        try {
            startDue();
        } catch (RuntimeException e) {
            log.warn("Connector schedules could not be checked: {}", e.toString());
        }
    }

    /** Starts every sync that is due now and that this host claimed; returns their connectors. */
    List<ConnectorView> startDue() {
        List<ConnectorView> started = new ArrayList<>();
        Instant now = clock.instant();
        for (TenantView tenant : tenants.list()) {
            if (!tenant.enabled()) {
                continue;
            }
            for (ConnectorView connector : connectors.list(tenant.id())) {
                if (connector.nextSyncAt() != null && !connector.nextSyncAt().isAfter(now)
                        && !"RUNNING".equals(connector.state()) && sync.claim(connector)) {
                    log.info("Tenant {}: scheduled sync of connector '{}'", tenant.id(), connector.name());
                    sync.submit(tenant.id(), connector.id());
                    started.add(connector);
                }
            }
        }
        return started;
    }
}
