package io.corrigo.server.bench;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code bench} command's options.
 *
 * @param url       the deployment's base address
 * @param tenant    the tenant measured (its active pipeline, usually corrective)
 * @param baseline  the tenant it is compared with (e.g. the same knowledge base in naive mode), or {@code null}
 * @param questions the questions, one JSON object per line with {@code question} (and {@code gold_route}, if known)
 * @param clients   the numbers of concurrent clients of the throughput phases
 * @param duration  how long each throughput phase runs, per pipeline
 * @param warmup    how long questions are asked, unmeasured, before anything is measured
 * @param user      the admin who asks (HTTP Basic)
 * @param password  their password
 * @param limit     at most this many questions (0: all)
 * @param out       where the JSON report goes, or {@code null}
 * @param markdown  where the figures go as a dated Markdown section (for docs/performance), or {@code null}
 */
public record BenchOptions(URI url, String tenant, String baseline, Path questions, List<Integer> clients,
                           Duration duration, Duration warmup, String user, String password, int limit, Path out,
                           Path markdown) {

    static final String USAGE = """
            usage: java -jar corrigo.jar bench --tenant <t> --questions q.jsonl [--baseline-tenant <b>]
                     [--url http://127.0.0.1:8080] [--clients 1,8,32] [--duration 30s] [--warmup 10s]
                     [--user admin] [--password … | env CORRIGO_ADMIN_PASSWORD] [--limit N] [--out bench.json]
                     [--markdown docs/performance/bench-YYYY-MM-DD.md]
              --tenant           the tenant measured (its active pipeline)
              --baseline-tenant  the tenant compared with, asked interleaved in the same run (e.g. a naive copy)
              --questions        JSON Lines with a "question" (and "gold_route": kb | web | none, when known)
              --clients          concurrent clients of the throughput phases, comma-separated
              --duration         each throughput phase, per pipeline (s, m: 30s, 2m)
              --warmup           unmeasured questions first
              --limit            only the first N questions
              --out              the whole report as JSON
              --markdown         the figures as a dated Markdown section, with the command that made them

            usage: java -jar corrigo.jar bench --synthetic-chunks N [--retriever lucene-retriever]
                     [--plugins-dir <dir>] [--work-dir <dir>] [--queries 1000] [--out scale.json]
              --synthetic-chunks index N synthetic chunks (384-d vectors, two sentences each) into the retriever
                                 plugin in this process, measure retrieval, compact, measure again
              --retriever        the retriever's factory id (a plugin that keeps its own index)
              --plugins-dir      where its plugin file is (default: the plugins beside this jar)
              --work-dir         where the index is built and kept (default: a temporary directory, deleted)
              --queries          measured queries per pass, after 200 unmeasured""";

    private static final List<String> KNOWN = List.of("url", "tenant", "baseline-tenant", "questions", "clients",
            "duration", "warmup", "user", "password", "limit", "out", "markdown");

    private static final List<String> SCALE = List.of("synthetic-chunks", "retriever", "plugins-dir", "work-dir",
            "queries", "out");

    /** Parses the arguments of {@code bench --synthetic-chunks N ...}. */
    static RetrievalScale parseScale(List<String> args) {
        Map<String, String> values = options(args, SCALE);
        int chunks = number("synthetic-chunks", values.get("synthetic-chunks"));
        if (chunks < 1_000 || chunks > 100_000_000) {
            throw new IllegalArgumentException("--synthetic-chunks must be 1,000 to 100,000,000, was " + chunks);
        }
        int queries = number("queries", values.getOrDefault("queries", "1000"));
        if (queries < 10) {
            throw new IllegalArgumentException("--queries must be at least 10, was " + queries);
        }
        Path plugins = values.containsKey("plugins-dir") ? Path.of(values.get("plugins-dir"))
                : io.corrigo.server.plugin.PluginHost.defaultPluginsDirectory();
        if (!Files.isDirectory(plugins)) {
            throw new IllegalArgumentException("no plugins directory at " + plugins + " (give --plugins-dir)");
        }
        return new RetrievalScale(chunks, values.getOrDefault("retriever", "lucene-retriever"), plugins,
                values.containsKey("work-dir") ? Path.of(values.get("work-dir")) : null, queries,
                values.containsKey("out") ? Path.of(values.get("out")) : null);
    }

    /** {@code --name value} pairs, each name one of {@code known}. */
    private static Map<String, String> options(List<String> args, List<String> known) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--") || i + 1 >= args.size()) {
                throw new IllegalArgumentException("unexpected argument '" + arg + "'");
            }
            String name = arg.substring(2);
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown option --" + name);
            }
            values.put(name, args.get(++i));
        }
        return values;
    }

    /** Parses the arguments after {@code bench}; {@code environment} supplies the password when none is given. */
    static BenchOptions parse(List<String> args, Map<String, String> environment) {
        Map<String, String> values = options(args, KNOWN);
        if (!values.containsKey("tenant") || !values.containsKey("questions")) {
            throw new IllegalArgumentException("--tenant and --questions are required");
        }
        Path questions = Path.of(values.get("questions"));
        if (!Files.isRegularFile(questions)) {
            throw new IllegalArgumentException("no such file: " + questions);
        }
        String password = values.getOrDefault("password", environment.get("CORRIGO_ADMIN_PASSWORD"));
        if (password == null || password.isEmpty()) {
            throw new IllegalArgumentException("give the admin's password: --password or CORRIGO_ADMIN_PASSWORD");
        }
        URI url;
        try {
            url = URI.create(values.getOrDefault("url", "http://127.0.0.1:8080").replaceAll("/+$", ""));
            if (url.getScheme() == null || !url.getScheme().startsWith("http") || url.getHost() == null) {
                throw new IllegalArgumentException("bad scheme");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--url must be an http(s) address, was '" + values.get("url") + "'");
        }
        List<Integer> clients = new ArrayList<>();
        for (String part : values.getOrDefault("clients", "1,8,32").split(",")) {
            int n = number("clients", part.trim());
            if (n < 1 || n > 512) {
                throw new IllegalArgumentException("--clients must be 1 to 512 each, was " + n);
            }
            clients.add(n);
        }
        int limit = number("limit", values.getOrDefault("limit", "0"));
        if (limit < 0) {
            throw new IllegalArgumentException("--limit cannot be negative");
        }
        return new BenchOptions(url, values.get("tenant"), values.get("baseline-tenant"), questions, List.copyOf(clients),
                duration("duration", values.getOrDefault("duration", "30s")),
                duration("warmup", values.getOrDefault("warmup", "10s")), values.getOrDefault("user", "admin"),
                password, limit, values.containsKey("out") ? Path.of(values.get("out")) : null,
                values.containsKey("markdown") ? Path.of(values.get("markdown")) : null);
    }

    private static int number(String option, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + option + " must be a number, was '" + value + "'");
        }
    }

    /** {@code 30s}, {@code 2m}, {@code 500ms} or plain seconds. */
    static Duration duration(String option, String value) {
        try {
            if (value.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)));
            }
            if (value.endsWith("m")) {
                return Duration.ofMinutes(Long.parseLong(value.substring(0, value.length() - 1)));
            }
            return Duration.ofSeconds(Long.parseLong(value.endsWith("s") ? value.substring(0, value.length() - 1) : value));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + option + " must be a duration such as 30s or 2m, was '" + value + "'");
        }
    }
}
