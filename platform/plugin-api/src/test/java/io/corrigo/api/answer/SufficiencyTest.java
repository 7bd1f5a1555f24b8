package io.corrigo.api.answer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sufficiency on sentences from the benchmark's corpora: a sentence about the topic that lacks the asked detail, a
 * figure for another quantity, another place or a swapped role is not sufficient; the answering sentence is, with its
 * candidate.
 */
class SufficiencyTest {

    private static Sufficiency.Verdict judge(String question, String passage) {
        return Sufficiency.ofPassage(QuestionAnalysis.of(question), passage);
    }

    @Test
    void should_not_take_the_sentence_naming_the_division_for_its_headcount() {
        Sufficiency.Verdict verdict = judge("How many soldiers served in the Anzac Mounted Division?",
                "After the Gallipoli Campaign , Australian troops returned to Egypt and the AIF underwent a major expansion , "
                        + "which involved the raising of another three infantry divisions -- the 3rd , 4th and 5th -- and "
                        + "the establishment of the Anzac Mounted Division .");

        assertThat(verdict.lacking()).isTrue();
        assertThat(verdict.reason()).contains("count of soldiers").contains("figures for other quantities only");
    }

    @Test
    void should_not_answer_a_year_with_a_sentence_that_has_none() {
        assertThat(judge("In what year was Mountbatten appointed head of SEAC?",
                "Under the terms of an agreement reached between Blamey and Admiral Louis Mountbatten , the head of South "
                        + "East Asia Command , Australia was responsible for providing occupation forces for all of Borneo .")
                .lacking()).isTrue();
        assertThat(judge("In what year did François Quesnay die?",
                "The concept was brought to attention by the French Physiocrats , in particular François Quesnay , who "
                        + "argued that the incidence of all taxation falls ultimately on landowners .").lacking()).isTrue();
    }

    @Test
    void should_not_take_case_counts_for_a_median_age__but_take_the_age() {
        String question = "What was the median age of cases in Italy?";

        assertThat(judge(question, "As of 4 March, Italy had reported 3,089 confirmed cases and 107 deaths.").lacking())
                .isTrue();
        Sufficiency.Verdict age = judge(question, "In Italy, the median age of the confirmed cases was 64 years.");
        assertThat(age.sufficient()).isTrue();
        assertThat(age.candidate().text()).isEqualTo("64 years");
    }

    @Test
    void should_bind_a_count_to_the_asked_noun_and_skip_the_figure_the_question_gives() {
        Sufficiency.Verdict verdict = judge("In the fall 2017 cluster of aseptic meningitis at a northern California "
                        + "high school, how many of the 30 patients tested positive for enterovirus?",
                "In the fall of 2017, a cluster of aseptic meningitis cases from a northern California high school were "
                        + "reported. The laboratory detected EV from 19 of 30 patients (63%) by real-time RT-PCR.");

        assertThat(verdict.sufficient()).isTrue();
        assertThat(verdict.candidate().text()).isEqualTo("19 of 30 patients");
        assertThat(verdict.candidate().binding()).isEqualTo("patients");
    }

    @Test
    void should_read_a_bibliography_as_a_list__the_year_of_the_asked_title() {
        Sufficiency.Verdict verdict = judge("In what year was Running with Scissors published?",
                "2000 -- Sellevision ( ISBN 0 - 312 - 26772 - X ) ( fiction ) 2002 -- Running with Scissors ( ISBN 0 - "
                        + "312 - 28370 - 9 ) 2003 -- Dry ( ISBN 0 - 312 - 42379 - 9 ) 2004 -- Magical Thinking ( ISBN 0 - "
                        + "312 - 31594 - 5 )");

        assertThat(verdict.sufficient()).isTrue();
        assertThat(verdict.candidate().text()).isEqualTo("2002");
    }

    @Test
    void should_take_a_figure_for_another_place_or_quantity_as_a_near_miss() {
        // the figure is for South Africa; the question asks about Zimbabwe, which the passage names elsewhere
        assertThat(judge("How many people speak Xhosa in Zimbabwe?",
                "Xhosa is also an official language of Zimbabwe. Xhosa is spoken as a first language by 8.2 million "
                        + "people and by 11 million as a second language in South Africa.").lacking()).isTrue();
        // a percentage, but of fresh water on Earth, not of the Amazon
        assertThat(judge("What share of the world's fresh surface water is found in the Amazon River?",
                "Only 2.5 -- 2.75 % is fresh water , including 1.75 -- 2 % frozen in glaciers .").lacking()).isTrue();
        // a duration, but of the turnaround time, not of the stay
        assertThat(judge("What was the median length of stay for patients tested with rapid PCR?",
                "The median turnaround time for rapid PCR was 2.4 h.").lacking()).isTrue();
        // no money in the core hours, whatever the overlap
        assertThat(judge("What is the annual revenue of Acme?",
                "Core working hours at Acme are 10:00 to 15:00.").lacking()).isTrue();
    }

