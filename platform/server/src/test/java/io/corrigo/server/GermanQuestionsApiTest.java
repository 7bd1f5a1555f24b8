package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * German questions over a German handbook, end to end through the shipped plugins: each question read by the German
 * word lists (its answer type and focus on the run's query), a count answered, a near miss (a figure that counts
 * something else) abstained, and a German ordinal's full stop kept inside its sentence.
 */
class GermanQuestionsApiTest extends HostTestBase {

    private static final String TENANT = "de-handbuch";
    private static final String HANDBOOK = """
            # Urlaub

            Vollzeitbeschäftigte erhalten 30 Urlaubstage im Jahr. Teilzeitkräfte erhalten Urlaub anteilig nach ihrer \
            vertraglichen Arbeitszeit. Der Antrag muss bis zum 2. Werktag des Vormonats gestellt werden.

            # Reisekosten

            Hotelübernachtungen werden bis zu 150 Euro pro Nacht erstattet. Die Abrechnung erfolgt über das Portal.
            """;

    @BeforeEach
    void handbook() {
        if (postJson("/api/v1/tenants", Map.of("id", TENANT, "name", "Handbuch")).status() == 201) {
            uploadAndWait("/api/v1/tenants/" + TENANT + "/documents", "handbuch.md", HANDBOOK.getBytes(StandardCharsets.UTF_8));
        }
    }

    private JsonNode trace(Reply reply) {
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(200);
        return get(reply.body().get("traceUrl").asText()).body().get("trace");
    }

    @Test
    void should_answer_a_german_count_question_from_the_sentence_that_states_it() {
        Reply reply = ask(TENANT, "Wie viele Urlaubstage bekommen Vollzeitbeschäftigte im Jahr?");

        assertThat(reply.body().get("abstained").asBoolean()).as(reply.body().toString()).isFalse();
        assertThat(reply.body().get("answer").asText()).contains("30 Urlaubstage");
    }

    @Test
    void should_abstain_on_a_near_miss__a_figure_that_counts_something_else() {
        Reply reply = ask(TENANT, "Wie viele Mitarbeiter hat die Firma?");

        assertThat(reply.body().get("abstained").asBoolean()).as(reply.body().toString()).isTrue();
        assertThat(reply.body().get("answer").asText()).doesNotContain("30").doesNotContain("150");
    }

    @Test
    void should_keep_a_german_ordinal_inside_its_sentence() {
        // the kept passage's sentences, each scored in the trace, split as the German text reads
        JsonNode trace = trace(ask(TENANT, "Wie viele Urlaubstage bekommen Vollzeitbeschäftigte pro Jahr?"));

        List<String> sentences = new ArrayList<>();
        trace.path("strips").forEach(s -> sentences.add(s.get("text").asText()));
        assertThat(sentences).contains("Der Antrag muss bis zum 2. Werktag des Vormonats gestellt werden.")
                .noneMatch(s -> s.endsWith("bis zum 2."));
    }
}
