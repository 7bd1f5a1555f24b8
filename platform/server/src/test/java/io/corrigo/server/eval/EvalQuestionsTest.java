package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.type;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A question set is read strictly: a set of another shape is refused with every unknown key named, never guessed. */
class EvalQuestionsTest {

    @Test
    void should_refuse_a_set_with_other_field_names__naming_each_by_line_with_the_key_meant() {
        List<String> lines = List.of(
                "{\"id\":\"q1\",\"question\":\"How many days of leave?\",\"answer\":\"30 days\",\"route\":\"kb\"}",
                "{\"id\":\"q2\",\"question\":\"Who won in 1966?\",\"answers\":[],\"goldRoute\":\"none\"}");

        assertThatThrownBy(() -> EvalQuestions.parse("upload.jsonl", lines, 0))
                .isInstanceOf(EvalQuestions.UnknownKeys.class)
                .hasMessageContaining("upload.jsonl: 3 key(s) a labelled question does not have")
                .hasMessageContaining("so nothing was evaluated")
                .asInstanceOf(type(EvalQuestions.UnknownKeys.class))
                .extracting(EvalQuestions.UnknownKeys::details).asList().containsExactly(
                        "line 1: answer (did you mean answers?)", "line 1: route (did you mean gold_route?)",
                        "line 2: goldRoute (did you mean gold_route?)");
    }

    @Test
    void should_refuse_answers_given_as_one_text_and_a_route_that_is_no_text() {
        assertThatThrownBy(() -> EvalQuestions.parse("s.jsonl",
                List.of("{\"question\":\"Q?\",\"answers\":\"30 days\"}"), 0))
                .hasMessage("s.jsonl line 1: \"answers\" must be a list of texts");
        assertThatThrownBy(() -> EvalQuestions.parse("s.jsonl", List.of("{\"question\":\"Q?\",\"gold_route\":1}"), 0))
                .hasMessage("s.jsonl line 1: \"gold_route\" must be kb, web or none");
    }

    @Test
    void should_read_every_shipped_set_of_the_benchmark_shape() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("src/test/resources/eval/questions-20.jsonl"));

        assertThat(EvalQuestions.parse("questions-20.jsonl", lines, 0)).hasSize(20);
        assertThat(EvalQuestions.parse("t.jsonl", List.of("{\"id\":\"t\",\"question\":\"Q?\",\"answers\":[],"
                + "\"gold_route\":\"none\",\"trap_passage_id\":\"p-1\"}"), 0)).singleElement()
                .satisfies(q -> assertThat(q.goldRoute()).isEqualTo("none"));
    }
}
