package io.corrigo.engine.analyse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** OpenNLP's English part-of-speech model, loaded from the class path, and what the condenser trusts its tags for. */
class PartsOfSpeechTest {

    private static boolean verb(String question, String word) {
        List<String> words = List.of(question.split(" "));
        return PartsOfSpeech.verb(words, PartsOfSpeech.tags(words), words.indexOf(word));
    }

    @Test
    void should_tag_every_word_of_a_question_from_the_model_on_the_class_path() {
        List<String> words = List.of("When", "did", "the", "ferry", "sink", "?");

        assertThat(PartsOfSpeech.tags(words)).hasSize(6).contains("NOUN", "VERB");
        assertThat(PartsOfSpeech.tags(List.of())).isEmpty();
    }

    @Test
    void should_tell_the_verb_that_ends_a_subject() {
        assertThat(verb("When did Krakatoa bury Anjer ?", "bury")).isTrue();
        assertThat(verb("When did Krakatoa bury Anjer ?", "Krakatoa")).isFalse();
    }

    @Test
    void should_not_take_a_modifier_or_a_word_after_an_article_for_a_verb() {
        assertThat(verb("Is there a bike leasing scheme ?", "leasing")).isFalse();
        assertThat(verb("What does the works council decide ?", "works")).isFalse();
    }
}
