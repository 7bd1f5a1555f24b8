package io.corrigo.plugins.extractivegenerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtractiveGeneratorTest {

    private static final Source HANDBOOK = Source.knowledgeBase("d-1", "Acme Robotics Employee Handbook");
    /** Never called: the questions below carry no embedding, so support is lexical. */
    private static final EmbeddingService NO_EMBEDDINGS = new EmbeddingService() {
        @Override
        public Embedding embed(String text) {
            throw new AssertionError("no embedding expected");
        }

        @Override
        public int dimension() {
            return 3;
        }

        @Override
        public String modelId() {
            return "none";
        }
    };

    private final ExtractiveGenerator generator = new ExtractiveGenerator(NO_EMBEDDINGS, 2, 0.4);

    private static ContextStrip strip(int citation, String text, double relevance) {
        return new ContextStrip(citation, text, HANDBOOK, relevance, null);
    }

    @Test
    void should_lead_with_the_sentence_that_answers__not_the_one_most_like_the_question() {
        // given: both sentences share the question's words; the evaluator found the second one answers it
        Query question = Query.of("What is the guest Wi-Fi network called?");
        List<ContextStrip> context = List.of(
                strip(1, "The guest Wi-Fi network policy is reviewed by IT every year.", 0.05),
                strip(2, "The guest Wi-Fi network is called AcmeGuest.", 0.60));

        // when
        Answer answer = generator.generate(new GenerationRequest(question, context));

        // then
        assertThat(answer.abstained()).isFalse();
        assertThat(answer.text()).startsWith("The guest Wi-Fi network is called AcmeGuest. [2]");
    }

    @Test
    void should_never_quote_a_snippet_that_asks__and_lead_with_the_whole_date() {
        // search snippets: one is itself a question (a forum title), one states the month and year
        Query question = Query.of("When will the Tamsin Bridge reopen to traffic?");
        List<ContextStrip> context = List.of(
                strip(1, "When will the Tamsin Bridge reopen to traffic after the repairs?", 0.9),
                strip(2, "The Tamsin Bridge will reopen to traffic in June 2025, the county council said.", 0.5));

        Answer answer = generator.generate(new GenerationRequest(question, context));

        assertThat(answer.abstained()).isFalse();
        assertThat(answer.text()).doesNotContain("When will").startsWith("June 2025 [2].");
    }

    @Test
    void should_lead_with_a_figure_only_when_its_span_states_one() {
        assertThat(ExtractiveGenerator.statesAValue("19 of 30 patients")).isTrue();
        assertThat(ExtractiveGenerator.statesAValue("twelve patients")).isTrue();
        assertThat(ExtractiveGenerator.statesAValue("half of them")).isTrue();
        assertThat(ExtractiveGenerator.statesAValue("in proportion")).as("no figure: nothing to lead with").isFalse();
        assertThat(ExtractiveGenerator.statesAValue("the rest")).isFalse();

        // a how-much question over a sentence that answers it in words, not a figure: the sentence alone
        Query question = Query.of("How much of the bonus does each team member receive?");
        List<ContextStrip> context = List.of(
                strip(1, "Each team member receives a share of the bonus in proportion to their hours.", 0.8));
        Answer answer = generator.generate(new GenerationRequest(question, context));
        assertThat(answer.abstained()).isFalse();
        assertThat(answer.text()).startsWith("Each team member receives a share of the bonus");
    }

    @Test
    void should_never_quote_a_heading_a_fragment_or_a_sentence_twice() {
        Query question = Query.of("How long is the working day at Acme Robotics?");
        List<ContextStrip> context = List.of(
                strip(1, "Acme Robotics Working Day", 0.9),
                strip(1, "Working day.", 0.9),
                strip(2, "A working day at Acme Robotics lasts eight hours.", 0.5),
                strip(3, "A working day at Acme Robotics lasts eight hours.", 0.5));

        Answer answer = generator.generate(new GenerationRequest(question, context));

        assertThat(answer.text()).isEqualTo("eight hours [2]. A working day at Acme Robotics lasts eight hours. [2]");
    }

    @Test
    void should_lead_with_the_short_answer__then_quote_the_sentence_that_holds_it() {
        Query question = Query.of("In the fall 2017 cluster, how many of the 30 patients tested positive for enterovirus?");
        List<ContextStrip> context = List.of(
                strip(1, "In the fall of 2017, a cluster of aseptic meningitis cases was reported to the CDPH.", 0.6),
                strip(2, "The laboratory detected enterovirus from 19 of 30 patients (63%) by real-time RT-PCR.", 0.3));

        Answer answer = generator.generate(new GenerationRequest(question, context));

        assertThat(answer.abstained()).isFalse();
        assertThat(answer.text()).isEqualTo("19 of 30 patients [2]. The laboratory detected enterovirus from 19 of 30 "
                + "patients (63%) by real-time RT-PCR. [2]");
    }

    @Test
    void should_take_the_short_answer_from_the_sentence_quoted_after_it__never_a_figure_from_another() {
        // two sentences of one passage hold a figure; only the first is about the asked season
        Query question = Query.of("How much was the club's head coach paid in the 2019 season?");
        List<ContextStrip> context = List.of(
                strip(1, "In the 2019 season the club paid its head coach $1.2 million, the league's highest salary.", 0.6),
                strip(1, "By 2021 the coach's pay had risen to $2.5 million, after two league titles.", 0.6));

        Answer answer = generator.generate(new GenerationRequest(question, context));

        assertThat(answer.abstained()).isFalse();
        String lead = answer.text().substring(0, answer.text().indexOf(" [1]."));
        String quotedFirst = answer.text().substring(answer.text().indexOf(" [1].") + 6);
        assertThat(lead).contains("1.2 million").doesNotContain("2.5");
        assertThat(quotedFirst).startsWith("In the 2019 season").contains(lead);
    }

    @Test
    void should_abstain_naming_the_detail__when_no_sentence_states_it() {
        // on the topic, quoted from the context, and no amount of money in it
        Query question = Query.of("What is the annual revenue of Acme Robotics?");
        List<ContextStrip> context = List.of(
                strip(1, "Core working hours at Acme Robotics are 10:00 to 15:00 on every working day.", 0.9));

        Answer answer = generator.generate(new GenerationRequest(question, context));

        assertThat(answer.abstained()).isTrue();
        assertThat(answer.text()).isEqualTo("The sources available to me do not state the amount of money (revenue) "
                + "asked about.");
    }
}
