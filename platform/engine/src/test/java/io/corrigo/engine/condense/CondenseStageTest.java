package io.corrigo.engine.condense;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.QueryRewriter;
import io.corrigo.engine.settings.Mode;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.trace.Notice;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.engine.trace.TraceRecorder;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A model rewriter condenses with the conversation's mentions in hand, and is held to the rules' checks. */
class CondenseStageTest {

    private static final List<Turn> FOUNDER = List.of(
            new Turn("When did Captain Morrow found Marlow Falls?", "In 1887 [1]."));

    private final List<String> feedback = new ArrayList<>();

    private CondenseStage answering(String reading) {
        QueryRewriter rewriter = (question, purpose, conversation) -> {
            feedback.add(conversation);
            return reading;
        };
        return new CondenseStage(rewriter);
    }

    private static TraceRecorder trace(String asked) {
        return new TraceRecorder(asked, new PipelineSettings(Mode.CORRECTIVE, 5, 0.7, 0.3, 0.5, 200, 3), List.of(),
                Clock.systemUTC());
    }

    private static List<String> notices(TraceRecorder trace) {
        RunTrace finished = trace.finish(false);
        return finished.notices().stream().map(Notice::message).toList();
    }

    @Test
    void should_give_the_rewriter_what_the_conversation_named__with_kinds__and_use_a_reading_that_agrees() {
        // given
        CondenseStage stage = answering("Where was Captain Morrow born?");
        TraceRecorder trace = trace("Where was he born?");

        // when
        RuleCondenser.Condensed read = stage.condense("Where was he born?", FOUNDER, trace);

        // then
        assertThat(read.question()).isEqualTo("Where was Captain Morrow born?");
        assertThat(trace.finish(false).condensation().by()).isEqualTo("rewriter");
        assertThat(feedback).singleElement().satisfies(f -> assertThat(f)
                .startsWith("User: When did Captain Morrow found Marlow Falls?\nAssistant: In 1887 [1].")
                .contains("Named so far, with kinds: ").contains("Captain Morrow (person)").contains("Marlow Falls (name)"));
    }

    @Test
    void should_not_use_a_reading_that_puts_the_place_a_person_founded_where_he_stood() {
        // given: the model takes "he" for the town
        CondenseStage stage = answering("Where was Marlow Falls born?");
        TraceRecorder trace = trace("Where was he born?");

        // when
        RuleCondenser.Condensed read = stage.condense("Where was he born?", FOUNDER, trace);

        // then: the rules' reading, which resolves "he" to the person, and the trace says why
        assertThat(read.question()).contains("Captain Morrow").doesNotContain("Marlow Falls born");
        assertThat(notices(trace)).anySatisfy(n -> assertThat(n).contains("Where was Marlow Falls born?")
                .contains("while the conversation names Captain Morrow (person)").contains("the rules' reading was used"));
    }

    @Test
    void should_not_use_a_reading_that_takes_a_surveyed_group_for_the_country_of_the_survey() {
        // given: the model takes "they" for the country
        List<Turn> survey = List.of(new Turn("How many nurses were surveyed in Kenya?", "412 nurses [1]."));
        CondenseStage stage = answering("How old was Kenya on average?");
        TraceRecorder trace = trace("How old were they on average?");

        // when
        RuleCondenser.Condensed read = stage.condense("How old were they on average?", survey, trace);

        // then
        assertThat(read.question()).isEqualTo("How old were the nurses of Kenya on average?");
        assertThat(notices(trace)).anySatisfy(n -> assertThat(n).contains("wrong kind"));
    }

    @Test
    void should_leave_a_full_question_asked_mid_conversation_alone__even_when_the_model_glues_it_to_turn_one() {
        // given
        List<Turn> leave = List.of(new Turn("How many days of leave do I get?", "30 days [1]."));
        CondenseStage stage = answering("How many days of leave do I get for parental leave for the second parent?");
        TraceRecorder trace = trace("How is parental leave for the second parent paid?");

        // when
        RuleCondenser.Condensed read = stage.condense("How is parental leave for the second parent paid?", leave, trace);

        // then
        assertThat(read.question()).isEqualTo("How is parental leave for the second parent paid?");
        assertThat(notices(trace)).anySatisfy(n -> assertThat(n).contains("stands on its own"));
    }

    @Test
    void should_not_use_a_reading_that_names_someone_nobody_named() {
        // given
        List<Turn> history = List.of(new Turn("Who designed the Zorblax lighthouse?", "Elsa Brandt [1]."));
        CondenseStage stage = answering("When did Marie Curie die?");
        TraceRecorder trace = trace("When did she die?");

        // when
        RuleCondenser.Condensed read = stage.condense("When did she die?", history, trace);

        // then
        assertThat(read.question()).isEqualTo("When did Elsa Brandt die?");
        assertThat(notices(trace)).anySatisfy(n -> assertThat(n).contains("names Marie Curie"));
    }

    @Test
    void should_ask_back_without_the_model_when_the_referent_cannot_be_told() {
        // given
        CondenseStage stage = answering("What is the incubation period of mumps?");
        TraceRecorder trace = trace("And the other one?");

        // when
        RuleCondenser.Condensed read = stage.condense("And the other one?",
                List.of(new Turn("What is the incubation period of measles?", "Ten to twelve days.")), trace);

        // then
        assertThat(read.unclear()).isTrue();
        assertThat(feedback).as("the model was not asked").isEmpty();
        assertThat(notices(trace)).anySatisfy(n -> assertThat(n).contains("asked back without the query rewriter"));
    }
}
