package io.corrigo.plugins.lightweightevaluator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.corrigo.api.Embedding;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.text.LexicalCoverage;
import io.corrigo.api.text.Sentences;
import io.corrigo.api.text.Terms;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import smile.classification.LogisticRegression;

/**
 * Fits the answerhood grader's weights ({@link AnswerhoodModel}) on SQuAD 2.0 and writes them with a report of
 * held-out metrics. Run from the repository root (see the plugin README):
 *
 * <pre>
 * ./mvnw -q -pl plugins/lightweight-evaluator -am install -DskipTests
 * ./mvnw -q -pl plugins/lightweight-evaluator test-compile exec:java   (options: -Dfit.args="--train DIR --dev DIR --out FILE")
 * </pre>
 *
 * <p>What it does, deterministically:
 * <ol>
 *   <li>reads the knowledge-base and fallback passages, splits them into sentences as ingestion does, embeds each
 *       sentence with the host's model (all-MiniLM-L6-v2, quantized) and a passage as the mean of its sentences;</li>
 *   <li>for every question, takes the top 8 passages of each corpus by BM25 (the candidates a pipeline would grade)
 *       plus the gold passages; a candidate is positive when it is a gold passage, a sentence when it holds the
 *       gold answer sentence;</li>
 *   <li>holds out every fifth article (by a hash of its title) and fits two L2-regularised logistic regressions
 *       (Smile) on the rest: the passage head and the sentence head;</li>
 *   <li>reports held-out ROC AUC, log loss and a reliability table per head, and the question-level AUC of "the
 *       knowledge base answers" (the best passage's probability); with {@code --dev}, the same on the Corrigo
 *       benchmark's dev split, which is never fitted on;</li>
 *   <li>writes the weights to {@code --out} (default: this plugin's resource) and the report beside it, and the
 *       held-out questions to {@code --heldout} for the evaluation command.</li>
 * </ol>
 */
public final class FitAnswerhood {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CANDIDATES = 8;
    private static final double LAMBDA = 0.5;

    private final EmbeddingModel model = new AllMiniLmL6V2QuantizedEmbeddingModel();
    private final Map<String, Embedding> cache = new HashMap<>();
    private final StringBuilder report = new StringBuilder();
    private final List<Example> answerSentences = new ArrayList<>();
    private static final int FLOOR_PERCENTILE = 5;

    public static void main(String[] args) throws IOException {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        Path train = Path.of(options.getOrDefault("train", "../shared/bench/train"));
        Path out = Path.of(options.getOrDefault("out",
                "plugins/lightweight-evaluator/src/main/resources/io/corrigo/plugins/lightweightevaluator/"
                        + AnswerhoodModel.RESOURCE));
        new FitAnswerhood().run(train, options.containsKey("dev") ? Path.of(options.get("dev")) : null, out,
                Path.of(options.getOrDefault("heldout", "target/squad2_heldout_questions.jsonl")));
    }

    /** One candidate sentence or passage with its features and label. */
    record Example(String question, String article, double[] x, int y) {
    }

    /** A corpus: passages with sentences and embeddings, BM25 statistics. */
    final class Corpus {
        final List<JsonNode> rows;
        final List<List<String>> sentences = new ArrayList<>();
        final List<List<Embedding>> sentenceVectors = new ArrayList<>();
        final List<Embedding> vectors = new ArrayList<>();
        final List<Map<String, Integer>> termCounts = new ArrayList<>();
        final Map<String, Integer> df = new HashMap<>();
        final Map<String, Integer> index = new HashMap<>();
        final double averageLength;
        final TermStatistics statistics;

        Corpus(Path file) throws IOException {
            rows = readJsonl(file);
            long length = 0;
            for (int i = 0; i < rows.size(); i++) {
                JsonNode row = rows.get(i);
                index.put(row.get("id").asText(), i);
                String text = row.get("text").asText();
                List<String> split = Sentences.split(text);
                sentences.add(split);
                List<Embedding> vs = split.stream().map(FitAnswerhood.this::embed).toList();
                sentenceVectors.add(vs);
                vectors.add(vs.isEmpty() ? embed(text) : Embedding.meanOf(vs));
                Map<String, Integer> counts = new HashMap<>();
                for (String token : Terms.tokens(text)) {
                    counts.merge(LexicalCoverage.stem(token), 1, Integer::sum);
                    length++;
                }
                termCounts.add(counts);
                counts.keySet().forEach(t -> df.merge(t, 1, Integer::sum));
            }
            averageLength = length / (double) Math.max(1, rows.size());
            int n = rows.size();
            statistics = term -> {
                int d = df.getOrDefault(LexicalCoverage.stem(term), 0);
                return Math.log(1 + (n - d + 0.5) / (d + 0.5));
            };
        }

