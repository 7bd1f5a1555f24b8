package io.corrigo.api.answer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a question asks: its answer type, the noun a figure must count, its anchors, place and superlative. */
class QuestionAnalysisTest {

    @Test
    void should_read_a_headcount_as_a_count_of_the_asked_noun() {
        QuestionAnalysis q = QuestionAnalysis.of("How many soldiers served in the Anzac Mounted Division?");

        assertThat(q.type()).isEqualTo(AnswerType.COUNT);
        assertThat(q.head()).isEqualTo("soldiers");
        assertThat(q.anchors()).containsExactly("anzac mounted division");
        assertThat(q.structural()).isTrue();
    }

    @Test
    void should_stop_the_counted_noun_at_its_verb_and_skip_a_figure_the_question_gives() {
        QuestionAnalysis q = QuestionAnalysis.of("In the fall 2017 cluster of aseptic meningitis at a northern California "
                + "high school, how many of the 30 patients tested positive for enterovirus?");

        assertThat(q.type()).isEqualTo(AnswerType.COUNT);
        assertThat(q.head()).isEqualTo("patients");
        assertThat(q.figures()).containsExactly("2017", "30");
    }

    @Test
    void should_read_the_year_asked_for_and_the_people_it_is_about() {
        QuestionAnalysis q = QuestionAnalysis.of("In what year was Mountbatten appointed head of SEAC?");

        assertThat(q.type()).isEqualTo(AnswerType.YEAR);
        assertThat(q.anchors()).containsExactly("mountbatten", "seac");
    }

    @Test
    void should_read_a_median_age_with_its_place_as_a_constraint() {
        QuestionAnalysis q = QuestionAnalysis.of("What was the median age of cases in Italy?");

        assertThat(q.type()).isEqualTo(AnswerType.AGE);
        assertThat(q.constraints()).containsExactly("italy");
    }

    @Test
    void should_tell_money__percentages__doses__durations_and_dates_apart() {
        assertThat(QuestionAnalysis.of("How much did Iceland spend on its Ebola preparedness plan?").type())
                .isEqualTo(AnswerType.MONEY);
        assertThat(QuestionAnalysis.of("What share of the world's fresh surface water is held in Lake Baikal?").type())
                .isEqualTo(AnswerType.PERCENTAGE);
        QuestionAnalysis dose = QuestionAnalysis.of("What dose of nystatin is used to treat cracked nipples?");
        assertThat(dose.type()).isEqualTo(AnswerType.QUANTITY);
        assertThat(dose.head()).isEqualTo("dose");
        assertThat(QuestionAnalysis.of("What was the median turnaround time for test results?").type())
                .isEqualTo(AnswerType.DURATION);
        assertThat(QuestionAnalysis.of("What was the median turnaround time for test results?").focusTerms())
                .containsExactly("turnaround");
        assertThat(QuestionAnalysis.of("On what date was Robert Bond made a Knight Commander?").type())
                .isEqualTo(AnswerType.DATE);
        assertThat(QuestionAnalysis.of("How old was the man who was the first imported case?").type())
                .isEqualTo(AnswerType.AGE);
    }

    @Test
    void should_take_a_superlative_of_the_question_but_not_of_a_name() {
        assertThat(QuestionAnalysis.of("Who was the first judge ABC announced?").superlative()).isEqualTo("first");
        assertThat(QuestionAnalysis.of("How many Germans died during the First World War?").superlative()).isNull();
    }

    @Test
    void should_leave_why__how__yes_no_and_what_is_questions_to_other_evidence() {
        assertThat(QuestionAnalysis.of("Why do bats carry so many viruses?").structural()).isFalse();
        assertThat(QuestionAnalysis.of("How does the virus enter the cell?").structural()).isFalse();
        assertThat(QuestionAnalysis.of("Is Oseltamivir effective when taken intranasally?").type())
                .isEqualTo(AnswerType.YES_NO);
        assertThat(QuestionAnalysis.of("What factors determine an effective mucosal immune response?").structural())
                .isFalse();
        assertThat(QuestionAnalysis.of("").type()).isEqualTo(AnswerType.OTHER);
    }

    @Test
    void should_read_the_class_of_a_which_question_and_the_named_thing_of_a_name_question() {
        QuestionAnalysis breed = QuestionAnalysis.of("What breed was the calf in Normandy?");
        assertThat(breed.type()).isEqualTo(AnswerType.ENTITY);
        assertThat(breed.head()).isEqualTo("breed");

        QuestionAnalysis school = QuestionAnalysis.of("What is the name of the northern California high school where "
                + "the cluster happened?");
        assertThat(school.type()).isEqualTo(AnswerType.NAME);
        assertThat(school.head()).isEqualTo("school");
    }

    @Test
    void should_see_a_question_about_two_named_things() {
        assertThat(QuestionAnalysis.of("What is the hotel limit in London and in Berlin?").coordinated()).isTrue();
        assertThat(QuestionAnalysis.of("What is the notice period in the United Kingdom and Japan?").coordinated()).isTrue();
        assertThat(QuestionAnalysis.of("What is the notice period in the United Kingdom?").coordinated()).isFalse();
    }
}
