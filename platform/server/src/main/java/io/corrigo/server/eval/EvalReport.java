package io.corrigo.server.eval;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What an evaluation found: the metrics of each pipeline overall and per slice, and the corrective-minus-naive
 * difference of each metric.
 *
 * @param createdAt   when it ran
 * @param tenant      the tenant whose pipeline ran
 * @param questions   how many questions
 * @param pipelines   per pipeline, in run order (the naive baseline last)
 * @param differences metric name → first pipeline minus the naive baseline (empty without a baseline)
 */
public record EvalReport(Instant createdAt, String tenant, int questions, List<PipelineResult> pipelines,
                         Map<String, Double> differences, List<Outcome> outcomes) {

    public EvalReport {
        outcomes = outcomes == null ? List.of() : List.copyOf(outcomes); // reports stored before outcomes were kept
    }

    /** A report without per-question outcomes. */
    public EvalReport(Instant createdAt, String tenant, int questions, List<PipelineResult> pipelines,
                      Map<String, Double> differences) {
        this(createdAt, tenant, questions, pipelines, differences, List.of());
    }

    /**
     * What one pipeline did with one question, and whether that was right.
     *
     * @param pipeline  the pipeline's name in the report
     * @param id        the question's id in the set
     * @param question  the question
     * @param goldRoute where its answer is ({@code kb}, {@code web}) or {@code none}
     * @param action    the grade the run routed on, or {@code null}
     * @param abstained whether it abstained
     * @param answer    the answer served (at most 600 characters)
     * @param verdict   {@code right}, {@code wrong} or {@code partly}
     * @param why       the reason, in words
     */
    public record Outcome(String pipeline, String id, String question, String goldRoute, String action, boolean abstained,
                          String answer, String verdict, String why) {

        /** Why, for a question nothing should answer, abstaining was right. */
        public static final String ABSTAINED_RIGHTLY = "abstained: the sources do not answer it";
        /** Why, for a question nothing should answer, answering was wrong. */
        public static final String ANSWERED_UNANSWERABLE = "answered a question the sources do not answer";
        /** Why abstaining on a question the knowledge base answers was wrong. */
        public static final String ABSTAINED_KB = "abstained, though the knowledge base answers it";
        /** Why abstaining on a question the web answers was wrong. */
        public static final String ABSTAINED_WEB = "abstained, though the web answers it";
        /** Why an answer holding the reference ({0}) was right. */
        public static final String HOLDS = "the answer holds \"{0}\"";
        /** Why an answer without the reference ({0}) was wrong. */
        public static final String LACKS = "served an answer without \"{0}\"";
        /** How a question without short references was routed ({0}: the grade) for an answer in the knowledge base. */
        public static final String ROUTED_KB = "routed {0} for an answer in the knowledge base";
        /** How a question without short references was routed ({0}: the grade) for an answer on the web. */
        public static final String ROUTED_WEB = "routed {0} for an answer in the web";
        /** How a question was routed that no grade decided, for an answer in the knowledge base. */
        public static final String UNGRADED_KB = "routed without grading for an answer in the knowledge base";
        /** How a question was routed that no grade decided, for an answer on the web. */
        public static final String UNGRADED_WEB = "routed without grading for an answer in the web";

        /** Every shape {@link #why()} takes, {0} standing for its value: the admin UI says them in the admin's language. */
        public static final List<String> REASONS = List.of(ABSTAINED_RIGHTLY, ANSWERED_UNANSWERABLE, ABSTAINED_KB,
                ABSTAINED_WEB, HOLDS, LACKS, ROUTED_KB, ROUTED_WEB, UNGRADED_KB, UNGRADED_WEB);
    }

    /**
     * One pipeline's results.
     *
     * @param name         e.g. {@code corrective v3} or {@code naive}
     * @param overall      over every question
     * @param slices       by {@code source:<dataset>} and {@code route:<gold route>}
     * @param confusion    {@code <gold route> → <action>[ abstained]} → count
     * @param stageLatency stage → [p50, p95] in ms
     */
    public record PipelineResult(String name, Metrics overall, Map<String, Metrics> slices,
                                 Map<String, Map<String, Integer>> confusion, Map<String, double[]> stageLatency) {
    }

    /**
     * The benchmark's metrics over a set of questions; {@code NaN} where a metric has nothing to measure.
     *
     * @param questions         how many
     * @param degraded          how many of them ran degraded (a plugin failed): every figure over them is suspect
     * @param routeAccuracy     mean route credit
     * @param abstentionRecall  abstentions on {@code none} questions
     * @param falseAbstention   abstentions on {@code kb}/{@code web} questions
     * @param contextPrecision  mean share of context sentences matching a gold sentence (answerable questions)
     * @param contextRecall     mean share of gold sentences in the context
     * @param containment       answers containing a reference answer (covidqa, answerable)
     * @param tokenF1           mean best token F1 against the references (answerable with references)
     * @param latencyP50        end to end, ms
     * @param latencyP95        end to end, ms
     * @param faithfulness      mean support of the answers' claims by their context, judged by the active
     *                          pipeline's critic, the claim that the answer answers its question included (judged by
     *                          {@link AnswerJudge} where it can: a quoted non-answer is not faithful as an answer)
     * @param answerRelevancy   whether the answer answers its question (answered questions): against the short
     *                          references where the set has them, else by sufficiency of the answer for the question's
     *                          focus, else the probability the active pipeline's retrieval evaluator gives it
     * @param trust             the trust metrics over the questions with short references or none, or {@code null}
     * @param risk              the same questions by outcome, with the risk–coverage curve and the reliability of the
     *                          answers' confidence, or {@code null} (reports stored before it was kept)
     */
    public record Metrics(int questions, int degraded, double routeAccuracy, double abstentionRecall, double falseAbstention,
                          double contextPrecision, double contextRecall, double containment, double tokenF1,
                          double latencyP50, double latencyP95, double faithfulness, double answerRelevancy, Trust trust,
                          Risk risk) {
    }

    /**
     * What every question with a known outcome (short references, or none) came to, and how served errors trade against
     * coverage. The four shares add up to 1.
     *
     * @param questions          how many questions were judged
     * @param answeredRight      served with a reference answer first
     * @param abstainedRightly   unanswerable, abstained
     * @param servedWrong        served without a reference answer first (a wrong lead, a non-answer, an answer to an
     *                           unanswerable question): the confident errors
     * @param abstainedWrongly   answerable, abstained
     * @param curve              the risk–coverage curve: as the least confidence to serve rises, the share of questions
     *                           still answered against the share of those answers that are wrong; first the answers as
     *                           served (threshold 0)
     * @param area               the area under the curve (mean risk over the coverages; lower is better), NaN with
     *                           nothing served
     * @param reliability        served answers binned by confidence score: how often each bin was right
     * @param calibrationError   the expected calibration error of the confidence scores (bins weighted by their
     *                           answers), NaN with nothing served
     */
    public record Risk(int questions, double answeredRight, double abstainedRightly, double servedWrong,
                       double abstainedWrongly, List<CurvePoint> curve, double area, List<ReliabilityBin> reliability,
                       double calibrationError) {
    }

    /**
     * One point of a risk–coverage curve.
     *
     * @param threshold the least confidence score served
     * @param coverage  the share of judged questions answered at it
     * @param risk      the share of those answers that are wrong (NaN when none is answered)
     */
    public record CurvePoint(double threshold, double coverage, double risk) {
    }

    /**
     * Served answers whose confidence score lies in {@code [from, to)} ({@code to} 1 included in the last bin).
     *
     * @param answers    how many
     * @param meanScore  their mean confidence score
     * @param rightShare the share of them that was right
     */
    public record ReliabilityBin(double from, double to, int answers, double meanScore, double rightShare) {
    }

    /**
     * What a user feels (the benchmark's trust metrics), over the questions with short references or none.
     *
     * @param questions             how many questions were judged
     * @param servedNonAnswers      of the answers served, the share without a reference answer (any answer to an
     *                              unanswerable question is one)
     * @param unanswerableAbstained the share of unanswerable questions abstained on
     * @param answerableRight       the share of answerable questions answered with a reference answer
     * @param right                 answerable answered right plus unanswerable abstained, over all judged questions
     */
    public record Trust(int questions, double servedNonAnswers, double unanswerableAbstained, double answerableRight,
                        double right) {
    }
}
