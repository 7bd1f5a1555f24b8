package io.corrigo.ui.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An evaluator's reason as the passages grid shows it: whole words, not cut inside a parenthesis, no raw figures. */
class ReasonBriefTest {

    @Test
    void should_keep_the_first_clause_whole__without_the_comparison_of_figures() {
        assertThat(TracePanel.brief("insufficient (asked: a frequency of the oil change): the answer reader finds no "
                + "answer here (margin -3.20 < -2.50; its best span \"14 days\")"))
                .isEqualTo("insufficient (asked: a frequency of the oil change): the answer reader finds no answer here");
    }

    @Test
    void should_name_the_grader_s_features_instead_of_listing_them() {
        assertThat(TracePanel.brief("answers p=0.512 (answerhood v3): overlap 0.40, bm25 0.30, type 1.00"))
                .isEqualTo("graded by its features, p = 0.512");
        assertThat(TracePanel.brief("sufficient (number, its count): a candidate in the best sentence; answers p=0.900 "
                + "(answerhood v3): overlap 0.80")).isEqualTo("sufficient (number, its count): a candidate in the best sentence");
    }

    @Test
    void should_cut_a_long_reason_at_200_characters__and_show_nothing_for_none() {
        assertThat(TracePanel.brief("x".repeat(300))).hasSize(198).endsWith("…");
        assertThat(TracePanel.brief(null)).isEmpty();
    }
}
