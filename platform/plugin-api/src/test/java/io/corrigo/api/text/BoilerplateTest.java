package io.corrigo.api.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BoilerplateTest {

    @Test
    void should_recognise_lines_that_are_not_prose() {
        assertThat(Boilerplate.isBoilerplate("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC3776769/")).isTrue();
        assertThat(Boilerplate.isBoilerplate("DOI:10.1371/journal.pone.0075831")).isTrue();
        assertThat(Boilerplate.isBoilerplate("doi: 10.1000/xyz123")).isTrue();
        assertThat(Boilerplate.isBoilerplate("License:cc-by")).isTrue();
        assertThat(Boilerplate.isBoilerplate("Copyright 2020 The Authors.")).isTrue();
        assertThat(Boilerplate.isBoilerplate("2013-09-18")).isTrue();
        assertThat(Boilerplate.isBoilerplate("Tsukamoto, Takashi; Li, Xianglan; Morita, Hiromi")).isTrue();
        assertThat(Boilerplate.isBoilerplate("hr@acme.example")).isTrue();
    }

    @Test
    void should_leave_prose_that_mentions_such_things() {
        assertThat(Boilerplate.isBoilerplate("The licence allows reuse of the data with attribution.")).isFalse();
        assertThat(Boilerplate.isBoilerplate("See https://acme.example/help for the form.")).isFalse();
        assertThat(Boilerplate.isBoilerplate("Smith, the lead author, wrote it; Jones checked it.")).isFalse();
        assertThat(Boilerplate.isBoilerplate("The study ran from 2013 to 2015.")).isFalse();
    }

    @Test
    void should_strip_a_paragraph_label__and_keep_a_sentence_that_only_starts_like_one() {
        assertThat(Boilerplate.stripLabel("Abstract: Recently, IFITM3 has become a target."))
                .isEqualTo("Recently, IFITM3 has become a target.");
        assertThat(Boilerplate.stripLabel("Text: The virus spreads by droplets.")).isEqualTo("The virus spreads by droplets.");
        assertThat(Boilerplate.stripLabel("BACKGROUND/AIM: To study it.")).isEqualTo("To study it.");
        assertThat(Boilerplate.stripLabel("Abstract: BACKGROUND/AIM: The role of humoral immunity is unclear."))
                .isEqualTo("The role of humoral immunity is unclear.");
        assertThat(Boilerplate.stripLabel("Sera were tested. RESULTS: Of 40 sera, 12 neutralised. Methods: none."))
                .isEqualTo("Sera were tested. Of 40 sera, 12 neutralised. none.");
        assertThat(Boilerplate.stripLabel("COVID-19: a review of the first year.")).isEqualTo("COVID-19: a review of the first year.");
        assertThat(Boilerplate.stripLabel("The ratio was 3:1 in adults.")).isEqualTo("The ratio was 3:1 in adults.");
    }

    @Test
    void should_tell_a_heading_from_a_sentence() {
        assertThat(Boilerplate.looksLikeHeading("Guest Wi-Fi")).isTrue();
        assertThat(Boilerplate.looksLikeHeading("3. Leave and holidays")).isTrue();
        assertThat(Boilerplate.looksLikeHeading("Chikungunya: A Potentially Emerging Epidemic?")).isTrue();
        assertThat(Boilerplate.looksLikeHeading("Guests use the AcmeGuest network.")).isFalse();
        assertThat(Boilerplate.looksLikeHeading("the second half of a printed line")).isFalse();
    }

    @Test
    void should_give_only_the_prose_sentences_of_a_search_result() {
        String text = "A Study of Masks\n\nhttps://example.org/paper\n\nAbstract: Masks reduce transmission by half. "
                + "They work best indoors.";

        assertThat(Boilerplate.proseSentences(text))
                .containsExactly("Masks reduce transmission by half.", "They work best indoors.");
    }
}
