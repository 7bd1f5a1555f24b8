package io.corrigo.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.corrigo.server.Percentiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code java -jar corrigo.jar bench}: measures a running deployment over HTTP, as pgbench or Rally measure theirs.
 * After a warm-up it asks every question once with one client, the tenant and the baseline tenant interleaved
 * question by question (latency per route and, from the runs' traces, per stage), then runs closed-loop throughput
 * phases at each client count, the two pipelines one after the other at each count. A degraded answer counts as a
 * failure, as a non-200 does. Prints a short table, writes the whole report as JSON, shows progress on stderr.
 */
public final class BenchCommand {

    /** One pipeline's figures in one phase. */
    record Figures(int asked, int ok, int errors, int degraded, double p50, double p95, double p99, double mean,
                   Double queriesPerSecond, Double cpuMillisPerQuery, Double embeddingCacheHitRate) {

        static Figures of(List<BenchClient.Sample> samples, Double seconds, Double cpuSeconds) {
            return of(samples, seconds, cpuSeconds, null);
        }

        static Figures of(List<BenchClient.Sample> samples, Double seconds, Double cpuSeconds, Double cacheHitRate) {
            Percentiles latency = Percentiles.of(samples.stream().filter(BenchClient.Sample::ok)
                    .map(BenchClient.Sample::clientMs).toList());
            int ok = (int) samples.stream().filter(BenchClient.Sample::ok).count();
            int errors = (int) samples.stream().filter(s -> s.status() != 200).count();
            int degraded = (int) samples.stream().filter(BenchClient.Sample::degraded).count();
            return new Figures(samples.size(), ok, errors, degraded, latency.at(50), latency.at(95), latency.at(99),
                    latency.mean(), seconds == null ? null : ok / seconds,
                    cpuSeconds == null || samples.isEmpty() ? null : cpuSeconds * 1000 / samples.size(), cacheHitRate);
        }
    }

    /** A question and, when known, the route it should take. */
    record Question(String text, String route) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final BenchOptions options;
    private final BenchClient client;
    private final PrintStream out;
    private final PrintStream progress;

    BenchCommand(BenchOptions options, BenchClient client, PrintStream out, PrintStream progress) {
        this.options = options;
        this.client = client;
        this.out = out;
        this.progress = progress;
    }

    /** @return the process exit code: 0 done, 1 failed, 2 bad arguments */
    public static int run(String[] args) {
        if (List.of(args).contains("--help")) {
            System.out.println(BenchOptions.USAGE);
            return 0;
        }
        if (List.of(args).contains("--synthetic-chunks")) {
            return scale(args);
        }
        BenchOptions options;
        try {
            options = BenchOptions.parse(List.of(args), System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println("corrigo bench: " + e.getMessage());
            System.err.println(BenchOptions.USAGE);
            return 2;
        }
        try {
            new BenchCommand(options, new BenchClient(options.url(), options.user(), options.password()), System.out,
                    System.err).run();
            return 0;
        } catch (RuntimeException | IOException e) {
            System.err.println("\ncorrigo bench failed: " + e.getMessage());
            return 1;
        }
    }

    /** {@code bench --synthetic-chunks N}: retrieval at scale, in this process. */
    private static int scale(String[] args) {
        RetrievalScale scale;
        try {
            scale = BenchOptions.parseScale(List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("corrigo bench: " + e.getMessage());
            System.err.println(BenchOptions.USAGE);
            return 2;
        }
        // outside Spring nothing configures logging: PF4J's INFO lines would interleave with the table
        if (org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) instanceof ch.qos.logback.classic.Logger root) {
            root.setLevel(ch.qos.logback.classic.Level.WARN);
        }
        try {
            scale.run(System.out, System.err);
            return 0;
        } catch (Exception e) {
            System.err.println("\ncorrigo bench failed: " + e.getMessage());
            return 1;
        }
    }

    /** Runs every phase and reports. @return the report, as written to {@code --out} */
    Map<String, Object> run() throws IOException {
        List<Question> questions = questions(options.questions(), options.limit());
        if (questions.isEmpty()) {
            throw new IllegalArgumentException(options.questions() + " has no question");
        }
        List<String> tenants = new ArrayList<>(List.of(options.tenant()));
        if (options.baseline() != null) {
            tenants.add(options.baseline());
        }
        tenants.forEach(client::check);
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("url", options.url().toString());
        report.put("tenant", options.tenant());
        report.put("baseline", options.baseline());
        report.put("questions", questions.size());
        report.put("machine", Map.of("client_cores", Runtime.getRuntime().availableProcessors(),
                "os", System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                "java", System.getProperty("java.version")));
        warmUp(questions, tenants);
        report.put("latency", latencyPass(questions, tenants));
        List<Map<String, Object>> throughput = new ArrayList<>();
        for (int i = 0; i < options.clients().size(); i++) {
            int clients = options.clients().get(i);
            List<String> order = new ArrayList<>(tenants);
            if (i % 2 == 1) {
                Collections.reverse(order); // neither pipeline always runs on the warmer machine
            }
            Map<String, Object> phase = new LinkedHashMap<>();
            phase.put("clients", clients);
            for (String tenant : order) {
                phase.put(tenant, closedLoop(questions, tenant, clients));
            }
            throughput.add(phase);
        }
        report.put("throughput", throughput);
        clearBar(progress);
        printTable(report, tenants);
        if (options.out() != null) {
            writeReport(options.out(), report);
            out.println("Report: " + options.out());
        }
        if (options.markdown() != null) {
            Path file = options.markdown().toAbsolutePath();
            Files.createDirectories(file.getParent());
            Files.writeString(file, markdown(report, tenants, java.time.LocalDate.now(java.time.ZoneOffset.UTC)));
            out.println("Figures: " + options.markdown());
        }
        return report;
    }

    /**
     * The figures as a dated Markdown section: what docs/performance keeps, regenerated by running the bench again
     * (the command is in the section).
     */
    @SuppressWarnings("unchecked")
    String markdown(Map<String, Object> report, List<String> tenants, java.time.LocalDate day) {
        Map<String, Object> machine = (Map<String, Object>) report.get("machine");
        StringBuilder md = new StringBuilder();
        md.append("## Over HTTP, ").append(day).append("\n\n");
        md.append(String.format(java.util.Locale.ROOT, "`corrigo.jar bench --tenant %s%s --questions %s --clients %s "
                        + "--duration %ds` against %s, %d questions; client: %s cores, %s, Java %s.%n%n",
                options.tenant(), options.baseline() == null ? "" : " --baseline-tenant " + options.baseline(),
                options.questions().getFileName(), String.join(",", options.clients().stream().map(String::valueOf).toList()),
                options.duration().toSeconds(), report.get("url"), (Integer) report.get("questions"),
                machine.get("client_cores"), machine.get("os"), machine.get("java")));
        Map<String, Object> latency = (Map<String, Object>) report.get("latency");
        md.append("1 client, every question once (ms):\n\n| tenant | questions | p50 | p95 | p99 | failed |\n|---|---|---|---|---|---|\n");
        for (String tenant : tenants) {
            Map<String, Object> figures = (Map<String, Object>) latency.get(tenant);
            Figures all = (Figures) figures.get("all");
            md.append(String.format(java.util.Locale.ROOT, "| %s | all (%d) | %.1f | %.1f | %.1f | %d |%n", tenant,
                    all.asked(), all.p50(), all.p95(), all.p99(), all.errors() + all.degraded()));
            ((Map<String, Figures>) figures.get("by_gold_route")).forEach((route, f) -> md.append(String.format(
                    java.util.Locale.ROOT, "| %s | gold %s (%d) | %.1f | %.1f | %.1f | %d |%n", tenant, route, f.asked(),
                    f.p50(), f.p95(), f.p99(), f.errors() + f.degraded())));
        }
        md.append("\nThroughput, closed loop (").append(options.duration().toSeconds())
                .append(" s per pipeline and client count):\n\n| clients | tenant | q/s | p50 | p95 | p99 | failed |\n"
                        + "|---|---|---|---|---|---|---|\n");
        for (Map<String, Object> phase : (List<Map<String, Object>>) report.get("throughput")) {
            for (String tenant : tenants) {
                Figures f = (Figures) phase.get(tenant);
                md.append(String.format(java.util.Locale.ROOT, "| %s | %s | %.1f | %.1f | %.1f | %.1f | %d |%n",
                        phase.get("clients"), tenant, f.queriesPerSecond(), f.p50(), f.p95(), f.p99(),
                        f.errors() + f.degraded()));
            }
        }
        return md.toString();
    }

    static List<Question> questions(Path file, int limit) throws IOException {
        List<Question> questions = new ArrayList<>();
        int line = 0;
        for (String text : Files.readAllLines(file)) {
            line++;
            if (text.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(text);
            } catch (IOException e) {
                throw new IllegalArgumentException(file.getFileName() + " line " + line + ": not valid JSON");
            }
            String question = node.path("question").asText("");
            if (question.isBlank()) {
                throw new IllegalArgumentException(file.getFileName() + " line " + line + ": no \"question\"");
            }
            questions.add(new Question(question, node.hasNonNull("gold_route") ? node.get("gold_route").asText() : null));
            if (limit > 0 && questions.size() == limit) {
                break;
            }
        }
        return questions;
    }

    private void warmUp(List<Question> questions, List<String> tenants) {
        long end = System.nanoTime() + options.warmup().toNanos();
        int n = 0;
        while (System.nanoTime() < end) {
            for (String tenant : tenants) {
                client.ask(tenant, questions.get(n % questions.size()).text());
            }
            n++;
            bar("warm-up", 1 - (double) (end - System.nanoTime()) / Math.max(1, options.warmup().toNanos()), n + " questions");
        }
    }

    /** Every question once, one client, the pipelines interleaved question by question (alternating who goes first). */
    private Map<String, Object> latencyPass(List<Question> questions, List<String> tenants) {
        Map<String, List<BenchClient.Sample>> samples = new LinkedHashMap<>();
        tenants.forEach(t -> samples.put(t, new ArrayList<>()));
        for (int i = 0; i < questions.size(); i++) {
            List<String> order = new ArrayList<>(tenants);
            if (i % 2 == 1) {
                Collections.reverse(order);
            }
            for (String tenant : order) {
                samples.get(tenant).add(client.ask(tenant, questions.get(i).text()));
            }
            bar("1 client, every question", (double) (i + 1) / questions.size(), (i + 1) + "/" + questions.size());
        }
        Map<String, Object> latency = new LinkedHashMap<>();
        for (String tenant : tenants) {
            List<BenchClient.Sample> all = samples.get(tenant);
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("all", Figures.of(all, null, null));
            figures.put("server_p50", Percentiles.of(all.stream().filter(BenchClient.Sample::ok)
                    .map(BenchClient.Sample::serverMs).filter(d -> !d.isNaN()).toList()).at(50));
            Map<String, List<BenchClient.Sample>> byRoute = new TreeMap<>();
            Map<String, List<BenchClient.Sample>> byAction = new TreeMap<>();
            for (int i = 0; i < all.size(); i++) {
                String route = questions.get(i).route();
                if (route != null) {
                    byRoute.computeIfAbsent(route, r -> new ArrayList<>()).add(all.get(i));
                }
                String action = all.get(i).action() == null ? "none" : all.get(i).action();
                byAction.computeIfAbsent(action, a -> new ArrayList<>()).add(all.get(i));
            }
            Map<String, Figures> routes = new LinkedHashMap<>();
            byRoute.forEach((route, list) -> routes.put(route, Figures.of(list, null, null)));
            figures.put("by_gold_route", routes);
            Map<String, Figures> actions = new LinkedHashMap<>();
            byAction.forEach((action, list) -> actions.put(action, Figures.of(list, null, null)));
            figures.put("by_action", actions);
            figures.put("stages", stages(tenant, all));
            latency.put(tenant, figures);
        }
        return latency;
    }

    /** p50 / p95 per stage, over the runs of the 1-client pass (read from their traces afterwards, not timed). */
    private Map<String, Map<String, Object>> stages(String tenant, List<BenchClient.Sample> samples) {
        Map<String, List<Double>> byStage = new LinkedHashMap<>();
        int read = 0;
        for (BenchClient.Sample sample : samples) {
            if (sample.runId() != null) {
                client.stages(tenant, sample.runId()).forEach((stage, ms) -> byStage.computeIfAbsent(stage, s -> new ArrayList<>()).add(ms));
            }
            bar("reading traces of " + tenant, (double) ++read / samples.size(), read + "/" + samples.size());
        }
        Map<String, Map<String, Object>> stages = new LinkedHashMap<>();
        byStage.forEach((stage, values) -> {
            Percentiles p = Percentiles.of(values);
            stages.put(stage, Map.of("runs", values.size(), "p50", p.at(50), "p95", p.at(95)));
        });
        return stages;
    }

    /** {@code clients} clients asking one after another for the phase's duration, each from its own place in the list. */
    private Figures closedLoop(List<Question> questions, String tenant, int clients) {
        List<BenchClient.Sample> samples = Collections.synchronizedList(new ArrayList<>());
        long durationNanos = options.duration().toNanos();
        Double cpuBefore = client.cpuSeconds();
        Double hitsBefore = client.count("corrigo.embeddings.cache", "result:hit");
        Double missesBefore = client.count("corrigo.embeddings.cache", "result:miss");
        long start = System.nanoTime();
        long end = start + durationNanos;
        CountDownLatch done = new CountDownLatch(clients);
        AtomicInteger next = new AtomicInteger();
        for (int c = 0; c < clients; c++) {
            int offset = c * Math.max(1, questions.size() / clients);
            Thread thread = new Thread(() -> {
                try {
                    for (int n = 0; System.nanoTime() < end; n++) {
                        samples.add(client.ask(tenant, questions.get((offset + n) % questions.size()).text()));
                        next.incrementAndGet();
                    }
                } finally {
                    done.countDown();
                }
            }, "bench-client-" + c);
            thread.setDaemon(true);
            thread.start();
        }
        try {
            while (!done.await(250, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                double elapsed = (System.nanoTime() - start) / 1e9;
                bar(clients + " client(s), " + tenant, elapsed * 1e9 / durationNanos,
                        String.format("%.0f q/s", next.get() / Math.max(elapsed, 1e-3)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Double cpuAfter = client.cpuSeconds();
        Double hits = delta(hitsBefore, client.count("corrigo.embeddings.cache", "result:hit"));
        Double misses = delta(missesBefore, client.count("corrigo.embeddings.cache", "result:miss"));
        return Figures.of(new ArrayList<>(samples), seconds,
                cpuBefore == null || cpuAfter == null ? null : cpuAfter - cpuBefore,
                hits == null || misses == null || hits + misses == 0 ? null : hits / (hits + misses));
    }

    private static Double delta(Double before, Double after) {
        return before == null || after == null ? null : after - before;
    }

    private void bar(String label, double fraction, String detail) {
        bar(progress, label, fraction, detail);
    }

    /** Writes {@code report} as indented JSON to {@code file}, creating its directory. */
    static void writeReport(Path file, Object report) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        JSON.writeValue(file.toFile(), report);
    }

    /** Redraws the one-line progress bar on {@code progress}: label, bar, percentage, detail. */
    static void bar(PrintStream progress, String label, double fraction, String detail) {
        int width = 24;
        int filled = (int) Math.round(Math.max(0, Math.min(1, fraction)) * width);
        String line = String.format("\r%-34.34s [%s%s] %3.0f%% %s", label, "#".repeat(filled), "-".repeat(width - filled),
                Math.min(100, fraction * 100), detail);
        progress.print(line + " ".repeat(Math.max(0, 78 - line.length())));
        progress.flush();
    }

    /** Wipes the progress bar's line. */
    static void clearBar(PrintStream progress) {
        progress.print("\r" + " ".repeat(78) + "\r");
    }

    @SuppressWarnings("unchecked")
    private void printTable(Map<String, Object> report, List<String> tenants) {
        Map<String, Object> latency = (Map<String, Object>) report.get("latency");
        out.printf("Corrigo bench: %s, %d questions%n%n", report.get("url"), (Integer) report.get("questions"));
        out.println("1 client, every question once (client round trip, ms):");
        out.printf("%-22s %-24s %8s %8s %8s %7s%n", "tenant", "questions", "p50", "p95", "p99", "failed");
        for (String tenant : tenants) {
            Map<String, Object> figures = (Map<String, Object>) latency.get(tenant);
            row(tenant, "all", (Figures) figures.get("all"));
            ((Map<String, Figures>) figures.get("by_gold_route")).forEach((route, f) -> row(tenant, "gold " + route, f));
            ((Map<String, Figures>) figures.get("by_action")).forEach((action, f) -> row(tenant, "served " + action, f));
        }
        if (tenants.size() == 2) {
            Figures measured = (Figures) ((Map<String, Object>) latency.get(tenants.get(0))).get("all");
            Figures baseline = (Figures) ((Map<String, Object>) latency.get(tenants.get(1))).get("all");
            out.printf("overhead p50: %+.1f ms (%.2fx)%n", measured.p50() - baseline.p50(), measured.p50() / baseline.p50());
        }
        out.println();
        out.println("Per stage, " + tenants.get(0) + " (ms, p50 / p95, runs):");
        ((Map<String, Map<String, Object>>) ((Map<String, Object>) latency.get(tenants.get(0))).get("stages"))
                .forEach((stage, f) -> out.printf("  %-9s %7.1f / %7.1f  (%s)%n", stage, f.get("p50"), f.get("p95"), f.get("runs")));
        out.println();
        out.println("Throughput (closed loop, " + options.duration().toSeconds() + " s per pipeline and client count):");
        out.printf("%-8s %-22s %9s %8s %8s %8s %7s %9s %9s%n", "clients", "tenant", "q/s", "p50", "p95", "p99", "failed",
                "CPU ms/q", "emb.cache");
        for (Map<String, Object> phase : (List<Map<String, Object>>) report.get("throughput")) {
            for (String tenant : tenants) {
                Figures f = (Figures) phase.get(tenant);
                out.printf("%-8s %-22s %9.1f %8.1f %8.1f %8.1f %7d %9s %9s%n", phase.get("clients"), tenant, f.queriesPerSecond(),
                        f.p50(), f.p95(), f.p99(), f.errors() + f.degraded(),
                        f.cpuMillisPerQuery() == null ? "n/a" : String.format("%.1f", f.cpuMillisPerQuery()),
                        f.embeddingCacheHitRate() == null ? "n/a" : String.format("%.0f%%", 100 * f.embeddingCacheHitRate()));
            }
        }
    }

    private void row(String tenant, String label, Figures f) {
        out.printf("%-22s %-24s %8.1f %8.1f %8.1f %7d%n", tenant, label + " (" + f.asked() + ")", f.p50(), f.p95(), f.p99(),
                f.errors() + f.degraded());
    }
}
