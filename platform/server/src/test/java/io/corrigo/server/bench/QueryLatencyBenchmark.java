package io.corrigo.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.server.HostTestBase;
import io.corrigo.server.eval.EvalQuestion;
import io.corrigo.server.eval.EvalQuestions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Query latency over HTTP on the benchmark corpus (the demo tenant: the bench KB, the bench fallback passages
 * behind the local-corpus search provider), corrective against naive in the same run, then throughput at 1, 8 and
 * 32 concurrent clients. Questions go where end users send them: {@code POST /public/v1/ask} with a publishable key;
 * stage timings come from each run's trace. A benchmark: it asserts nothing. Run with
 * {@code ./mvnw verify -Dgroups=benchmark -Dbench.excluded= -Dsurefire.failIfNoSpecifiedTests=false -Dtest=QueryLatencyBenchmark};
 * figures go to stdout and {@code platform/server/target/benchmarks/query-latency.txt}.
 */
@Tag("benchmark")
class QueryLatencyBenchmark extends HostTestBase {

    private static final String ORIGIN = "https://bench.example";
    private static final Path QUESTIONS = Path.of(System.getProperty("bench.questions",
            "src/test/resources/eval/questions_dev.jsonl"));
    private static final Duration THROUGHPUT_WINDOW = Duration.ofSeconds(Long.getLong("bench.seconds", 15));
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** One answered question: client-side and server-side time, the trace's stage times, the route taken. */
    private record Sample(String goldRoute, double clientMillis, double serverMillis, Map<String, Double> stages,
                          String action, boolean abstained) {
    }

    private String key;

