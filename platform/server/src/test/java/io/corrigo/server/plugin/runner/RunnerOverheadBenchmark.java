package io.corrigo.server.plugin.runner;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import io.corrigo.api.Passage;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Source;
import io.corrigo.api.Origin;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.testkit.HashingEmbeddings;
import io.corrigo.testkit.TestPluginContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The per-call cost of the plugin runner: the same shipped plugins called in process and through a runner, one
 * thread, after a warm-up; p50 and p99 of each, and the difference. Two calls: an evaluator's {@code judge} of one
 * passage with its 256-dimension embedding (small, frequent: a run makes one per retrieved passage and strip) and a
 * generator's {@code generate} over five context strips (one per run). Prints figures, asserts nothing.
 */
@Tag("benchmark")
class RunnerOverheadBenchmark {

    private static final int WARM_UP = 20_000;
    private static final int CALLS = 20_000;

    @Test
    void per_call_overhead() throws Exception {
        HashingEmbeddings embeddings = new HashingEmbeddings();
        Query query = new Query("When does the museum open in the morning?", embeddings.embed("When does the museum open?"), null);
        Source source = new Source(Origin.KNOWLEDGE_BASE, "museum", "Museum", null);
        Passage passage = new Passage("p1", "The museum opens at nine in the morning and closes at six.", source, 0.8,
                embeddings.embed("The museum opens at nine in the morning and closes at six."), List.of(), java.util.Map.of());
        List<ContextStrip> context = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            String text = "Sentence " + i + ": the museum opens at nine in the morning and closes at six in the evening.";
            context.add(new ContextStrip(i, text, source, 0.9, embeddings.embed(text)));
        }
        GenerationRequest request = new GenerationRequest(query, context);