        /** The top {@code k} passages for {@code question} by BM25 (k1 1.2, b 0.75). */
        List<Integer> top(String question, int k) {
            List<String> terms = Terms.contentTerms(question).stream().map(LexicalCoverage::stem).distinct().toList();
            double[] scores = new double[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                Map<String, Integer> counts = termCounts.get(i);
                int length = counts.values().stream().mapToInt(Integer::intValue).sum();
                for (String t : terms) {
                    int tf = counts.getOrDefault(t, 0);
                    if (tf > 0) {
                        double idf = statistics.inverseDocumentFrequency(t);
                        scores[i] += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / averageLength));
                    }
                }
            }
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                if (scores[i] > 0) {
                    order.add(i);
                }
            }
            order.sort(Comparator.comparingDouble((Integer i) -> -scores[i]).thenComparing(i -> i));
            return order.subList(0, Math.min(k, order.size()));
        }
    }

    void run(Path train, Path dev, Path out, Path heldoutFile) throws IOException {
        long start = System.nanoTime();
        Corpus kb = new Corpus(train.resolve("squad2_kb_passages.jsonl"));
        Corpus web = new Corpus(train.resolve("squad2_web_passages.jsonl"));
        List<JsonNode> questions = readJsonl(train.resolve("squad2_questions.jsonl"));
        List<String> articles = articlesOf(questions);
        line("# Answerhood grader: fit report");
        line("");
        line(String.format(Locale.ROOT, "Training data: %s — %d questions, %d + %d passages; every fifth article "
                + "(by title hash) held out; %d candidates per corpus by BM25 plus gold; Smile logistic regression, "
                + "λ = %.2f, standardised features.", train, questions.size(), kb.rows.size(), web.rows.size(),
                CANDIDATES, LAMBDA));
        List<Example> passageExamples = new ArrayList<>();
        List<Example> sentenceExamples = new ArrayList<>();
        for (int q = 0; q < questions.size(); q++) {
            examples(questions.get(q), articles.get(q), kb, web, passageExamples, sentenceExamples);
        }
        AnswerhoodModel.Head passage = fit("passage", passageExamples);
        AnswerhoodModel.Head sentence = fit("sentence", sentenceExamples);
        double floor = relevanceFloor(sentence);
        AnswerhoodModel fitted = new AnswerhoodModel("1", passage, sentence, floor);

        line("");
        line("## Question level, held-out articles");
        questionLevel(fitted, heldOut(questions, articles), kb, web);
        writeHeldOut(questions, articles, heldoutFile);
        if (dev != null) {
            line("");
            line("## Question level, Corrigo dev split (never fitted on)");
            Corpus devKb = new Corpus(dev.resolve("kb_passages.jsonl"));
            Corpus devWeb = new Corpus(dev.resolve("web_passages.jsonl"));
            questionLevel(fitted, readJsonl(dev.resolve("questions_dev.jsonl")), devKb, devWeb);
        }
        line("");
        line(String.format(Locale.ROOT, "Fitted in %.0f s.", (System.nanoTime() - start) / 1e9));
        Files.createDirectories(out.toAbsolutePath().getParent());
        try (OutputStream os = Files.newOutputStream(out)) {
            fitted.write().store(os, "Answerhood grader weights, written by FitAnswerhood from " + train.getFileName()
                    + " (SQuAD 2.0); see " + out.getFileName().toString().replace(".properties", "-report.md"));
        }
        Path reportFile = out.resolveSibling(out.getFileName().toString().replace(".properties", "-report.md"));
        Files.writeString(reportFile, report);
        System.out.println(report);
        System.out.println("Weights: " + out.toAbsolutePath() + "\nReport: " + reportFile.toAbsolutePath());
    }

    private void examples(JsonNode question, String article, Corpus kb, Corpus web, List<Example> passages,
                          List<Example> sentences) {
        String text = question.get("question").asText();
        Set<String> gold = new HashSet<>();
        question.get("gold_passage_ids").forEach(n -> gold.add(n.asText()));
        Set<String> goldSentences = new HashSet<>();
        question.get("gold_sentences").forEach(n -> goldSentences.add(normalise(n.asText())));
        Embedding q = embed(text);
        for (Corpus corpus : List.of(kb, web)) {
            AnswerFeatures features = new AnswerFeatures(text, q, corpus.statistics);
            Set<Integer> candidates = new java.util.LinkedHashSet<>(corpus.top(text, CANDIDATES));
            gold.stream().map(corpus.index::get).filter(java.util.Objects::nonNull).forEach(candidates::add);
            for (int i : candidates) {
                String id = corpus.rows.get(i).get("id").asText();
                String passageText = corpus.rows.get(i).get("text").asText();
                AnswerFeatures.PassageContext context = features.passageContext(passageText, corpus.vectors.get(i),
                        corpus.sentences.get(i), corpus.sentenceVectors.get(i));
                passages.add(new Example(text, article, features.passage(passageText, corpus.vectors.get(i),
                        corpus.sentences.get(i), corpus.sentenceVectors.get(i)), gold.contains(id) ? 1 : 0));
                for (int s = 0; s < corpus.sentences.get(i).size(); s++) {
                    String sentence = corpus.sentences.get(i).get(s);
                    int label = gold.contains(id) && matchesGold(sentence, goldSentences) ? 1 : 0;
                    sentences.add(new Example(text, article, features.sentenceInPassage(sentence,
                            corpus.sentenceVectors.get(i).get(s), context), label));
                    if (label == 1) {
                        // as the critic sees an answer sentence: on its own, without its passage
                        answerSentences.add(new Example(text, article, features.sentence(sentence,
                                corpus.sentenceVectors.get(i).get(s)), 1));
                    }
                }
            }
        }
    }

    private AnswerhoodModel.Head fit(String name, List<Example> examples) {
        List<Example> fitOn = examples.stream().filter(e -> !isHeldOut(e.article())).toList();
        List<Example> heldOut = examples.stream().filter(e -> isHeldOut(e.article())).toList();
        int p = AnswerFeatures.NAMES.size();
        double[] mean = new double[p];
        double[] scale = new double[p];
        for (Example e : fitOn) {
            for (int j = 0; j < p; j++) {
                mean[j] += e.x()[j] / fitOn.size();
            }
        }
        for (Example e : fitOn) {
            for (int j = 0; j < p; j++) {
                scale[j] += Math.pow(e.x()[j] - mean[j], 2) / fitOn.size();
            }
        }
        for (int j = 0; j < p; j++) {
            scale[j] = Math.max(1e-6, Math.sqrt(scale[j]));
        }
        double[][] x = new double[fitOn.size()][];
        int[] y = new int[fitOn.size()];
        for (int i = 0; i < fitOn.size(); i++) {
            x[i] = standardise(fitOn.get(i).x(), mean, scale);
            y[i] = fitOn.get(i).y();
        }
        LogisticRegression.Binomial lr = LogisticRegression.binomial(x, y, LAMBDA, 1e-6, 1000);
        double[] w = lr.coefficients();
        double[] weights = java.util.Arrays.copyOf(w, p);
        AnswerhoodModel.Head head = new AnswerhoodModel.Head(mean, scale, weights, w[p]);
        double check = head.probability(fitOn.get(0).x()) - lr.score(x[0]);
        if (Math.abs(check) > 1e-6) {
            throw new IllegalStateException("Smile's coefficients are not laid out as expected (difference " + check + ")");
        }
        line("");
        line("## " + name + " head");
        line(String.format(Locale.ROOT, "Examples: %d fitted (%d positive), %d held out (%d positive).", fitOn.size(),
                fitOn.stream().filter(e -> e.y() == 1).count(), heldOut.size(), heldOut.stream().filter(e -> e.y() == 1).count()));
        double[] probabilities = heldOut.stream().mapToDouble(e -> head.probability(e.x())).toArray();
        int[] labels = heldOut.stream().mapToInt(Example::y).toArray();
        line(String.format(Locale.ROOT, "Held out: ROC AUC %.3f, log loss %.3f.", auc(probabilities, labels),
                logLoss(probabilities, labels)));
        line("");
        line("| feature | weight (standardised) |");
        line("|---|---|");
        for (int j = 0; j < p; j++) {
            line(String.format(Locale.ROOT, "| %s | %+.3f |", AnswerFeatures.NAMES.get(j), weights[j]));
        }
        line(String.format(Locale.ROOT, "| (bias) | %+.3f |", w[p]));
        line("");
        line("Reliability on held-out examples (predicted probability bin → share positive):");
        line("");
        line("| bin | examples | mean predicted | observed |");
        line("|---|---|---|---|");
        for (int b = 0; b < 10; b++) {
            double lo = b / 10.0;
            double hi = (b + 1) / 10.0;
            int n = 0;
            double predicted = 0;
            double observed = 0;
            for (int i = 0; i < probabilities.length; i++) {
                if (probabilities[i] >= lo && (probabilities[i] < hi || b == 9)) {
                    n++;
                    predicted += probabilities[i];
                    observed += labels[i];
                }
            }
            if (n > 0) {
                line(String.format(Locale.ROOT, "| %.1f–%.1f | %d | %.3f | %.3f |", lo, hi, n, predicted / n, observed / n));
            }
        }
        return head;
    }

    /**
     * The critic's relevance floor: the sentence head's probability that all but {@value #FLOOR_PERCENTILE} % of
     * held-out answer sentences reach when judged on their own, as the critic judges an answer sentence.
     */
    private double relevanceFloor(AnswerhoodModel.Head sentence) {
        double[] p = answerSentences.stream().filter(e -> isHeldOut(e.article()))
                .mapToDouble(e -> sentence.probability(e.x())).sorted().toArray();
        double floor = p[(int) Math.floor(p.length * FLOOR_PERCENTILE / 100.0)];
        line("");
        line(String.format(Locale.ROOT, "Critic relevance floor: %.4f (%d held-out answer sentences judged on their own; "
                + "%d %% fall below it).", floor, p.length, FLOOR_PERCENTILE));
        return floor;
    }

    /** Per question, the best knowledge-base passage's probability against "the knowledge base answers". */
    private void questionLevel(AnswerhoodModel model, List<JsonNode> questions, Corpus kb, Corpus web) {
        double[] best = new double[questions.size()];
        int[] answers = new int[questions.size()];
        int[] notNone = new int[questions.size()];
        for (int q = 0; q < questions.size(); q++) {
            JsonNode question = questions.get(q);
            String text = question.get("question").asText();
            AnswerFeatures features = new AnswerFeatures(text, embed(text), kb.statistics);
            for (int i : kb.top(text, CANDIDATES)) {
                best[q] = Math.max(best[q], model.passage().probability(features.passage(
                        kb.rows.get(i).get("text").asText(), kb.vectors.get(i), kb.sentences.get(i), kb.sentenceVectors.get(i))));
            }
            answers[q] = question.get("gold_route").asText().equals("kb") ? 1 : 0;
            notNone[q] = question.get("gold_route").asText().equals("none") ? 0 : 1;
        }
        line(String.format(Locale.ROOT, "%d questions: ROC AUC of the best passage's probability for \"the knowledge "
                + "base answers\" (kb vs web+none) %.3f; for kb vs none only %.3f.", questions.size(), auc(best, answers),
                aucWhere(best, answers, notNone)));
        line("");
        line("| upper threshold | kb questions ≥ it (CORRECT) | web questions ≥ it | none questions ≥ it |");
        line("|---|---|---|---|");
        for (double t : new double[] {0.3, 0.4, 0.5, 0.6, 0.7}) {
            int[] counts = new int[3];
            int[] totals = new int[3];
            for (int q = 0; q < questions.size(); q++) {
                int route = switch (questions.get(q).get("gold_route").asText()) {
                    case "kb" -> 0;
                    case "web" -> 1;
                    default -> 2;
                };
                totals[route]++;
                if (best[q] >= t) {
                    counts[route]++;
                }
            }
            line(String.format(Locale.ROOT, "| %.1f | %.3f | %.3f | %.3f |", t, counts[0] / (double) Math.max(1, totals[0]),
                    counts[1] / (double) Math.max(1, totals[1]), counts[2] / (double) Math.max(1, totals[2])));
        }
    }

    /** AUC of kb (1) against none (0) only: questions with {@code keep[q] == 0 && label == 0} are none. */
    private static double aucWhere(double[] scores, int[] labels, int[] answerable) {
        List<Double> s = new ArrayList<>();
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < scores.length; i++) {
            if (labels[i] == 1 || answerable[i] == 0) {
                s.add(scores[i]);
                l.add(labels[i]);
            }
        }
        return auc(s.stream().mapToDouble(Double::doubleValue).toArray(), l.stream().mapToInt(Integer::intValue).toArray());
    }

    static double auc(double[] scores, int[] labels) {
        long positives = java.util.Arrays.stream(labels).filter(v -> v == 1).count();
        long negatives = labels.length - positives;
        if (positives == 0 || negatives == 0) {
            return Double.NaN;
        }
        Integer[] order = new Integer[scores.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, Comparator.comparingDouble(i -> scores[i]));
        double rankSum = 0;
        int i = 0;
        while (i < order.length) {
            int j = i;
            while (j + 1 < order.length && scores[order[j + 1]] == scores[order[i]]) {
                j++;
            }
            double rank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                if (labels[order[k]] == 1) {
                    rankSum += rank;
                }
            }
            i = j + 1;
        }
        return (rankSum - positives * (positives + 1) / 2.0) / (positives * (double) negatives);
    }

    private static double logLoss(double[] p, int[] y) {
        double sum = 0;
        for (int i = 0; i < p.length; i++) {
            double q = Math.min(1 - 1e-9, Math.max(1e-9, p[i]));
            sum -= y[i] == 1 ? Math.log(q) : Math.log(1 - q);
        }
        return sum / p.length;
    }

    private static double[] standardise(double[] x, double[] mean, double[] scale) {
        double[] z = new double[x.length];
        for (int j = 0; j < x.length; j++) {
            z[j] = (x[j] - mean[j]) / scale[j];
        }
        return z;
    }

    /**
     * The article of every question: that of its gold passages, else (unanswerable questions name none) that of the
     * nearest question before it that has one — SQuAD lists an article's questions together.
     */
    private static List<String> articlesOf(List<JsonNode> questions) {
        List<String> articles = new ArrayList<>();
        String last = "";
        for (JsonNode q : questions) {
            JsonNode gold = q.get("gold_passage_ids");
            if (gold.size() > 0) {
                last = gold.get(0).asText().replaceFirst("^squad-", "").replaceFirst("-\\d+#\\d+$", "");
            }
            articles.add(last);
        }
        return articles;
    }

    private static boolean isHeldOut(String article) {
        return Math.floorMod(article.hashCode(), 5) == 0;
    }

    private static List<JsonNode> heldOut(List<JsonNode> questions, List<String> articles) {
        List<JsonNode> result = new ArrayList<>();
        for (int q = 0; q < questions.size(); q++) {
            if (isHeldOut(articles.get(q))) {
                result.add(questions.get(q));
            }
        }
        return result;
    }

    private static void writeHeldOut(List<JsonNode> questions, List<String> articles, Path file) throws IOException {
        StringBuilder lines = new StringBuilder();
        for (JsonNode q : heldOut(questions, articles)) {
            lines.append(JSON.writeValueAsString(q)).append('\n');
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, lines);
        System.out.println("Held-out questions for the evaluation command: " + file.toAbsolutePath());
    }

    private static boolean matchesGold(String sentence, Set<String> gold) {
        String s = normalise(sentence);
        for (String g : gold) {
            if (s.equals(g) || s.contains(g) || (g.contains(s) && s.length() > 20)) {
                return true;
            }
        }
        return false;
    }

    private static String normalise(String text) {
        return String.join(" ", Terms.tokens(text));
    }

    Embedding embed(String text) {
        return cache.computeIfAbsent(text, t -> Embedding.of(model.embed(t.isBlank() ? " " : t).content().vector()));
    }

    private static List<JsonNode> readJsonl(Path file) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                rows.add(JSON.readTree(line));
            }
        }
        return rows;
    }

    private void line(String text) {
        report.append(text).append('\n');
    }
}
