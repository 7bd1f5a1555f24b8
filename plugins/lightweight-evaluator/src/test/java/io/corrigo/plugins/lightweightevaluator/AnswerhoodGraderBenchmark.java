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
 * for refinement. The Corrigo dev questions against the dev knowledge base (top 8 by BM25), one thread.
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
        for (String line : Files.readAllLines(bench.resolve("questions_dev.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                JsonNode q = json.readTree(line);
                questions.add(q.get("question").asText());
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
        AnswerhoodEvaluator grader = new AnswerhoodEvaluator(AnswerhoodModel.shipped(), embeddings);
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
        double[] grading = new double[questions.size() * ROUNDS];
        double[] withStrips = new double[questions.size() * ROUNDS];
        double sink = 0;
        for (int round = 0; round < ROUNDS; round++) {
            for (int q = 0; q < questions.size(); q++) {
                long start = System.nanoTime();
                for (Passage p : candidates.get(q)) {
                    sink += grader.judge(queries.get(q), p).score();
                }
                long graded = System.nanoTime();
                for (Passage p : candidates.get(q)) {
                    for (Strip strip : p.strips()) {
                        sink += grader.scoreStrip(queries.get(q), p, strip);
                    }
                }
                long end = System.nanoTime();
                grading[round * questions.size() + q] = (graded - start) / 1e6;
                withStrips[round * questions.size() + q] = (end - start) / 1e6;
            }
        }
        // the first round warms the JIT: figures over the later rounds
        double[] g = Arrays.copyOfRange(grading, questions.size(), grading.length);
        double[] w = Arrays.copyOfRange(withStrips, questions.size(), withStrips.length);
        String report = String.format(Locale.ROOT, "answerhood grader, %d questions x %d rounds (first discarded), top %d "
                        + "passages, %d cores, JDK %s%n  grade 8 passages: p50 %.2f ms, p95 %.2f ms%n"
                        + "  grade 8 passages and score their sentences: p50 %.2f ms, p95 %.2f ms%n  (checksum %.1f)%n",
                questions.size(), ROUNDS, PASSAGES, Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), percentile(g, 50), percentile(g, 95), percentile(w, 50),
                percentile(w, 95), sink);
        System.out.print(report);
        Path out = Path.of("target", "benchmarks", "answerhood-grader.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
    }

    private static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
