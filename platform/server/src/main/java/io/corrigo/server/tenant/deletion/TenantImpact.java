package io.corrigo.server.tenant.deletion;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a tenant holds now: what its disabling stops and its deletion removes.
 *
 * @param documents    documents in its knowledge bases
 * @param runs         runs kept
 * @param runsLastHour runs in the last hour: the traffic a disabled tenant turns away
 * @param keys         API and widget keys that stop working
 * @param admins       admins assigned to it
 * @param holdings     every owner's count, by what it holds ("documents", "evaluations", …), in owner order
 */
public record TenantImpact(String tenantId, long documents, long runs, long runsLastHour, long keys, long admins,
                           Map<String, Long> holdings) {

    static final String DOCUMENTS = "documents";
    static final String RUNS = "runs";
    static final String KEYS = "keys";
    static final String ADMINS = "assigned admins";

    static TenantImpact of(String tenantId, Map<String, Long> holdings, long runsLastHour) {
        return new TenantImpact(tenantId, holdings.getOrDefault(DOCUMENTS, 0L), holdings.getOrDefault(RUNS, 0L),
                runsLastHour, holdings.getOrDefault(KEYS, 0L), holdings.getOrDefault(ADMINS, 0L),
                java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(holdings)));
    }

    /** One sentence for a confirmation dialog. */
    public String describe() {
        String others = holdings.entrySet().stream()
                .filter(e -> e.getValue() > 0 && !Map.of(DOCUMENTS, 0, RUNS, 0, KEYS, 0, ADMINS, 0).containsKey(e.getKey()))
                .map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining(", "));
        return documents + " document(s), " + runs + " run(s) kept, " + keys + " key(s), " + admins
                + " assigned admin(s)" + (others.isEmpty() ? "" : ", " + others) + "; " + rate(runsLastHour)
                + " in the last hour.";
    }

    /** "{@code n} run(s), {@code r} runs/min". */
    public static String rate(long runsLastHour) {
        double perMinute = runsLastHour / 60.0;
        return runsLastHour + " run(s), " + (perMinute >= 10 ? String.format(Locale.ROOT, "%.0f", perMinute)
                : String.format(Locale.ROOT, "%.1f", perMinute)) + " runs/min";
    }
}
