package io.corrigo.server.knowledge;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Ingestion jobs waiting on this host, one queue per tenant, handed out in turn: the next job comes from the tenant
 * after the one served last, skipping tenants that already have a job running. So one tenant's long job (or many)
 * cannot keep another tenant's upload waiting while a worker is free, and a tenant's jobs run one at a time, in order.
 */
final class FairJobQueue {

    /** A job to run, and whose it is. */
    record Next(String tenantId, String jobId) {
    }

    private final Map<String, Deque<String>> waiting = new LinkedHashMap<>();
    private final Set<String> running = new HashSet<>();
    private String lastServed;

    synchronized void offer(String tenantId, String jobId) {
        waiting.computeIfAbsent(tenantId, t -> new ArrayDeque<>()).add(jobId);
    }

    /** The next job of the first tenant after the last one served that has one waiting and none running. */
    synchronized Optional<Next> poll() {
        var tenants = new java.util.ArrayList<>(waiting.keySet());
        int start = lastServed == null ? 0 : tenants.indexOf(lastServed) + 1;
        for (int i = 0; i < tenants.size(); i++) {
            String tenant = tenants.get((start + i) % tenants.size());
            Deque<String> jobs = waiting.get(tenant);
            if (!running.contains(tenant) && jobs != null && !jobs.isEmpty()) {
                running.add(tenant);
                lastServed = tenant;
                return Optional.of(new Next(tenant, jobs.poll()));
            }
        }
        return Optional.empty();
    }

    /** The tenant's job finished: its next job may run. */
    synchronized void done(String tenantId) {
        running.remove(tenantId);
    }

    synchronized boolean isEmpty() {
        return waiting.values().stream().allMatch(Deque::isEmpty);
    }
}
