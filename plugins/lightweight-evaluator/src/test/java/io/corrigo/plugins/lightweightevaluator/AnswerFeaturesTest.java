package io.corrigo.plugins.lightweightevaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.corrigo.api.TermStatistics;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerFeaturesTest {

    private static final int COVERAGE = AnswerFeatures.NAMES.indexOf("coverage");
    private static final int TYPE = AnswerFeatures.NAMES.indexOf("typeMatch");
    private static final int NOVELTY = AnswerFeatures.NAMES.indexOf("novelty");
    private static final int NEGATION = AnswerFeatures.NAMES.indexOf("negationMismatch");
    private static final int MISSING = AnswerFeatures.NAMES.indexOf("missingRareTerm");
    private static final int BIGRAMS = AnswerFeatures.NAMES.indexOf("bigramCoverage");

    private static double[] sentence(String question, String sentence) {
        return new AnswerFeatures(question, null, TermStatistics.UNIFORM).sentence(sentence, null);
    }

    @Test
    void should_read_the_expected_answer_type_from_the_question() {
        assertThat(AnswerFeatures.answerType("Who founded Acme Robotics?")).isEqualTo(AnswerFeatures.AnswerType.PERSON);
        assertThat(AnswerFeatures.answerType("When was the company founded?")).isEqualTo(AnswerFeatures.AnswerType.DATE);
        assertThat(AnswerFeatures.answerType("In what year did it open?")).isEqualTo(AnswerFeatures.AnswerType.DATE);
        assertThat(AnswerFeatures.answerType("How many days of leave do staff get?")).isEqualTo(AnswerFeatures.AnswerType.NUMBER);
        assertThat(AnswerFeatures.answerType("Where is the head office?")).isEqualTo(AnswerFeatures.AnswerType.PLACE);
        assertThat(AnswerFeatures.answerType("What is the guest Wi-Fi network called?")).isEqualTo(AnswerFeatures.AnswerType.OTHER);
    }

    @Test
    void should_find_the_answer_type_only_outside_the_words_of_the_question() {
        // the year in the sentence answers "when"; a sentence that only repeats the question has none
        assertThat(sentence("When did Acme open its Lyon office?", "Acme opened its Lyon office in 2015.")[TYPE]).isEqualTo(1);
        assertThat(sentence("When did Acme open its Lyon office?", "Acme opened its Lyon office.")[TYPE]).isEqualTo(0);
        // a number that is part of the question is no answer to "how many"
        assertThat(sentence("How many staff work in the 2 offices?", "Staff work in the 2 offices.")[TYPE]).isEqualTo(0);
        assertThat(sentence("How many staff work in the 2 offices?", "The 2 offices employ 340 staff.")[TYPE]).isEqualTo(1);
        // "who" wants a name the question does not already hold
        assertThat(sentence("Who founded Acme?", "Acme was founded by Maria Keller.")[TYPE]).isEqualTo(1);
        assertThat(sentence("Who founded Acme?", "it was founded long ago.")[TYPE]).isEqualTo(0);
    }

    @Test
    void should_weigh_missing_question_words_by_their_rarity() {
        TermStatistics idf = term -> term.equals("guest") ? 4.0 : 1.0;
        AnswerFeatures features = new AnswerFeatures("What is the guest Wi-Fi network called?", null, idf);

        double[] staff = features.sentence("The staff Wi-Fi network is AcmeCorp.", null);
        double[] guest = features.sentence("The guest Wi-Fi network is AcmeGuest.", null);

        assertThat(guest[COVERAGE]).isEqualTo(1.0);
        assertThat(staff[COVERAGE]).isCloseTo(3 / 7.0, within(1e-9)); // wi, fi, network of guest 4 + 3
        assertThat(staff[MISSING]).isEqualTo(1.0);
        assertThat(guest[MISSING]).isEqualTo(0.0);
    }

    @Test
    void should_measure_word_order_novelty_and_negation() {
        double[] inOrder = sentence("incubation period of measles", "The incubation period of measles is 10 days.");
        double[] scrambled = sentence("incubation period of measles", "Measles has a period of incubation.");
        assertThat(inOrder[BIGRAMS]).isEqualTo(1.0);
        assertThat(scrambled[BIGRAMS]).isLessThan(1.0);
        assertThat(inOrder[NOVELTY]).isGreaterThan(0).isLessThan(1);
        assertThat(sentence("incubation period of measles", "Incubation period measles.")[NOVELTY]).isZero();

        assertThat(sentence("Which drugs are approved?", "No drugs are approved.")[NEGATION]).isEqualTo(1);
        assertThat(sentence("Which drugs are not approved?", "No drugs are approved.")[NEGATION]).isEqualTo(0);
        assertThat(sentence("Why didn't it work?", "It worked.")[NEGATION]).isEqualTo(1);
    }

    @Test
    void should_stand_a_passage_in_for_its_best_sentence() {
        AnswerFeatures features = new AnswerFeatures("When did Acme open its Lyon office?", null, TermStatistics.UNIFORM);
        List<String> sentences = List.of("Acme makes robots.", "Acme opened its Lyon office in 2015.");

        double[] passage = features.passage(String.join(" ", sentences), null, sentences, java.util.Arrays.asList(null, null));

        assertThat(passage).hasSize(AnswerFeatures.NAMES.size());
        assertThat(passage[TYPE]).isEqualTo(1);
        assertThat(passage[COVERAGE]).isEqualTo(1.0);
    }
}
