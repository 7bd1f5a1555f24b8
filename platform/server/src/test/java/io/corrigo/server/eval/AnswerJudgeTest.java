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
