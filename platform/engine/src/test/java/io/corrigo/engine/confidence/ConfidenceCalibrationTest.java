package io.corrigo.engine.confidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ConfidenceCalibrationTest {

    @Test
    void should_keep_the_order_of_grades__and_stay_a_probability() {
        // given
        ConfidenceCalibration calibration = ConfidenceCalibration.DEFAULT;

        // then: a higher grade, a higher probability; within (0, 1) even at the ends
        double previous = 0;
        for (double grade = 0; grade <= 1.0001; grade += 0.05) {
            double p = calibration.probability(grade);
            assertThat(p).isStrictlyBetween(0.0, 1.0).isGreaterThan(previous);
            previous = p;
        }
        assertThat(calibration.probability(Double.NaN)).isEqualTo(calibration.probability(0));
    }

    @Test
    void should_pull_the_grade_towards_how_often_answers_are_right__as_fitted() {
        // given: the identity (slope 1, intercept 0) and a flatter fit
        ConfidenceCalibration identity = new ConfidenceCalibration(1, 0);
        ConfidenceCalibration flatter = new ConfidenceCalibration(0.5, 0.2);

        // then: the identity leaves grades as they are; a slope below 1 lifts low grades and lowers high ones
        assertThat(identity.probability(0.3)).isCloseTo(0.3, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(flatter.probability(0.05)).isGreaterThan(0.05);
        assertThat(flatter.probability(0.99)).isLessThan(0.99);
    }

    @Test
    void should_refuse_a_fit_that_turns_the_order_round() {
        assertThatThrownBy(() -> new ConfidenceCalibration(-0.4, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("positive, finite slope");
        assertThatThrownBy(() -> new ConfidenceCalibration(0.4, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
