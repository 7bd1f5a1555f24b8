package io.corrigo.engine.condense;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.engine.condense.Mentions.Kind;
import org.junit.jupiter.api.Test;

/** What a phrase names, and which pronouns may stand for it. */
class MentionsTest {

    @Test
    void should_tell_the_kind_of_a_phrase_from_its_head_noun_or_the_name_it_holds() {
        assertThat(Mentions.kindOf("the founder of Marlow Falls")).isEqualTo(Kind.PERSON);
        assertThat(Mentions.kindOf("the town of Marlow Falls")).isEqualTo(Kind.PLACE);
        assertThat(Mentions.kindOf("Vermont")).isEqualTo(Kind.PLACE);
        assertThat(Mentions.kindOf("New Zealand")).isEqualTo(Kind.PLACE);
        assertThat(Mentions.kindOf("health workers")).isEqualTo(Kind.GROUP);
        assertThat(Mentions.kindOf("Northwind Ltd")).isEqualTo(Kind.ORGANISATION);
        assertThat(Mentions.kindOf("Ada Lovelace")).isEqualTo(Kind.PERSON);
        assertThat(Mentions.kindOf("Dr. Okafor")).isEqualTo(Kind.PERSON);
        assertThat(Mentions.kindOf("the 1918 pandemic")).isEqualTo(Kind.EVENT);
        assertThat(Mentions.kindOf("expense claims")).isEqualTo(Kind.THING);
        assertThat(Mentions.kindOf("Quillby")).isEqualTo(Kind.UNKNOWN);
    }

    @Test
    void should_let_a_pronoun_stand_only_for_a_mention_that_agrees_in_kind_and_number() {
        assertThat(Mentions.agreeing("he", Mentions.of("the founder of Marlow Falls"))).isTrue();
        assertThat(Mentions.agreeing("he", Mentions.of("Vermont"))).isFalse();
        assertThat(Mentions.agreeing("she", Mentions.of("Quillby Smith"))).as("a name of unknown kind").isTrue();
        assertThat(Mentions.agreeing("them", Mentions.of("health workers"))).isTrue();
        assertThat(Mentions.agreeing("them", Mentions.of("Kenya"))).isFalse();
        assertThat(Mentions.agreeing("they", Mentions.of("the council"))).as("an organisation").isTrue();
        assertThat(Mentions.agreeing("it", Mentions.of("the vaccine"))).isTrue();
        assertThat(Mentions.agreeing("it", Mentions.of("the nurse"))).isFalse();
    }

    @Test
    void should_count_a_rewrite_that_put_a_place_where_he_stood_as_the_wrong_kind() {
        assertThat(Mentions.wrongKind("When did he die?", "When did Vermont die?", "When did Josiah Marlow die?")).isTrue();
        assertThat(Mentions.wrongKind("When did he die?", "When did Josiah Marlow die?", "When did Josiah Marlow die?"))
                .isFalse();
        assertThat(Mentions.wrongKind("How many of them were vaccinated?", "How many of Kenya were vaccinated?",
                "How many of the health workers were vaccinated?")).isTrue();
        assertThat(Mentions.wrongKind("When was it built?", "When was the mill built?", "When was the mill built?"))
                .as("no personal or plural pronoun").isFalse();
    }
}
