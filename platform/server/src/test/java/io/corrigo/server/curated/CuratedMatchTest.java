package io.corrigo.server.curated;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What makes a question ask something else than a curated phrasing, however alike the two embed. */
class CuratedMatchTest {

    private static final String CURATED = "How many days of paid time off do full-time employees get?";

    @Test
    void should_take_a_reworded_question_as_the_same() {
        assertThat(CuratedAnswers.conflict("How many days off do full-time employees get each year?", CURATED)).isFalse();
        assertThat(CuratedAnswers.conflict("How much annual leave does a full-time employee get?",
                "How much annual leave does a full-time employee have?")).isFalse();
        // a name written in another case is the same name
        assertThat(CuratedAnswers.conflict("What is the hepatitis C virus exactly?", "What is the Hepatitis C virus?"))
                .isFalse();
    }

    @Test
    void should_take_another_qualifier_number_name_or_subject_as_another_question() {
        assertThat(CuratedAnswers.conflict("How many days of paid time off do part-time employees get?", CURATED)).isTrue();
        assertThat(CuratedAnswers.conflict("How many days of sick leave do full-time employees get?", CURATED)).isTrue();
        assertThat(CuratedAnswers.conflict("What was the revenue in 2023?", "What was the revenue in 2024?")).isTrue();
        assertThat(CuratedAnswers.conflict("Who founded Northwind?", "Who founded Contoso?")).isTrue();
    }
}
