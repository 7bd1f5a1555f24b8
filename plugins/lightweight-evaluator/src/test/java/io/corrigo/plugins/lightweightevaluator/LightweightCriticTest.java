package io.corrigo.plugins.lightweightevaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Critique;
import io.corrigo.api.CritiqueRequest;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.api.Support;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The offline critic's relevance judgement (ISREL): by sufficiency for a question asking a detail recognisable by form,
 * by the shipped answerhood model otherwise.
 */
class LightweightCriticTest {

    private static final EmbeddingService FLAT = new RandomEmbeddings(256);

    private final AnswerhoodModel model = AnswerhoodModel.shipped();
    private final LightweightCritic critic = new LightweightCritic(FLAT, LightweightCritic.DEFAULT_FULL,
            LightweightCritic.DEFAULT_PARTIAL, model);

    private Critique critique(String question, String sentence) {
        ContextStrip strip = new ContextStrip(1, sentence, Source.knowledgeBase("d", "Handbook"), 0.5, null);
        Query query = new Query(question, FLAT.embed(question), term -> 1.0);
        return critic.critique(new CritiqueRequest(query, List.of(strip),
                new Answer(sentence + " [1]", List.of(), false)));
    }

    @Test
    void should_rate_a_served_non_answer_1_by_the_answer_check__and_a_served_answer_above_it() {
        // a "why" question: no rule about the form of the answer applies, the check judges alone
        LightweightCritic checked = new LightweightCritic(FLAT, LightweightCritic.DEFAULT_FULL,
                LightweightCritic.DEFAULT_PARTIAL, model, AnswerCheck::shipped, AnswerhoodEvaluatorFactory.DEFAULT_CHECK_THRESHOLD);
        String question = "Why did the Tamsin Bridge close in 1988?";
        ContextStrip opened = new ContextStrip(1, "The Tamsin Bridge opened to traffic on 3 May 1964.",
                Source.knowledgeBase("d", "Tamsin Bridge"), 0.5, null);
        ContextStrip closed = new ContextStrip(2, "The bridge closed in 1988 because cracks were found in two of its "
                + "piers.", Source.knowledgeBase("e", "Tamsin Bridge"), 0.5, null);
        Query query = new Query(question, FLAT.embed(question), term -> 1.0);

        Critique nonAnswer = checked.critique(new CritiqueRequest(query, List.of(opened),
                new Answer(opened.text() + " [1]", List.of(), false)));
        Critique answer = checked.critique(new CritiqueRequest(query, List.of(closed),
                new Answer(closed.text() + " [2]", List.of(), false)));

        assertThat(nonAnswer.sentences()).extracting(s -> s.support()).containsExactly(Support.FULLY);
        assertThat(nonAnswer.usefulness()).isEqualTo(1);
        assertThat(nonAnswer.reason()).startsWith("supported but does not answer the question: the answer check accepts "
                + "no supported sentence");
        assertThat(answer.usefulness()).isGreaterThan(1);
        assertThat(answer.reason()).contains("relevance and usefulness by the answer check");
    }

    @Test
    void should_rate_a_supported_sentence_that_answers_above_1() {
        Critique critique = critique("When did the Lyon office open?", "The Lyon office opened in March 2015.");

        assertThat(critique.sentences()).extracting(s -> s.support()).containsExactly(Support.FULLY);
        assertThat(critique.usefulness()).isGreaterThan(1);
        assertThat(critique.reason()).contains("relevance: states the date (");
    }

    @Test
    void should_rate_a_supported_sentence_on_the_topic_without_the_asked_figure_1() {
        // on the topic and quoted: the kind of sentence word overlap rates useful
        Critique critique = critique("How many people work at the Lyon office?",
                "The Lyon office opened in March 2015 and people there work on robotics.");

        assertThat(critique.sentences()).extracting(s -> s.support()).containsExactly(Support.FULLY);
        assertThat(critique.usefulness()).isEqualTo(1);
        assertThat(critique.reason()).startsWith("supported but does not answer the question: no supported sentence "
                + "states the count of people");
    }

    @Test
    void should_judge_a_question_it_cannot_check_by_form_with_the_answerhood_model() {
        Critique critique = critique("Why did the Lyon office open?", "The Lyon office opened because clients in the "
                + "region asked for local support.");

        assertThat(critique.reason()).contains("relevance: best answerhood");
    }

    @Test
    void should_rate_a_supported_sentence_that_does_not_answer_1() {
        // quoted from the context, so fully supported; it shares no word with the question and holds no date
        Critique critique = critique("When did the Lyon office open?", "Printers are released with the staff badge.");

        assertThat(critique.sentences()).extracting(s -> s.support()).containsExactly(Support.FULLY);
        assertThat(critique.usefulness()).isEqualTo(1);
        assertThat(critique.reason()).startsWith("supported but does not answer the question");
    }
}
