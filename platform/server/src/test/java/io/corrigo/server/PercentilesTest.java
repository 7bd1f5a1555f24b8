package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PercentilesTest {

    @Test
    void should_take_the_nearest_rank_of_the_sorted_sample_and_leave_the_given_array_alone() {
        double[] millis = {40, 10, 30, 20, 50, 60, 70, 80, 90, 100};

        Percentiles p = Percentiles.of(millis);

        assertThat(p.at(50)).isEqualTo(50);
        assertThat(p.at(95)).isEqualTo(100);
        assertThat(p.at(10)).isEqualTo(10);
        assertThat(p.at(0)).isEqualTo(10);
        assertThat(p.mean()).isEqualTo(55);
        assertThat(millis[0]).as("the caller's array").isEqualTo(40);
        assertThat(Percentiles.percentile(List.of(3.0, 1.0, 2.0), 50)).isEqualTo(2.0);
    }

    @Test
    void should_say_nan_for_an_empty_sample() {
        assertThat(Percentiles.of(new double[0]).at(50)).isNaN();
        assertThat(Percentiles.percentile(List.of(), 95)).isNaN();
        assertThat(Percentiles.of(List.of()).size()).isZero();
    }
}
