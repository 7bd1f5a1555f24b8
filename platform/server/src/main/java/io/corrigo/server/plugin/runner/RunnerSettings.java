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
 * @param outboundAllow    the host's outbound allow-list ({@code corrigo.outbound.allow}), applied to the runner's
 *                         connections too
 * @param confinement      how the operating system confines each runner ({@link Confinement#NONE}: not at all)
 * @param jvmChecks        whether the runner's JVM holds plugin code to the {@link RunnerPolicy} as well; only tests
 *                         turn this off, to show that the confinement alone holds
 */
public record RunnerSettings(Path directory, int heapMegabytes, Duration callTimeout, long cpuMillisPerCall,
                             Duration healthInterval, List<String> outboundAllow, Confinement confinement,
                             boolean jvmChecks) {

    /** Settings with the standard confinement ({@link Confinement#bubblewrap}, runners as nobody under root). */
    public RunnerSettings(Path directory, int heapMegabytes, Duration callTimeout, long cpuMillisPerCall,
                          Duration healthInterval, List<String> outboundAllow) {
        this(directory, heapMegabytes, callTimeout, cpuMillisPerCall, healthInterval, outboundAllow,
                Confinement.bubblewrap(Confinement.NOBODY, Confinement.NOBODY), true);
    }

    public RunnerSettings {
        if (heapMegabytes < 32 || callTimeout.isNegative() || callTimeout.isZero() || cpuMillisPerCall < 1) {
            throw new IllegalArgumentException("corrigo.plugins.runner: heap-megabytes >= 32, a positive call timeout and "
                    + "cpu-millis-per-call >= 1 are required");
        }
        outboundAllow = List.copyOf(outboundAllow);
        java.util.Objects.requireNonNull(confinement, "confinement");
    }

    /** These settings with {@code confinement} instead. */
    public RunnerSettings with(Confinement confinement) {
        return new RunnerSettings(directory, heapMegabytes, callTimeout, cpuMillisPerCall, healthInterval, outboundAllow,
                confinement, jvmChecks);
    }

    /** These settings with the JVM's own checks on or off (tests of the confinement alone). */
    public RunnerSettings withJvmChecks(boolean on) {
        return new RunnerSettings(directory, heapMegabytes, callTimeout, cpuMillisPerCall, healthInterval, outboundAllow,
                confinement, on);
    }

    /** The defaults under {@code directory}: 256 MB, 30 s a call, 20 s of CPU a call, a health check every 10 s. */
    public static RunnerSettings defaults(Path directory, List<String> outboundAllow) {
        return new RunnerSettings(directory, 256, Duration.ofSeconds(30), 20_000, Duration.ofSeconds(10), outboundAllow);
    }
}