        StringBuilder report = new StringBuilder("Plugin runner per-call overhead (one thread, " + CALLS + " calls after "
                + WARM_UP + " to warm up; " + Runtime.getRuntime().availableProcessors() + " cores, JDK "
                + System.getProperty("java.version") + ")\n");
        RetrievalEvaluator localEvaluator = instance(RunnerHosts.inProcess(StageKind.EVALUATOR, "lightweight-evaluator"));
        RetrievalEvaluator remoteEvaluator = instance(RunnerHosts.throughRunner(StageKind.EVALUATOR, "lightweight-evaluator"));
        report.append(compare("evaluator judge(query, passage)", () -> localEvaluator.judge(query, passage),
                () -> remoteEvaluator.judge(query, passage)));
        Generator localGenerator = instance(RunnerHosts.inProcess(StageKind.GENERATOR, "extractive-generator"));
        Generator remoteGenerator = instance(RunnerHosts.throughRunner(StageKind.GENERATOR, "extractive-generator"));
        report.append(compare("generator generate(5 strips)", () -> localGenerator.generate(request),
                () -> remoteGenerator.generate(request)));
        Generator streaming = remoteGenerator;
        List<String> pieces = new ArrayList<>();
        report.append(compare("generator generate(5 strips), streamed", () -> localGenerator.generate(request, pieces::add),
                () -> streaming.generate(request, pieces::add)));
        System.out.print(report);
        Path out = Files.createDirectories(Paths.get("target", "benchmarks"));
        Files.writeString(out.resolve("runner-overhead.txt"), report.toString());
    }

    /**
     * What confinement adds to starting a plugin: the evaluator plugin started ten times (after two) with bubblewrap
     * and ten without, to the first answered call of a tenant's instance (the plugin's own runner, then the tenant's);
     * p50 and max of each.
     */
    @Test
    void start_time_with_and_without_confinement() throws Exception {
        Path work = Files.createTempDirectory(Files.createDirectories(Paths.get("target", "runner-bench")), "start");
        Path plugin = work.resolve("plugins");
        Files.createDirectories(plugin);
        Files.copy(Paths.get("target", "plugins", "corrigo-plugin-lightweight-evaluator.zip"),
                plugin.resolve("corrigo-plugin-lightweight-evaluator.zip"));
        new io.corrigo.server.plugin.PluginHost(plugin, io.corrigo.api.PluginApi.VERSION).stop(); // unpacks it
        Path directory;
        try (java.util.stream.Stream<Path> folders = Files.list(plugin)) {
            directory = folders.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        StringBuilder report = new StringBuilder("Plugin runner start to first answered call (" + directory.getFileName()
                + ", " + Runtime.getRuntime().availableProcessors() + " cores, JDK " + System.getProperty("java.version") + ")\n");
        for (Confinement confinement : List.of(Confinement.bubblewrap(Confinement.NOBODY, Confinement.NOBODY), Confinement.NONE)) {
            RunnerSettings settings = RunnerSettings.defaults(work.resolve("runners"), List.of()).with(confinement);
            long[] millis = new long[10];
            for (int i = -2; i < millis.length; i++) {
                long start = System.nanoTime();
                try (PluginRunner runner = PluginRunner.start("lightweight-evaluator", directory, List.of(), settings)) {
                    PluginFactory<?> factory = runner.factories().stream()
                            .filter(f -> f.id().equals("lightweight-evaluator")).findFirst().orElseThrow();
                    RetrievalEvaluator evaluator = (RetrievalEvaluator) factory.create(
                            TestPluginContext.in(Files.createTempDirectory(work, "instance")),
                            PluginConfig.resolve(factory.configProperties(), java.util.Map.of()));
                    evaluator.judge(new Query("When?", null, null), Passage.of("p", "At nine.",
                            new Source(Origin.KNOWLEDGE_BASE, "s", "S", null)));
                    if (i >= 0) {
                        millis[i] = (System.nanoTime() - start) / 1_000_000;
                    }
                }
            }
            Arrays.sort(millis);
            report.append(String.format("%-28s p50 %5d ms, max %5d ms%n", confinement.enabled() ? "confined (bubblewrap)"
                    : "not confined", millis[millis.length / 2], millis[millis.length - 1]));
        }
        System.out.print(report);
        Files.writeString(Files.createDirectories(Paths.get("target", "benchmarks")).resolve("runner-start.txt"),
                report.toString());
    }

    private static <T> T instance(PluginFactory<T> factory) throws Exception {
        Path directory = Files.createTempDirectory(Files.createDirectories(Paths.get("target", "runner-bench")), "instance");
        return factory.create(TestPluginContext.in(directory), PluginConfig.resolve(factory.configProperties(), java.util.Map.of()));
    }

    private static String compare(String name, Supplier<Object> local, Supplier<Object> remote) {
        long[] inProcess = time(local);
        long[] runner = time(remote);
        return String.format("%-42s in process p50 %7.1f µs p99 %7.1f µs | runner p50 %7.1f µs p99 %7.1f µs | overhead p50 %7.1f µs p99 %7.1f µs%n",
                name, micros(inProcess, 50), micros(inProcess, 99), micros(runner, 50), micros(runner, 99),
                micros(runner, 50) - micros(inProcess, 50), micros(runner, 99) - micros(inProcess, 99));
    }

    private static long[] time(Supplier<Object> call) {
        Object sink = null;
        for (int i = 0; i < WARM_UP; i++) {
            sink = call.get();
        }
        long[] nanos = new long[CALLS];
        for (int i = 0; i < CALLS; i++) {
            long start = System.nanoTime();
            sink = call.get();
            nanos[i] = System.nanoTime() - start;
        }
        if (sink == null || sink instanceof Answer answer && answer.text() == null) {
            throw new IllegalStateException("no result");
        }
        Arrays.sort(nanos);
        return nanos;
    }

    private static double micros(long[] sorted, int percentile) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(percentile / 100.0 * sorted.length) - 1)] / 1000.0;
    }
}
