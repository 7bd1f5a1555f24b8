package io.corrigo.engine.critique;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.Critique;
import io.corrigo.api.SentenceSupport;
import io.corrigo.api.Source;
import io.corrigo.api.Support;
import io.corrigo.engine.gate.ConversationalTurns;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class CritiquePartsTest {

    @ParameterizedTest
    @ValueSource(strings = {"hi", "Hello there!", "thanks a lot", "Thank you so much.", "ok, thanks, bye",
            "Good morning", "Who are you?", "what's your name", "How are you doing today?"})
    void should_treat_greetings_thanks_and_questions_about_the_assistant_as_conversational(String message) {
        assertThat(ConversationalTurns.isConversational(message)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"hi, what is the incubation period of measles?", "Thanks. How long does measles last?",
            "Who are the authors of the study?", "What can cause a fever?", "ok", "", "?", "hello world program in java"})
    void should_retrieve_for_anything_with_content(String message) {
        assertThat(ConversationalTurns.isConversational(message)).isEqualTo(message.equals("ok"));
    }

    @Test
    void should_prune_unsupported_sentences_and_the_citations_only_they_used() {
        Source a = Source.knowledgeBase("a", "A");
        Source b = Source.knowledgeBase("b", "B");
        Answer answer = new Answer("Measles lasts ten days [1]. It came from the moon [2]. It is airborne [1].",
                List.of(new Citation(1, a, "q1"), new Citation(2, b, "q2")), false);
        Critique critique = new Critique(List.of(
                new SentenceSupport("Measles lasts ten days [1].", Support.FULLY, 0.9, null),
                new SentenceSupport("It came from the moon [2].", Support.NONE, 0.1, null),
                new SentenceSupport("It is airborne [1].", Support.PARTIALLY, 0.6, null)), 4, null);

        Answer pruned = AnswerPruning.prune(answer, critique).orElseThrow();

        assertThat(pruned.text()).isEqualTo("Measles lasts ten days [1]. It is airborne [1].");
        assertThat(pruned.citations()).extracting(Citation::number).containsExactly(1);
        assertThat(critique.support()).isEqualTo(0.5);
        assertThat(AnswerPruning.feedback(critique)).contains("It came from the moon [2].")
                .doesNotContain("airborne");
    }

    @Test
    void should_leave_nothing__when_every_sentence_is_unsupported() {
        Answer answer = new Answer("From the moon [1].", List.of(), false);
        Critique critique = new Critique(List.of(new SentenceSupport("From the moon [1].", Support.NONE, 0, null)), 3, null);

        assertThat(AnswerPruning.prune(answer, critique)).isEmpty();
    }
}
