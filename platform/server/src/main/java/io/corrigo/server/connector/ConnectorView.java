package io.corrigo.server.connector;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A connector as the API and the admin UI show it.
 *
 * @param id             its id
 * @param tenant         its tenant
 * @param name           its name (documents it brings in are named {@code <name>/<item>})
 * @param factoryId      the connector plugin's factory ({@code website}, {@code folder})
 * @param properties     its settings
 * @param schedule       when it syncs by itself (a six-field cron), or {@code null} for on demand only
 * @param knowledgeBase  the knowledge base it fills
 * @param collections    the collections its documents join
 * @param groups         who may read its documents where the source says nothing (none: everyone of the tenant)
 * @param state          {@code IDLE} or {@code RUNNING}
 * @param lastStartedAt  when the last sync started, or {@code null}
 * @param lastFinishedAt when it ended, or {@code null}
 * @param lastOutcome    {@code OK}, {@code PARTIAL} (some items failed) or {@code FAILED}, or {@code null}
 * @param lastError      why it failed or what failed, or {@code null}
 * @param lastSync       the counts of the last sync
 * @param nextSyncAt     when it syncs next by its schedule, or {@code null}
 */
public record ConnectorView(String id, String tenant, String name, String factoryId, Map<String, String> properties,
                            String schedule, String knowledgeBase, List<String> collections, List<String> groups,
                            String state, Instant lastStartedAt, Instant lastFinishedAt, String lastOutcome,
                            String lastError, Counts lastSync, Instant nextSyncAt) {

    /**
     * What a sync did.
     *
     * @param listed    items the source holds
     * @param fetched   items downloaded (new or changed by their version)
     * @param indexed   items whose content changed, sent to indexing
     * @param unchanged items left alone (same version, or same content)
     * @param removed   documents removed with their items
     * @param failed    items that could not be fetched or were refused
     * @param done      items processed so far
     * @param total     items to process
     */
    public record Counts(int listed, int fetched, int indexed, int unchanged, int removed, int failed, int done, int total) {

        /** Progress of a running sync in [0, 1]. */
        public double progress() {
            return total == 0 ? 1 : Math.min(1, (double) done / total);
        }
    }
}
