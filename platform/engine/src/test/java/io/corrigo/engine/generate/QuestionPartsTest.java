package io.corrigo.engine.generate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuestionPartsTest {

    @Test
    void should_find_the_parts_joined_by_and() {
        assertThat(QuestionParts.of("What is the parental leave in the UK and Japan?")).containsExactly("uk", "japan");
        assertThat(QuestionParts.of("What are the symptoms and treatment of measles?")).containsExactly("symptoms", "treatment");
        assertThat(QuestionParts.of("Which offices are in France, Spain and Italy?"))
                .containsExactlyInAnyOrder("france", "spain", "italy");
        assertThat(QuestionParts.of("What is the hotel limit in London and in Berlin?")).containsExactly("london", "berlin");
    }

    @Test
    void should_see_one_question_where_and_joins_no_two_things() {
        assertThat(QuestionParts.of("What is the incubation period of COVID-19?")).isEmpty();
        assertThat(QuestionParts.of("What is the difference between a virus and a bacterium?")).isEmpty();
        assertThat(QuestionParts.of("Who wrote it and when?")).isEmpty();
    }

    @Test
    void should_name_the_parts_an_answer_leaves_out() {
        String question = "What is the parental leave in the UK and Japan?";

        assertThat(QuestionParts.missing(question, "In the UK, parents get 52 weeks of leave [1].")).containsExactly("japan");
        assertThat(QuestionParts.missing(question, "The UK gives 52 weeks [1]; Japan gives one year [2].")).isEmpty();
        assertThat(QuestionParts.missing("What is the incubation period?", "It is five days [1].")).isEmpty();
    }
}