    @Test
    void should_see_a_swapped_role() {
        QuestionAnalysis question = QuestionAnalysis.of("Who acquired Instagram in 2012?");

        assertThat(Sufficiency.rolesSwapped(question, "In 2012, Instagram acquired Luxe Labs.")).isTrue();
        assertThat(Sufficiency.ofPassage(question, "In 2012, Instagram acquired Luxe Labs.").lacking()).isTrue();
        Sufficiency.Verdict right = Sufficiency.ofPassage(question, "In 2012, Facebook acquired Instagram for $1 billion.");
        assertThat(right.sufficient()).isTrue();
        assertThat(right.candidate().text()).isEqualTo("Facebook");
    }

    @Test
    void should_require_the_questions_names_and_the_superlative_it_asks_about() {
        assertThat(judge("How many copies did Magna Carta Holy Grail sell in the UK in its first week?",
                "Magna Carta Holy Grail sold 528,000 copies in its first week in the United States.").lacking()).isTrue();
        assertThat(judge("Who was the first judge announced for the revival?",
                "Katy Perry was a judge announced for the revival.").lacking()).isTrue();
        assertThat(judge("Who was the first judge announced for the revival?",
                "On May 16 , Katy Perry was the first judge to be announced by ABC for the revival .").sufficient()).isTrue();
    }

    @Test
    void should_have_no_opinion_on_questions_it_cannot_check_by_form() {
        Sufficiency.Verdict verdict = judge("Why do bats carry so many viruses?", "Bats live long and roost together.");

        assertThat(verdict.checked()).isFalse();
        assertThat(verdict.sufficient()).isTrue();
        assertThat(verdict.lacking()).isFalse();
    }

    @Test
    void should_offer_the_candidate_of_one_sentence_with_the_text_around_it() {
        QuestionAnalysis question = QuestionAnalysis.of("What was the incidence of whooping cough among infants in "
                + "Sarlahi District?");
        String sentence = "The incidence of pertussis was 13.3 cases per 1000 infant-years.";

        assertThat(Sufficiency.candidateIn(question, sentence)).isEmpty(); // the district is not named in it
        assertThat(Sufficiency.candidateIn(question, sentence, "A study in Sarlahi District, Nepal. " + sentence))
                .map(AnswerCandidate::text).contains("13.3 cases");
        // a sentence naming another place is about that place
        assertThat(Sufficiency.candidateIn(question, "The incidence of pertussis in Kathmandu was 13.3 cases per 1000 "
                + "infant-years.")).isEmpty();
        // a passage that never names the district does not answer for it
        assertThat(Sufficiency.ofPassage(question, sentence).lacking()).isTrue();
        assertThat(Sufficiency.candidates(QuestionAnalysis.of("How much did his grandfather pay for the equipment?"),
                "His grandfather bought him $2,000 worth of equipment.")).extracting(AnswerCandidate::text)
                .isEqualTo(List.of("$2,000"));
    }

    @Test
    void should_take_the_figure_next_to_what_the_question_names__not_the_lists_first() {
        QuestionAnalysis question = QuestionAnalysis.of("What share of the world's fresh surface water is held in Lake Baikal?");

        assertThat(Sufficiency.candidateIn(question, "Freshwater lakes contain about 87 % of this fresh surface water , "
                + "including 29 % in the African Great Lakes , 22 % in Lake Baikal in Russia , 21 % in the North American "
                + "Great Lakes .")).map(AnswerCandidate::text).contains("22 %");
    }

    @Test
    void should_let_a_passage_call_the_one_name_of_the_question_otherwise() {
        // "COVID-19" in the question, "2019-nCoV" or nothing in the passage: one missing name does not sink it
        assertThat(judge("What is the incubation period of COVID-19?",
                "The mean incubation period was 5.2 days (95% confidence interval [CI]: 4.1-7.0).").sufficient()).isTrue();
        // two of two names missing still do
        assertThat(judge("How many copies did Magna Carta Holy Grail sell in the UK?",
                "The album sold 528,000 copies in its first week.").lacking()).isTrue();
    }
}
