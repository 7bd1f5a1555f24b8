package io.corrigo.server.eval;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The confident errors of a set of judged answers: outcome shares, the risk–coverage curve over the answers'
 * confidence scores (Geifman and El-Yaniv's selective prediction: serve only answers at or above a threshold; the
 * share answered falls, and with a score that means something, so does the share of them that is wrong), its area,
 * the reliability of the scores, and the threshold that keeps served errors within a budget.
 */
public final class RiskCoverage {

    /** Reliability bins: tenths of the score. */
    static final int BINS = 10;

    /**
     * One judged question's outcome.
     *
     * @param answerable whether the sources hold an answer
     * @param served     whether an answer was served
     * @param right      whether the served answer leads with a reference answer (false when not served)
     * @param score      the served answer's confidence score in [0, 1], NaN when not served
     */
    public record Judged(boolean answerable, boolean served, boolean right, double score) {

        /** The outcome in words: answered right, served wrong, abstained rightly or abstained wrongly. */
        public String outcome() {
            return served ? (right ? "answered right" : "served wrong")
                    : answerable ? "abstained wrongly" : "abstained rightly";
        }
    }

    /**
     * The least threshold that keeps served errors within {@code budget}, and what it costs.
     *
     * @param threshold the least confidence score to serve
     * @param coverage  the share of judged questions still answered at it
     * @param risk      the share of those answers that is wrong
     * @param lost      the right answers it withholds
     */
    public record Choice(double threshold, double coverage, double risk, int lost) {
    }

    private RiskCoverage() {
    }

    /** The risk metrics of {@code judged}; {@code null} for none. */
    public static EvalReport.Risk of(List<Judged> judged) {
        if (judged.isEmpty()) {
            return null;
        }
        int n = judged.size();
        int answeredRight = 0;
        int abstainedRightly = 0;
        int servedWrong = 0;
        int abstainedWrongly = 0;
        for (Judged j : judged) {
            if (j.served()) {
                if (j.right()) {
                    answeredRight++;
                } else {
                    servedWrong++;
                }
            } else if (j.answerable()) {
                abstainedWrongly++;
            } else {
                abstainedRightly++;
            }
        }
        List<EvalReport.CurvePoint> curve = curve(judged);
        return new EvalReport.Risk(n, answeredRight / (double) n, abstainedRightly / (double) n,
                servedWrong / (double) n, abstainedWrongly / (double) n, curve, area(judged),
                reliability(judged), calibrationError(judged));
    }

    /**
     * The curve: the answers as served, then one point per distinct score, serving only those at or above it; the
     * coverage falls as the threshold rises.
     */
    static List<EvalReport.CurvePoint> curve(List<Judged> judged) {
        List<Judged> served = served(judged);
        List<EvalReport.CurvePoint> points = new ArrayList<>();
        points.add(point(0, served, judged.size()));
        served.stream().map(Judged::score).distinct().sorted().filter(s -> s > 0)
                .forEach(t -> points.add(point(t, served.stream().filter(j -> j.score() >= t).toList(), judged.size())));
        return points;
    }

    private static EvalReport.CurvePoint point(double threshold, List<Judged> kept, int total) {
        long wrong = kept.stream().filter(j -> !j.right()).count();
        return new EvalReport.CurvePoint(threshold, kept.size() / (double) total,
                kept.isEmpty() ? Double.NaN : wrong / (double) kept.size());
    }

    /**
     * The area under the risk–coverage curve (AURC): the served answers in falling score order, the mean over k of
     * the risk of the k most confident. Lower is better; a score that orders right answers first makes it fall.
     */
    static double area(List<Judged> judged) {
        List<Judged> ordered = new ArrayList<>(served(judged));
        if (ordered.isEmpty()) {
            return Double.NaN;
        }
        ordered.sort(Comparator.comparingDouble(Judged::score).reversed());
        double sum = 0;
        int wrong = 0;
        for (int k = 1; k <= ordered.size(); k++) {
            wrong += ordered.get(k - 1).right() ? 0 : 1;
            sum += wrong / (double) k;
        }
        return sum / ordered.size();
    }

    static List<EvalReport.ReliabilityBin> reliability(List<Judged> judged) {
        List<EvalReport.ReliabilityBin> bins = new ArrayList<>();
        for (int b = 0; b < BINS; b++) {
            double from = b / (double) BINS;
            double to = (b + 1) / (double) BINS;
            int bin = b;
            List<Judged> in = served(judged).stream().filter(j -> bin(j.score()) == bin).toList();
            if (!in.isEmpty()) {
                bins.add(new EvalReport.ReliabilityBin(from, to, in.size(),
                        in.stream().mapToDouble(Judged::score).average().orElseThrow(),
                        in.stream().filter(Judged::right).count() / (double) in.size()));
            }
        }
        return bins;
    }

    private static int bin(double score) {
        return Math.min(BINS - 1, (int) Math.floor(score * BINS));
    }

    /** The expected calibration error: the bins' |right share − mean score|, weighted by their answers. */
    static double calibrationError(List<Judged> judged) {
        int served = served(judged).size();
        if (served == 0) {
            return Double.NaN;
        }
        return reliability(judged).stream()
                .mapToDouble(b -> b.answers() / (double) served * Math.abs(b.rightShare() - b.meanScore())).sum();
    }

    /**
     * The least threshold at which at most {@code budget} of the served answers are wrong (so the most answers are
     * kept); empty when even the most confident answer alone is wrong, or nothing is served.
     */
    public static Optional<Choice> forBudget(List<Judged> judged, double budget) {
        List<Judged> served = served(judged);
        long rightAll = served.stream().filter(Judged::right).count();
        for (EvalReport.CurvePoint p : curve(judged)) {
            if (!Double.isNaN(p.risk()) && p.risk() <= budget + 1e-12) {
                long rightKept = served.stream().filter(j -> j.score() >= p.threshold() && j.right()).count();
                return Optional.of(new Choice(p.threshold(), p.coverage(), p.risk(), (int) (rightAll - rightKept)));
            }
        }
        return Optional.empty();
    }

    private static List<Judged> served(List<Judged> judged) {
        return judged.stream().filter(Judged::served).toList();
    }
}
