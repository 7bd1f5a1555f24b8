package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The benchmark's metric definitions on small cases with known values. */
class EvalMetricsTest {

    @Test
    void should_give_route_credit_as_the_benchmark_defines_it() {
        assertThat(EvalMetrics.routeCredit("kb", "CORRECT", false)).isEqualTo(1);
        assertThat(EvalMetrics.routeCredit("kb", "AMBIGUOUS", false)).isEqualTo(0.5);
        assertThat(EvalMetrics.routeCredit("kb", "INCORRECT", false)).isEqualTo(0);
        assertThat(EvalMetrics.routeCredit("kb", null, false)).as("naive answers from the KB").isEqualTo(1);
        assertThat(EvalMetrics.routeCredit("web", "INCORRECT", false)).isEqualTo(1);
        assertThat(EvalMetrics.routeCredit("web", "AMBIGUOUS", true)).isEqualTo(1);
        assertThat(EvalMetrics.routeCredit("web", "CORRECT", false)).isEqualTo(0);
        assertThat(EvalMetrics.routeCredit("web", null, false)).isEqualTo(0);
        assertThat(EvalMetrics.routeCredit("none", "CORRECT", true)).isEqualTo(1);
        assertThat(EvalMetrics.routeCredit("none", "INCORRECT", false)).isEqualTo(0);
    }

    @Test
    void should_match_sentences_by_half_the_tokens_of_the_shorter_one() {
        assertThat(EvalMetrics.matches("The incubation period is 5 days.", "incubation period: five days, 5 days"))
                .isTrue(); // {incubation, period, is, 5, days} vs {incubation, period, five, days, 5}: 4 of 5
        assertThat(EvalMetrics.matches("The virus spreads by droplets.", "Masks reduce transmission.")).isFalse();
        assertThat(EvalMetrics.matches("", "anything")).isFalse();
    }

    @Test
    void should_compute_context_precision_and_recall() {
        List<String> gold = List.of("The incubation period is five days.", "Symptoms include fever and cough.");
        List<String> context = List.of("The incubation period is five days.", "Bats host many coronaviruses.",
                "Unrelated sentence about the weather today.");

        assertThat(EvalMetrics.contextPrecision(context, gold)).isCloseTo(1 / 3.0, within(1e-9));
        assertThat(EvalMetrics.contextRecall(context, gold)).isEqualTo(0.5);
        assertThat(EvalMetrics.contextPrecision(List.of(), gold)).isNaN();
        assertThat(EvalMetrics.contextRecall(context, List.of())).isNaN();
    }

    @Test
    void should_score_answers_like_squad() {
        assertThat(EvalMetrics.normalise("The Eiffel-Tower, in Paris!")).isEqualTo("eiffel tower in paris");
        assertThat(EvalMetrics.contains("It lasts about 14 days [1].", List.of("14 days"))).isTrue();
        assertThat(EvalMetrics.contains("It lasts about 140 days.", List.of("14 days"))).isFalse();
        // prediction {five, days} vs reference {incubation, is, five, days}: P 1, R 0.5, F1 2/3
        assertThat(EvalMetrics.tokenF1("five days", "the incubation is five days")).isCloseTo(2 / 3.0, within(1e-9));
        assertThat(EvalMetrics.tokenF1("nothing alike", "five days")).isZero();
        assertThat(EvalMetrics.bestTokenF1("five days", List.of("six weeks", "five days"))).isEqualTo(1.0);
    }

    @Test
    void should_take_nearest_rank_percentiles_and_means_of_numbers_only() {
        List<Double> values = List.of(5.0, 1.0, 4.0, 2.0, 3.0);
        assertThat(EvalMetrics.percentile(values, 50)).isEqualTo(3.0);
        assertThat(EvalMetrics.percentile(values, 95)).isEqualTo(5.0);
        assertThat(EvalMetrics.percentile(List.of(), 50)).isNaN();
        assertThat(EvalMetrics.mean(List.of(1.0, Double.NaN, 0.0))).isEqualTo(0.5);
    }

    @Test
    void should_aggregate_runs_into_the_report_metrics() {
        EvalQuestion kb = new EvalQuestion("a", "q", List.of("five days"), "kb", List.of("The incubation is five days."), "covidqa");
        EvalQuestion none = new EvalQuestion("b", "q", List.of(), "none", List.of(), "clapnq");
        EvalQuestion web = new EvalQuestion("c", "q", List.of("Paris"), "web", List.of("It is in Paris."), "clapnq");
        List<EvalRun> runs = List.of(
                new EvalRun("p", kb, "CORRECT", false, "It takes five days [1].", List.of("The incubation is five days."),
                        Map.of("GENERATE", 1.0), 10, 1, false, List.of(), 0.75, 0.6),
                new EvalRun("p", none, "INCORRECT", true, "I could not find it.", List.of(), Map.of(), 20, 0, false, List.of(),
                        null, null),
                new EvalRun("p", web, "CORRECT", true, "No.", List.of(), Map.of(), 30, 0, true,
                        List.of("RETRIEVE: lucene-retriever: timed out"), 0.25, 0.2));

        EvalReport.Metrics m = EvalService.metrics(runs);

        assertThat(m.routeAccuracy()).isCloseTo(2 / 3.0, within(1e-9));
        assertThat(m.faithfulness()).as("mean over the judged answers").isCloseTo(0.5, within(1e-9));
        assertThat(m.answerRelevancy()).isCloseTo(0.4, within(1e-9));
        assertThat(m.abstentionRecall()).isEqualTo(1.0);
        assertThat(m.falseAbstention()).isEqualTo(0.5);
        assertThat(m.contextPrecision()).isEqualTo(1.0); // the web run's empty context counts as NaN, not 0
        assertThat(m.contextRecall()).isEqualTo(0.5);
        assertThat(m.containment()).isEqualTo(1.0);
        assertThat(m.tokenF1()).isCloseTo((2 * (2 / 4.0) * 1 / (2 / 4.0 + 1) + 0) / 2, within(1e-9));
        assertThat(m.latencyP50()).isEqualTo(20);
        assertThat(m.degraded()).isEqualTo(1);
    }
}
