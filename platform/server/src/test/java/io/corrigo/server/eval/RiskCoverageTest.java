package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RiskCoverageTest {

    private static RiskCoverage.Judged right(double score) {
        return new RiskCoverage.Judged(true, true, true, score);
    }

    private static RiskCoverage.Judged wrong(double score) {
        return new RiskCoverage.Judged(true, true, false, score);
    }

    private static RiskCoverage.Judged servedUnanswerable(double score) {
        return new RiskCoverage.Judged(false, true, false, score);
    }

    /** Ten questions: 4 right, 3 served wrong (one an unanswerable one), 2 abstained rightly, 1 abstained wrongly. */
    private static final List<RiskCoverage.Judged> TEN = List.of(right(0.9), right(0.8), right(0.6), wrong(0.5),
            right(0.4), wrong(0.3), servedUnanswerable(0.2),
            new RiskCoverage.Judged(false, false, false, Double.NaN), new RiskCoverage.Judged(false, false, false, Double.NaN),
            new RiskCoverage.Judged(true, false, false, Double.NaN));

    @Test
    void should_count_the_served_wrong_answers_apart_from_the_wrong_abstentions() {
        // when
        EvalReport.Risk risk = RiskCoverage.of(TEN);

        // then: the four outcomes add up to every question
        assertThat(risk.questions()).isEqualTo(10);
        assertThat(risk.answeredRight()).isEqualTo(0.4);
        assertThat(risk.servedWrong()).isEqualTo(0.3);
        assertThat(risk.abstainedRightly()).isEqualTo(0.2);
        assertThat(risk.abstainedWrongly()).isEqualTo(0.1);
    }

    @Test
    void should_draw_the_risk_coverage_curve__and_its_area_falls_when_wrong_answers_score_lower() {
        // when
        EvalReport.Risk risk = RiskCoverage.of(TEN);

        // then: as served, 7 of 10 answered, 3 of 7 wrong; at 0.6 three answered, none wrong
        assertThat(risk.curve().get(0).coverage()).isEqualTo(0.7);
        assertThat(risk.curve().get(0).risk()).isCloseTo(3 / 7.0, within(1e-9));
        assertThat(risk.curve()).anySatisfy(p -> {
            assertThat(p.threshold()).isEqualTo(0.6);
            assertThat(p.coverage()).isCloseTo(0.3, within(1e-9));
            assertThat(p.risk()).isZero();
        });
        // the area: mean over k of the wrong share of the k most confident = (0+0+0+1/4+1/5+2/6+3/7)/7
        assertThat(risk.area()).isCloseTo((0.25 + 0.2 + 2 / 6.0 + 3 / 7.0) / 7, within(1e-9));
        // the same outcomes with the wrong answers scored highest read worse
        List<RiskCoverage.Judged> backwards = List.of(right(0.1), right(0.2), right(0.3), wrong(0.9), right(0.4),
                wrong(0.8), servedUnanswerable(0.7));
        assertThat(RiskCoverage.area(backwards)).isGreaterThan(risk.area());
    }

    @Test
    void should_pick_the_least_threshold_that_keeps_within_an_error_budget__and_say_what_it_costs() {
        // when
        RiskCoverage.Choice fifth = RiskCoverage.forBudget(TEN, 0.2).orElseThrow();
        RiskCoverage.Choice none = RiskCoverage.forBudget(TEN, 0.0).orElseThrow();

        // then: from 0.4, 5 answered and 1 wrong (0.2); with no error allowed, from 0.6, and the 4th right one is lost
        assertThat(fifth.threshold()).isEqualTo(0.4);
        assertThat(fifth.coverage()).isEqualTo(0.5);
        assertThat(fifth.risk()).isEqualTo(0.2);
        assertThat(fifth.lost()).isZero();
        assertThat(none.threshold()).isEqualTo(0.6);
        assertThat(none.lost()).isEqualTo(1);
        // a budget nothing meets: the most confident answer is wrong
        assertThat(RiskCoverage.forBudget(List.of(wrong(0.9), right(0.5)), 0.1)).isEmpty();
    }

    @Test
    void should_bin_the_confidence_into_a_reliability_table_with_its_calibration_error() {
        // given: confidence 0.95 on four answers of which two are right; 0.15 on two answers, both wrong
        List<RiskCoverage.Judged> judged = List.of(right(0.95), right(0.95), wrong(0.95), wrong(0.95), wrong(0.15),
                wrong(0.15));

        // when
        EvalReport.Risk risk = RiskCoverage.of(judged);

        // then: two bins, and the error is |0.5-0.95|·4/6 + |0-0.15|·2/6
        assertThat(risk.reliability()).extracting(EvalReport.ReliabilityBin::answers).containsExactly(2, 4);
        assertThat(risk.reliability().get(1).rightShare()).isEqualTo(0.5);
        assertThat(risk.calibrationError()).isCloseTo(0.45 * 4 / 6 + 0.15 * 2 / 6, within(1e-9));
    }
}
