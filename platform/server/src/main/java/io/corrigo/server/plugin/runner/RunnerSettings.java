package io.corrigo.server.plugin.runner;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How the host runs untrusted plugins.
 *
 * @param directory        where each runner gets its private folder (temporary files, PF4J's own files)
 * @param heapMegabytes    the heap cap of one runner JVM
 * @param callTimeout      how long the host waits for one call's answer
 * @param cpuMillisPerCall the CPU time one call may use before its runner is stopped (and started again)
 * @param healthInterval   how often the host asks each runner whether it answers
 * @param outboundAllow    the host's outbound allow-list ({@code corrigo.outbound.allow}), applied inside the runner too
 */
public record RunnerSettings(Path directory, int heapMegabytes, Duration callTimeout, long cpuMillisPerCall,
                             Duration healthInterval, List<String> outboundAllow) {

    public RunnerSettings {
        if (heapMegabytes < 32 || callTimeout.isNegative() || callTimeout.isZero() || cpuMillisPerCall < 1) {
            throw new IllegalArgumentException("corrigo.plugins.runner: heap-megabytes >= 32, a positive call timeout and "
                    + "cpu-millis-per-call >= 1 are required");
        }
        outboundAllow = List.copyOf(outboundAllow);
    }

    /** The defaults under {@code directory}: 256 MB, 30 s a call, 20 s of CPU a call, a health check every 10 s. */
    public static RunnerSettings defaults(Path directory, List<String> outboundAllow) {
        return new RunnerSettings(directory, 256, Duration.ofSeconds(30), 20_000, Duration.ofSeconds(10), outboundAllow);
    }
}
