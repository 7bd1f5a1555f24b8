package io.corrigo.plugins.lightweightevaluator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The answerhood grader's cost per question, as the pipeline pays it: grading the top 8 passages (strips and their
 * embeddings stored at index time, the question embedded once), and then scoring every sentence of those passages
 * for refinement. The Corrigo dev questions and the trust set against the dev knowledge base (top 8 by BM25), one
 * thread; three graders: the model alone, with the sufficiency gate, and with the gate and the answer reader (the
 * reader's own cost is the difference between the last two, per question).
 *
 * <p>A benchmark: it asserts nothing. Run from the repository root with
 * {@code ./mvnw -pl plugins/lightweight-evaluator verify -Dgroups=benchmark -Dbench.excluded=
 * -Dtest=AnswerhoodGraderBenchmark -Dsurefire.failIfNoSpecifiedTests=false} (the bench directory defaults to
 * {@code ../shared/bench}, or {@code -Dbench.dir=}).
 */
@Tag("benchmark")
class AnswerhoodGraderBenchmark {

    private static final int PASSAGES = 8;
    private static final int ROUNDS = 5;

    @Test
    void grade_the_top_8_passages_of_every_dev_question() throws Exception {
        Path bench = Path.of(System.getProperty("bench.dir", "../../../shared/bench"));
        FitAnswerhood fit = new FitAnswerhood();
        FitAnswerhood.Corpus kb = fit.new Corpus(bench.resolve("kb_passages.jsonl"));
        ObjectMapper json = new ObjectMapper();
        List<String> questions = new ArrayList<>();
        for (String set : List.of("questions_dev.jsonl", "trust_dev.jsonl")) {
            for (String line : Files.readAllLines(bench.resolve(set), StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    JsonNode q = json.readTree(line);
                    questions.add(q.get("question").asText());
                }
            }
        }
        EmbeddingService embeddings = new EmbeddingService() {
            @Override
            public Embedding embed(String text) {
                return fit.embed(text);
            }

            @Override
            public int dimension() {
                return 384;
            }

            @Override
            public String modelId() {
                return "all-minilm-l6-v2-q";
            }
        };
        List<Query> queries = new ArrayList<>();
        List<List<Passage>> candidates = new ArrayList<>();
        for (String question : questions) {
            queries.add(new Query(question, embeddings.embed(question), kb.statistics));
            List<Passage> passages = new ArrayList<>();
            for (int i : kb.top(question, PASSAGES)) {
                List<Strip> strips = new ArrayList<>();
                for (int s = 0; s < kb.sentences.get(i).size(); s++) {
                    strips.add(new Strip(s, kb.sentences.get(i).get(s), kb.sentenceVectors.get(i).get(s)));
                }
                passages.add(new Passage(kb.rows.get(i).get("id").asText(), kb.rows.get(i).get("text").asText(),
                        Source.knowledgeBase("d", "t"), 0, kb.vectors.get(i), strips, java.util.Map.of()));
            }
            candidates.add(passages);
        }
        StringBuilder report = new StringBuilder(String.format(Locale.ROOT, "answerhood grader, %d questions (dev and "
                + "trust) x %d rounds (first discarded), top %d passages, %d cores, JDK %s%n", questions.size(), ROUNDS,
                PASSAGES, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version")));
        double[] gated = null;
        for (String name : List.of("model alone", "with the sufficiency gate", "with the gate and the answer reader")) {
            AnswerhoodEvaluator grader = switch (name) {
                case "model alone" -> new AnswerhoodEvaluator(AnswerhoodModel.shipped(), embeddings, false, null, 0);
                case "with the sufficiency gate" -> new AnswerhoodEvaluator(AnswerhoodModel.shipped(), embeddings, true,
                        null, 0);
                default -> new AnswerhoodEvaluator(AnswerhoodModel.shipped(), embeddings, true, AnswerReader::shipped,
                        AnswerhoodEvaluatorFactory.DEFAULT_READER_THRESHOLD);
            };
            double[] withStrips = time(grader, queries, candidates, report, name);
            if (name.startsWith("with the gate and")) {
                // the reader's own cost: this grader's time minus the gate's, per question; most questions are not read
                List<Double> read = new ArrayList<>();
                double[] reader = new double[withStrips.length];
                for (int i = 0; i < reader.length; i++) {
                    reader[i] = Math.max(0, withStrips[i] - gated[i]);
                    if (reader[i] > 1.0) {
                        read.add(reader[i]);
                    }
                }
                double[] readTimes = read.stream().mapToDouble(Double::doubleValue).toArray();
                report.append(String.format(Locale.ROOT, "  the answer reader's own cost per question: p50 %.2f ms, "
                                + "p95 %.2f ms, mean %.2f ms; over the %.0f %% of questions it read (over 1 ms): p50 %.2f ms, "
                                + "p95 %.2f ms%n", percentile(reader, 50), percentile(reader, 95),
                        Arrays.stream(reader).average().orElse(0), 100.0 * readTimes.length / reader.length,
                        readTimes.length == 0 ? 0 : percentile(readTimes, 50),
                        readTimes.length == 0 ? 0 : percentile(readTimes, 95)));
            }
            gated = withStrips;
        }
        System.out.print(report);
        Path out = Path.of("target", "benchmarks", "answerhood-grader.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
    }

    /** Grades and refines every question ROUNDS times; the per-question times of the later rounds. */
    private static double[] time(AnswerhoodEvaluator grader, List<Query> queries, List<List<Passage>> candidates,
                                 StringBuilder report, String name) {
        int n = queries.size();
        double[] grading = new double[n * ROUNDS];
        double[] withStrips = new double[n * ROUNDS];
        double sink = 0;
        for (int round = 0; round < ROUNDS; round++) {
            for (int q = 0; q < n; q++) {
                // a fresh query object per round: the grader remembers a question by identity
                Query query = new Query(queries.get(q).text(), queries.get(q).embedding(), queries.get(q).termStatistics());
                long start = System.nanoTime();
                for (Passage p : candidates.get(q)) {
                    sink += grader.judge(query, p).score();
                }
                long graded = System.nanoTime();
                for (Passage p : candidates.get(q)) {
                    for (Strip strip : p.strips()) {
                        sink += grader.scoreStrip(query, p, strip);
                    }
                }
                long end = System.nanoTime();
                grading[round * n + q] = (graded - start) / 1e6;
                withStrips[round * n + q] = (end - start) / 1e6;
            }
        }
        // the first round warms the JIT: figures over the later rounds
        double[] g = Arrays.copyOfRange(grading, n, grading.length);
        double[] w = Arrays.copyOfRange(withStrips, n, withStrips.length);
        report.append(String.format(Locale.ROOT, "  %s: grade %d passages p50 %.2f ms, p95 %.2f ms; grade and score "
                        + "their sentences (evaluate + refine) p50 %.2f ms, p95 %.2f ms (checksum %.1f)%n", name, PASSAGES,
                percentile(g, 50), percentile(g, 95), percentile(w, 50), percentile(w, 95), sink));
        return w;
    }

    private static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
