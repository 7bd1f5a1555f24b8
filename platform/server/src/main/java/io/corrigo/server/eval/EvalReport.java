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
     */
    public record Metrics(int questions, int degraded, double routeAccuracy, double abstentionRecall, double falseAbstention,
                          double contextPrecision, double contextRecall, double containment, double tokenF1,
                          double latencyP50, double latencyP95, double faithfulness, double answerRelevancy, Trust trust) {
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
