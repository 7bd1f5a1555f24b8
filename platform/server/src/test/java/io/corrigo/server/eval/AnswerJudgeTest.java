package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The evaluation's own judge of whether a served answer answers: references first, sufficiency by form else. */
class AnswerJudgeTest {

    private static EvalQuestion question(String text, String route, String... answers) {
        return new EvalQuestion("q", text, List.of(answers), route, List.of(), "trust");
    }

    @Test
    void should_read_short_references_as_the_trust_metrics_do() {
        assertThat(AnswerJudge.containsShortAnswer("Freshwater lakes hold 22 % in Lake Baikal [1].", List.of("22 %")))
                .isTrue();
        assertThat(AnswerJudge.containsShortAnswer("We obtained a sequence counting 30,847 nucleotides. [1]",
                List.of("30,847 nucleotides"))).isTrue();
        assertThat(AnswerJudge.containsShortAnswer("We obtained a sequence counting 30847 nucleotides.",
                List.of("30,847"))).as("the comma is kept").isFalse();
        assertThat(AnswerJudge.containsShortAnswer("It is called “AcmeGuest”.", List.of("AcmeGuest"))).isTrue();
    }

    @Test
    void should_count_a_wrong_short_answer_put_first_as_wrong__though_the_right_one_follows() {
        List<String> gold = List.of("every 900 operating hours", "900 operating hours");

        // a short lead that is another figure: wrong, though the asked figure is quoted after it
        assertThat(AnswerJudge.answersRight("14 days [1]. The oil is changed every 900 operating hours [1].", gold)).isFalse();
        // a short lead that holds the answer, or no short lead at all (a quoted sentence): right
        assertThat(AnswerJudge.answersRight("Every 900 operating hours [1]. The filter is changed too [2].", gold)).isTrue();
        assertThat(AnswerJudge.answersRight("The oil of the pump is changed every 900 operating hours, the "
                + "manual says, and checked weekly [1].", gold)).isTrue();
        // a cut date put first holds no whole answer
        assertThat(AnswerJudge.answersRight("June [1]. It was released in June 2020 [1].", List.of("June 2020"))).isFalse();
        assertThat(AnswerJudge.shortLead("No marker at all 1887.")).isEmpty();
    }

    @Test
    void should_split_questions_into_halves_by_a_fixed_hash_of_their_ids() {
        // the split is SHA-1 of the id, first hex digit below 8: pinned, so that no later change moves a question
        assertThat(io.corrigo.server.Halves.of("d-k-1")).isEqualTo(io.corrigo.server.Halves.of("d-k-1"));
        java.util.Map<io.corrigo.server.Halves.Half, Long> sizes = java.util.stream.IntStream.range(0, 1000).mapToObj(i -> "q-" + i)
                .collect(java.util.stream.Collectors.groupingBy(io.corrigo.server.Halves::of, java.util.stream.Collectors.counting()));
        assertThat(sizes.get(io.corrigo.server.Halves.Half.TUNING)).isBetween(430L, 570L);
        assertThat(sizes.get(io.corrigo.server.Halves.Half.HELD_OUT)).isBetween(430L, 570L);
        // sha1("a") = 86f7e4…: 8 is not below 8; sha1("b") = e9d71f…; sha1("c") = 84a516…; sha1("d") = 3c3638…
        assertThat(io.corrigo.server.Halves.of("a")).isEqualTo(io.corrigo.server.Halves.Half.HELD_OUT);
        assertThat(io.corrigo.server.Halves.of("d")).isEqualTo(io.corrigo.server.Halves.Half.TUNING);
    }

    @Test
    void should_count_any_answer_to_an_unanswerable_question_as_not_answering() {
        EvalQuestion unanswerable = question("How many people speak Xhosa in Zimbabwe?", "none");

        assertThat(AnswerJudge.hasShortAnswers(unanswerable)).isTrue();
        assertThat(AnswerJudge.answers(unanswerable, "Xhosa is spoken by 8.2 million people in South Africa.")).isZero();
    }

    @Test
    void should_judge_by_form_when_the_references_are_long_and_leave_other_questions_alone() {
        EvalQuestion longAnswer = question("In what year was the dam finished?", "kb",
                "The natural lake and waterfall were covered when the Colorado River was dammed with the completion of "
                        + "Max Starcke Dam in 1951 .");

        assertThat(AnswerJudge.hasShortAnswers(longAnswer)).isFalse();
        assertThat(AnswerJudge.answers(longAnswer, "The dam was finished in 1951 [1].")).isEqualTo(1.0);
        assertThat(AnswerJudge.answers(longAnswer, "The dam holds back the Colorado River [1].")).isZero();
        assertThat(AnswerJudge.sufficient("Why was the dam built?", "To control floods.")).isNull();
    }

    @Test
    void should_count_the_claim_to_answer_as_one_claim_of_faithfulness() {
        assertThat(AnswerJudge.faithfulness(1.0, 2, 1.0)).isEqualTo(1.0);
        assertThat(AnswerJudge.faithfulness(1.0, 2, 0.0)).isCloseTo(2 / 3.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(AnswerJudge.faithfulness(0.5, 1, 0.0)).isEqualTo(0.25);
    }
}
