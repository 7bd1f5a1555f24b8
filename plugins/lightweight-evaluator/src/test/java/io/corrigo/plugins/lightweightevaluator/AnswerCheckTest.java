package io.corrigo.plugins.lightweightevaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Grade;
import io.corrigo.api.Judgement;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The answer check and the answer reader as shipped in the plugin's resources, run for real on examples written for
 * this test (none from a benchmark or a training set). What the shipped check can be relied on for is asserted: it runs
 * in one batch, it scores the sentence that states what is asked above its near misses (an unstated comparison, buyer
 * and bought swapped, the figure of another year), it rejects another year's figure at its threshold, and the grader
 * built on it vetoes a passage none of whose sentences it accepts and names the sentence that carried its judgement.
 * What it cannot yet be relied on for — absolute probabilities that separate every near miss, and a sentence read
 * beside a neighbour that holds the answer — is in the model card's known limits, not asserted here.
 */
class AnswerCheckTest {

    private static final EmbeddingService FLAT = new RandomEmbeddings(64);
    private static final double THRESHOLD = AnswerhoodEvaluatorFactory.DEFAULT_CHECK_THRESHOLD;

    private static double check(String question, String sentence, String title) {
        return AnswerCheck.shipped().probabilities(question, List.of(new AnswerCheck.Candidate(sentence, title, "")))[0];
    }

    @Test
    void should_accept_the_sentence_that_states_the_asked_figure() {
        assertThat(check("How long is the Varnava river?", "The Varnava is 412 kilometres long and drains into the "
                + "Black Sea.", "Varnava (river)")).isGreaterThanOrEqualTo(THRESHOLD);
        assertThat(check("How many staff did Ostrel Mills employ in 2015?", "In 2015 the company employed 210 staff "
                + "at two sites.", "Ostrel Mills")).isGreaterThanOrEqualTo(THRESHOLD);
    }

    @Test
    void should_score_an_unstated_comparison_below_the_question_the_sentence_answers() {
        String sentence = "The Varnava is 412 kilometres long and drains into the Black Sea.";
        assertThat(check("Which river is longer than the Varnava?", sentence, "Varnava (river)"))
                .isLessThan(check("How long is the Varnava river?", sentence, "Varnava (river)"));
    }

    @Test
    void should_score_buyer_and_bought_swapped_below_the_question_the_sentence_answers() {
        String sentence = "In 2011 Harbour Foods bought Lisnaskea Dairy, a small creamery in County Fermanagh.";
        assertThat(check("Which company bought Harbour Foods?", sentence, "Harbour Foods"))
                .isLessThan(check("Which dairy did Harbour Foods buy?", sentence, "Harbour Foods"));
    }

    @Test
    void should_reject_the_figure_of_another_year() {
        double otherYear = check("How many staff did Ostrel Mills employ in 2015?", "In 2019 the company employed 340 "
                + "staff at three sites.", "Ostrel Mills");
        assertThat(otherYear).isLessThan(THRESHOLD);
        assertThat(otherYear).isLessThan(check("How many staff did Ostrel Mills employ in 2015?", "In 2015 the company "
                + "employed 210 staff at two sites.", "Ostrel Mills"));
    }

    @Test
    void should_read_many_candidates_in_one_call_and_give_each_its_own_probability() {
        double[] p = AnswerCheck.shipped().probabilities("When did the Tamsin Bridge open?", List.of(
                new AnswerCheck.Candidate("The bridge carries four lanes of traffic.", "Tamsin Bridge", ""),
                new AnswerCheck.Candidate("The bridge opened to traffic on 3 May 1964.", "Tamsin Bridge", "")));
        assertThat(p[1]).isGreaterThan(p[0]).isGreaterThanOrEqualTo(THRESHOLD);
        assertThat(p[0]).isLessThan(THRESHOLD);
    }

    @Test
    void should_let_the_shipped_reader_find_the_span_in_the_accepted_sentence() {
        AnswerReader.Reading reading = AnswerReader.shipped().read("When did the Tamsin Bridge open?",
                List.of("The bridge carries four lanes of traffic. The bridge opened to traffic on 3 May 1964.")).get(0);
        assertThat(reading.answer()).contains("1964");
    }

    @Test
    void should_grade_a_passage_by_the_best_sentence_it_accepts__and_veto_one_whose_sentences_it_rejects() {
        // the threshold of this grader separates these two passages; the mechanics are what is tested here
        double threshold = 0.15;
        AnswerhoodEvaluator grader = new AnswerhoodEvaluator(AnswerhoodModel.shipped(), FLAT, false, null, 0, 0,
                AnswerCheck::shipped, threshold);
        Query query = new Query("When did the Tamsin Bridge open?", FLAT.embed("When did the Tamsin Bridge open?"),
                term -> 1.0);
        Judgement answers = grader.judge(query, passage("The Tamsin Bridge opened to traffic on 3 May 1964. It carries "
                + "four lanes of traffic."));
        Judgement misses = grader.judge(query, passage("The bridge carries four lanes of traffic. Its deck was "
                + "resurfaced in 2009."));

        assertThat(answers.grade()).isNull();
        assertThat(answers.score()).isGreaterThanOrEqualTo(threshold);
        assertThat(answers.reason()).startsWith("sufficient: check").contains("(2 of 2 sentences read)");
        assertThat(misses.grade()).as(misses.reason()).isEqualTo(Grade.INCORRECT);
        assertThat(misses.score()).isLessThanOrEqualTo(AnswerhoodEvaluator.LACKING_CAP);
        assertThat(misses.reason()).startsWith("insufficient: the answer check accepts no sentence");
    }

    private static Passage passage(String text) {
        return new Passage("p1", text, Source.knowledgeBase("bridges", "Tamsin Bridge"), 1.0, null, List.of(), Map.of());
    }
}