    @Test
    void print_latency_corrective_vs_naive_and_throughput() throws Exception {
        List<EvalQuestion> questions = EvalQuestions.parse(QUESTIONS.toString(), Files.readAllLines(QUESTIONS), 0);
        key = postJson("/api/v1/tenants/demo/keys", Map.of("kind", "PUBLISHABLE", "name", "bench",
                "allowedOrigins", List.of(ORIGIN))).body().get("value").asText();
        ObjectNode widget = (ObjectNode) get("/api/v1/tenants/demo/widget").body();
        widget.put("requestsPerMinute", 10_000).put("queriesPerDay", 10_000_000);
        putJson("/api/v1/tenants/demo/widget", widget);

        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "query latency benchmark: %d cores, JDK %s, %d questions (%s), HTTP on 127.0.0.1,"
                        + " POST /public/v1/ask, demo tenant (embedded defaults)", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), questions.size(), QUESTIONS.getFileName()));

        Map<String, List<Sample>> byMode = new TreeMap<>();
        for (String mode : List.of("CORRECTIVE", "NAIVE")) {
            setMode(mode);
            for (int i = 0; i < 30; i++) {
                ask(questions.get(i % questions.size()).question());
            }
            List<Sample> samples = new ArrayList<>();
            for (EvalQuestion q : questions) {
                samples.add(sample(q));
            }
            byMode.put(mode, samples);
        }
        out.add("");
        out.add("sequential, one client; client = HTTP round trip, server = the trace's total (ms)");
        out.add(String.format(Locale.ROOT, "%-11s %-8s %4s  %18s  %18s", "mode", "route", "n", "client p50 / p95",
                "server p50 / p95"));
        for (String route : List.of("all", "kb", "web", "none")) {
            for (String mode : byMode.keySet()) {
                List<Sample> s = slice(byMode.get(mode), route);
                Percentiles client = new Percentiles(s.stream().map(Sample::clientMillis).toList());
                Percentiles server = new Percentiles(s.stream().map(Sample::serverMillis).toList());
                out.add(String.format(Locale.ROOT, "%-11s %-8s %4d  %8.1f / %7.1f  %8.1f / %7.1f", mode.toLowerCase(Locale.ROOT),
                        route, s.size(), client.at(50), client.at(95), server.at(50), server.at(95)));
            }
        }
        for (String route : List.of("all", "kb")) {
            double corrective = new Percentiles(slice(byMode.get("CORRECTIVE"), route).stream().map(Sample::clientMillis).toList()).at(50);
            double naive = new Percentiles(slice(byMode.get("NAIVE"), route).stream().map(Sample::clientMillis).toList()).at(50);
            out.add(String.format(Locale.ROOT, "corrective overhead over naive, %s questions: p50 %+.1f ms, ratio %.2f×",
                    route.equals("all") ? "all" : "KB-route", corrective - naive, corrective / naive));
        }
        out.add("");
        out.add("per stage, p50 / p95 ms (runs where the stage ran)");
        for (String mode : byMode.keySet()) {
            Map<String, List<Double>> stages = new TreeMap<>();
            byMode.get(mode).forEach(s -> s.stages().forEach((stage, ms) -> stages.computeIfAbsent(stage, k -> new ArrayList<>()).add(ms)));
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-11s", mode.toLowerCase(Locale.ROOT)));
            stages.forEach((stage, times) -> line.append(String.format(Locale.ROOT, " %s %.1f/%.1f (n=%d)",
                    stage.toLowerCase(Locale.ROOT), new Percentiles(times).at(50), new Percentiles(times).at(95), times.size())));
            out.add(line.toString());
        }
        List<Sample> corrective = byMode.get("CORRECTIVE");
        Map<String, Long> actions = new TreeMap<>();
        corrective.forEach(s -> actions.merge(s.abstained() ? s.action() + "+abstained" : s.action(), 1L, Long::sum));
        out.add("corrective actions: " + actions);

        out.add("");
        out.add(String.format(Locale.ROOT, "throughput, closed loop, %d s per point, questions round-robin",
                THROUGHPUT_WINDOW.toSeconds()));
        for (String mode : List.of("CORRECTIVE", "NAIVE")) {
            setMode(mode);
            for (int clients : new int[] {1, 8, 32}) {
                out.add(throughput(mode, clients, questions));
            }
        }
        setMode("CORRECTIVE");

        Path file = Path.of("target", "benchmarks", "query-latency.txt");
        Files.createDirectories(file.getParent());
        Files.write(file, out);
        out.forEach(System.out::println);
    }

    private static List<Sample> slice(List<Sample> samples, String route) {
        return route.equals("all") ? samples : samples.stream().filter(s -> s.goldRoute().equals(route)).toList();
    }

    private void setMode(String mode) {
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/demo/pipeline").body().get("definition");
        ((ObjectNode) definition.get("settings")).put("mode", mode);
        Reply saved = putJson("/api/v1/tenants/demo/pipeline", definition);
        if (saved.status() != 200) {
            throw new IllegalStateException("pipeline not saved: " + saved.body());
        }
    }

    private Sample sample(EvalQuestion question) throws Exception {
        long start = System.nanoTime();
        JsonNode reply = ask(question.question());
        double client = (System.nanoTime() - start) / 1e6;
        JsonNode trace = get("/api/v1/tenants/demo/runs/" + reply.get("runId").asText()).body().get("trace");
        Map<String, Double> stages = new TreeMap<>();
        for (JsonNode t : trace.get("timings")) {
            stages.merge(t.get("stage").asText(), t.get("millis").asDouble(), Double::sum);
        }
        String action = trace.path("action").isNull() ? "NAIVE" : trace.path("action").asText("NAIVE");
        return new Sample(question.goldRoute(), client, trace.get("totalMillis").asDouble(), stages, action,
                trace.get("abstained").asBoolean());
    }

    private JsonNode ask(String question) throws Exception {
        HttpResponse<String> response = CLIENT.send(request(question), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("ask answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    private HttpRequest request(String question) throws Exception {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/public/v1/ask?key=" + key))
                .header("Origin", ORIGIN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("question", question)))).build();
    }

    private String throughput(String mode, int clients, List<EvalQuestion> questions) throws Exception {
        AtomicInteger next = new AtomicInteger();
        AtomicLong ok = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        List<Double> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            long warmUntil = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            long measureUntil = warmUntil + THROUGHPUT_WINDOW.toNanos();
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                running.add(pool.submit(() -> {
                    while (System.nanoTime() < measureUntil) {
                        String q = questions.get(Math.floorMod(next.getAndIncrement(), questions.size())).question();
                        long start = System.nanoTime();
                        boolean success;
                        try {
                            success = CLIENT.send(request(q), HttpResponse.BodyHandlers.ofString()).statusCode() == 200;
                        } catch (Exception e) {
                            success = false;
                        }
                        long end = System.nanoTime();
                        if (start >= warmUntil && end <= measureUntil) {
                            (success ? ok : failed).incrementAndGet();
                            latencies.add((end - start) / 1e6);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        Percentiles p = new Percentiles(latencies);
        return String.format(Locale.ROOT, "%-11s %2d clients: %6.1f queries/s  p50 %6.1f ms  p95 %6.1f ms  (%d ok, %d failed)",
                mode.toLowerCase(Locale.ROOT), clients, ok.get() / (double) THROUGHPUT_WINDOW.toSeconds(), p.at(50), p.at(95),
                ok.get(), failed.get());
    }
}
