package io.corrigo.server.eval;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The benchmark's metric definitions (../shared/bench/README.md), as pure functions: route credit, sentence
 * matching for context precision and recall, SQuAD-style answer normalisation, containment and token F1, and
 * percentiles.
 */
public final class EvalMetrics {

    private static final Set<String> ARTICLES = Set.of("a", "an", "the");

    private EvalMetrics() {
    }

    /**
     * Route credit: {@code kb} — CORRECT (or a naive run, which always answers from the knowledge base) 1,
     * AMBIGUOUS 0.5; {@code web} — INCORRECT or AMBIGUOUS 1; {@code none} — an abstention 1; else 0.
     *
     * @param action the run's action, or {@code null} for a naive run
     */
    public static double routeCredit(String goldRoute, String action, boolean abstained) {
        return switch (goldRoute) {
            case "kb" -> action == null || action.equals("CORRECT") ? 1 : action.equals("AMBIGUOUS") ? 0.5 : 0;
            case "web" -> "INCORRECT".equals(action) || "AMBIGUOUS".equals(action) ? 1 : 0;
            case "none" -> abstained ? 1 : 0;
            default -> throw new IllegalArgumentException("unknown gold route " + goldRoute);
        };
    }

    /** Lower case, accents, punctuation and the articles a/an/the removed, whitespace collapsed (SQuAD). */
    public static String normalise(String text) {
        String lower = Normalizer.normalize(text == null ? "" : text, Normalizer.Form.NFKD)
                .replaceAll("\\p{M}", "").toLowerCase(Locale.ROOT);
        String noPunctuation = lower.replaceAll("[\\p{P}\\p{S}]", " ");
        List<String> words = new ArrayList<>();
        for (String w : noPunctuation.split("\\s+")) {
            if (!w.isEmpty() && !ARTICLES.contains(w)) {
                words.add(w);
            }
        }
        return String.join(" ", words);
    }

    static List<String> tokens(String text) {
        String n = normalise(text);
        return n.isEmpty() ? List.of() : Arrays.asList(n.split(" "));
    }

    /** Whether two sentences match: their normalised token sets overlap by at least half of the shorter one. */
    public static boolean matches(String a, String b) {
        Set<String> ta = new HashSet<>(tokens(a));
        Set<String> tb = new HashSet<>(tokens(b));
        if (ta.isEmpty() || tb.isEmpty()) {
            return false;
        }
        int shorter = Math.min(ta.size(), tb.size());
        ta.retainAll(tb);
        return ta.size() >= 0.5 * shorter;
    }

    /** The share of context sentences that match a gold sentence; NaN for an empty context. */
    public static double contextPrecision(List<String> context, List<String> gold) {
        if (context.isEmpty()) {
            return Double.NaN;
        }
        long hits = context.stream().filter(c -> gold.stream().anyMatch(g -> matches(c, g))).count();
        return (double) hits / context.size();
    }

    /** The share of gold sentences present in the context; NaN when there are no gold sentences. */
    public static double contextRecall(List<String> context, List<String> gold) {
        if (gold.isEmpty()) {
            return Double.NaN;
        }
        long hits = gold.stream().filter(g -> context.stream().anyMatch(c -> matches(c, g))).count();
        return (double) hits / gold.size();
    }

    /** Whether the normalised answer contains some normalised reference answer. */
    public static boolean contains(String answer, List<String> references) {
        String n = " " + normalise(answer) + " ";
        return references.stream().map(EvalMetrics::normalise).filter(r -> !r.isEmpty())
                .anyMatch(r -> n.contains(" " + r + " "));
    }

    /** SQuAD token F1 of a prediction against one reference. */
    public static double tokenF1(String prediction, String reference) {
        List<String> p = tokens(prediction);
        List<String> r = tokens(reference);
        if (p.isEmpty() || r.isEmpty()) {
            return p.equals(r) ? 1 : 0;
        }
        Map<String, Integer> counts = new HashMap<>();
        r.forEach(t -> counts.merge(t, 1, Integer::sum));
        int common = 0;
        for (String t : p) {
            Integer c = counts.get(t);
            if (c != null && c > 0) {
                common++;
                counts.put(t, c - 1);
            }
        }
        if (common == 0) {
            return 0;
        }
        double precision = (double) common / p.size();
        double recall = (double) common / r.size();
        return 2 * precision * recall / (precision + recall);
    }

    /** The best token F1 against any reference; 0 without references. */
    public static double bestTokenF1(String prediction, List<String> references) {
        return references.stream().mapToDouble(r -> tokenF1(prediction, r)).max().orElse(0);
    }

    /** The {@code p}-th percentile (0–100) by the nearest-rank method; NaN for no values. */
    public static double percentile(List<Double> values, double p) {
        return io.corrigo.server.Percentiles.percentile(values, p);
    }

    /** The mean of the values that are numbers; NaN when there are none. */
    public static double mean(List<Double> values) {
        return values.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
