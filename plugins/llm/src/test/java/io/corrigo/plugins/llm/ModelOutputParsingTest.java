package io.corrigo.plugins.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.Critique;
import io.corrigo.api.Grade;
import io.corrigo.api.Judgement;
import io.corrigo.api.SentenceSupport;
import io.corrigo.api.Support;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What models write, read back: grades, critiques and Self-RAG reflection tokens. */
class ModelOutputParsingTest {

    @Test
    void should_read_a_json_grade__even_inside_prose_or_a_code_fence() {
        Judgement fenced = LlmEvaluator.read("Sure!\n```json\n{\"grade\": \"CORRECT\", \"score\": 0.9}\n```");
        Judgement labelOnly = LlmEvaluator.read("INCORRECT");
        Judgement scoreOnly = LlmEvaluator.read("{\"score\": 0.42}");

        assertThat(fenced.grade()).isEqualTo(Grade.CORRECT);
        assertThat(fenced.score()).isEqualTo(0.9);
        assertThat(labelOnly.grade()).isEqualTo(Grade.INCORRECT);
        assertThat(labelOnly.score()).isEqualTo(0.0);
        assertThat(scoreOnly.grade()).as("a bare score is graded by the tenant's thresholds").isNull();
        assertThat(scoreOnly.reason()).isNull();
    }

    @Test
    void should_grade_ambiguous_with_a_reason__when_the_grade_cannot_be_read() {
        for (String reply : List.of("I'm not sure.", "{\"grade\": \"MAYBE\"}", "CORRECT or INCORRECT, hard to say",
                "{\"score\": 7}", "")) {
            Judgement judgement = LlmEvaluator.read(reply);

            assertThat(judgement.grade()).as(reply).isEqualTo(Grade.AMBIGUOUS);
            assertThat(judgement.reason()).as(reply).startsWith("grader output unparseable");
        }
    }

    @Test
    void should_read_a_critique_per_sentence__and_refuse_an_incomplete_one() {
        List<String> sentences = List.of("Built in 1887 [1].", "By a moon dweller [1].");

        Critique critique = LlmCritic.read("{\"sentences\": [{\"n\": 1, \"support\": \"full\"}, "
                + "{\"n\": 2, \"support\": \"none\"}], \"usefulness\": 4}", sentences);

        assertThat(critique.sentences()).extracting(SentenceSupport::support).containsExactly(Support.FULLY, Support.NONE);
        assertThat(critique.usefulness()).isEqualTo(4);
        assertThatThrownBy(() -> LlmCritic.read("{\"sentences\": [{\"n\": 1, \"support\": \"full\"}], \"usefulness\": 4}",
                sentences)).hasMessageContaining("sentence 2");
        assertThatThrownBy(() -> LlmCritic.read("looks fine to me", sentences)).hasMessageContaining("unparseable");
    }

    @Test
    void should_parse_and_strip_self_rag_reflection_tokens() {
        ReflectionTokens.Parsed parsed = ReflectionTokens.parse("[Retrieval]<paragraph>Evidence text.</paragraph>"
                + "[Relevant]The tower is 330 m tall [1].[Partially supported][Utility:4]</s>");

        assertThat(parsed.text()).isEqualTo("The tower is 330 m tall [1].");
        assertThat(parsed.reflection().retrieve()).isTrue();
        assertThat(parsed.reflection().relevant()).isTrue();
        assertThat(parsed.reflection().support()).isEqualTo(Support.PARTIALLY);
        assertThat(parsed.reflection().utility()).isEqualTo(4);
        assertThat(ReflectionTokens.parse("[No Retrieval]Hello![Utility:5]").reflection().retrieve()).isFalse();
        assertThat(ReflectionTokens.parse("Plain text [2].").reflection()).isNull();
        assertThat(ReflectionTokens.parse("x[No support / Contradictory]").reflection().support()).isEqualTo(Support.NONE);
    }
}
