package io.corrigo.engine.refine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StripSelectionTest {

    @Test
    void should_keep_the_best_sentences_above_threshold_and_ratio_once_within_the_budget_saying_why_others_go() {
        List<StripSelection.Scored> candidates = List.of(
                new StripSelection.Scored("The lighthouse was built in 1887.", 0.90),
                new StripSelection.Scored("Its lamp burns whale oil.", 0.10),
                new StripSelection.Scored("The lighthouse was built in 1887 .", 0.85),
                new StripSelection.Scored("The keepers grew thyme and sage in the garden by the cape.", 0.80),
                new StripSelection.Scored("A sentence the evaluator failed on.", 0, "evaluator failed: timeout"),
                new StripSelection.Scored("The last keeper left in 1969.", 0.50));

        StripSelection.Selection selection = StripSelection.select(candidates, 0.2, 0.6, 12);

        assertThat(selection.ranked()).containsExactly(0, 2, 3, 5, 1, 4);
        assertThat(selection.taken()).containsExactly(true, false, false, false, false, false);
        assertThat(selection.reasons()[1]).startsWith("below strip threshold");
        assertThat(selection.reasons()[2]).isEqualTo("repeats a kept sentence");
        assertThat(selection.reasons()[3]).isEqualTo("over the token budget (12)");
        assertThat(selection.reasons()[4]).isEqualTo("evaluator failed: timeout");
        assertThat(selection.reasons()[5]).startsWith("below 60 % of the best sentence's score");
        assertThat(selection.tokens()).isEqualTo(6);
    }

    @Test
    void should_keep_nothing_when_no_sentence_reaches_the_threshold() {
        StripSelection.Selection selection = StripSelection.select(
                List.of(new StripSelection.Scored("Unrelated.", 0.01)), 0.2, 0, 400);

        assertThat(selection.taken()).containsExactly(false);
        assertThat(selection.tokens()).isZero();
    }
}
