package io.corrigo.ui.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Chart axes tick at round values. */
class SvgChartTest {

    @Test
    void should_tick_at_round_steps__not_at_quarters_of_the_largest_value() {
        // the trace's time per stage reached 8.6 ms: ticks 0, 2.5, 5, 7.5, 10 (they were 0, 2.9, 5.7, 8.6)
        assertThat(SvgChart.niceMax(8.6, false)).isEqualTo(10.0);
        assertThat(SvgChart.number(SvgChart.niceMax(8.6, false) / 4)).isEqualTo("2.5");
        // a share that reaches 1 ends at 1 (it was drawn to 1.1)
        assertThat(SvgChart.niceMax(1.0, false)).isEqualTo(1.0);
        assertThat(SvgChart.number(0.25)).isEqualTo("0.25");
        assertThat(SvgChart.niceMax(0.62, false)).isEqualTo(0.8);
        assertThat(SvgChart.niceMax(730, false)).isEqualTo(800.0);
    }

    @Test
    void should_tick_counts_at_whole_numbers() {
        assertThat(SvgChart.niceMax(3, true)).isEqualTo(4.0);
        assertThat(SvgChart.niceMax(9, true)).isEqualTo(12.0);
        assertThat(SvgChart.niceMax(17, true)).isEqualTo(20.0);
        assertThat(SvgChart.niceMax(130, true)).isEqualTo(200.0);
    }
}
