package io.corrigo.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.text.Sentences;
import io.corrigo.api.text.Terms;
import org.junit.jupiter.api.Test;

class SentencesTest {

    @Test
    void should_not_break_after_common_abbreviations() {
        assertThat(Sentences.split("Smith et al. reported a fall in cases, e.g. in Wuhan. Then cases rose again."))
                .containsExactly("Smith et al. reported a fall in cases, e.g. in Wuhan.", "Then cases rose again.");
    }

    @Test
    void should_join_short_fragments_and_break_on_blank_lines() {
        assertThat(Sentences.split("Results.\n\nThe trial enrolled 120 patients. Ok."))
                .containsExactly("Results.", "The trial enrolled 120 patients. Ok.");
    }

    @Test
    void should_keep_content_words_of_a_question() {
        assertThat(Terms.contentTerms("What is the incubation period of COVID-19?"))
                .containsExactly("incubation", "period", "covid", "19");
    }

    @org.junit.jupiter.api.Test
    void should_keep_citation_markers_with_the_sentence_they_follow__in_an_answer() {
        String answer = "Measles incubates for ten to twelve days. [1] It spreads through the air [2]. [3]\nIt is rare.";

        java.util.List<String> sentences = Sentences.ofAnswer(answer);

        org.assertj.core.api.Assertions.assertThat(sentences).containsExactly(
                "Measles incubates for ten to twelve days. [1]", "It spreads through the air [2]. [3]", "It is rare.");
    }

    @Test
    void should_keep_a_german_date_and_abbreviations_inside_their_sentence() {
        assertThat(io.corrigo.api.text.Sentences.split("Nicht genommener Urlaub verfällt am 31. März des Folgejahres. "
                + "Anträge stellen Sie z. B. im Portal, bzw. per E-Mail an die Personalabteilung."))
                .containsExactly("Nicht genommener Urlaub verfällt am 31. März des Folgejahres.",
                        "Anträge stellen Sie z. B. im Portal, bzw. per E-Mail an die Personalabteilung.");
        assertThat(io.corrigo.api.text.Sentences.split("The trial ended in 2019. It enrolled 31 patients in Boston."))
                .as("English keeps its breaks").containsExactly("The trial ended in 2019.", "It enrolled 31 patients in Boston.");
    }

    @Test
    void should_keep_a_german_ordinal_and_z_b_inside_their_sentence__and_end_an_english_one_after_a_number() {
        assertThat(Sentences.split("Der Antrag muss bis zum 2. Werktag des Monats gestellt werden. Danach entscheidet "
                + "die Abteilung, z. B. über eine Verlängerung.")).containsExactly(
                "Der Antrag muss bis zum 2. Werktag des Monats gestellt werden.",
                "Danach entscheidet die Abteilung, z. B. über eine Verlängerung.");
        assertThat(Sentences.split("The results are shown in table 2. The next section discusses the method."))
                .hasSize(2);
    }
}
