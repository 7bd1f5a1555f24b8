package io.corrigo.server.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Unanswered questions grouped by wording: variants of one question are one gap, other questions stay apart. */
class KnowledgeGapsTest {

    @Test
    void should_group_wordings_of_one_question_and_keep_other_questions_apart() {
        List<KnowledgeGaps.Gap> gaps = KnowledgeGaps.group(List.of(
                new HealthService.QuestionCount("How do I reset my password?", 5, 4),
                new HealthService.QuestionCount("reset password", 2, 2),
                new HealthService.QuestionCount("How can I reset the password of my account?", 1, 1),
                new HealthService.QuestionCount("Where is the invoice for my order?", 3, 3),
                new HealthService.QuestionCount("Do you ship to Norway?", 1, 1)));

        assertThat(gaps).hasSize(3);
        assertThat(gaps.get(0).question()).isEqualTo("How do I reset my password?");
        assertThat(gaps.get(0).unanswered()).isEqualTo(7);
        assertThat(gaps.get(0).asked()).isEqualTo(8);
        assertThat(gaps.get(0).wordings()).containsExactly("How do I reset my password?", "reset password",
                "How can I reset the password of my account?");
        assertThat(gaps.get(1).question()).isEqualTo("Where is the invoice for my order?");
        assertThat(gaps.get(2).wordings()).containsExactly("Do you ship to Norway?");
    }
}
