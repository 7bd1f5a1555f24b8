package io.corrigo.server.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.api.Answer;
import io.corrigo.api.Grade;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Stored traces across schema versions: a run stored by the previous version (a real row of the run table, kept in
 * {@code traces/v1-incorrect-with-web.json}) reads with every figure, one from before Self-RAG is upgraded, this
 * version's round-trips, and a newer version's is refused with the reason.
 */
class StoredTracesTest {

    private final ObjectMapper json = JsonMapper.builder().findAndAddModules().build();
    private final StoredTraces traces = new StoredTraces(json);

    private static String v1() throws IOException {
        try (InputStream in = StoredTracesTest.class.getResourceAsStream("/traces/v1-incorrect-with-web.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void should_read_a_run_stored_by_the_previous_version_with_its_whole_trace() throws IOException {
        StoredTraces.Read read = traces.read(v1());

        assertThat(read.schemaVersion()).isEqualTo(1);
        assertThat(read.trace().question()).isEqualTo("what is the function of insulin and where is it produced");
        assertThat(read.trace().action()).isEqualTo(Grade.INCORRECT);
        assertThat(read.trace().searchResults()).hasSize(5);
        assertThat(read.trace().retrieved()).isNotEmpty();
        assertThat(read.trace().strips()).isNotEmpty();
        assertThat(read.trace().rounds()).hasSize(1);
        assertThat(read.trace().retrievalDecision().decidedBy()).isEqualTo("heuristic");
        assertThat(read.citations()).singleElement().satisfies(c -> assertThat(c.source().title()).isEqualTo("Insulin"));
    }

    @Test
    void should_upgrade_a_previous_version_trace_from_before_self_rag_to_a_recorded_retrieval_decision() throws IOException {
        ObjectNode stored = (ObjectNode) json.readTree(v1());
        ((ObjectNode) stored.get("trace")).remove("retrievalDecision");

        StoredTraces.Read read = traces.read(stored.toString());

        assertThat(read.trace().retrievalDecision().retrieve()).isTrue();
        assertThat(read.trace().retrievalDecision().decidedBy()).isEqualTo("not recorded");
    }

    @Test
    void should_write_the_current_version_and_read_back_the_same_trace() throws IOException {
        StoredTraces.Read old = traces.read(v1());
        String written = traces.write(new Answer("Insulin is made by beta cells.", old.citations(), false), old.trace());

        StoredTraces.Read read = traces.read(written);

        assertThat(json.readTree(written).get("schemaVersion").asInt()).isEqualTo(StoredTraces.VERSION);
        assertThat(read.schemaVersion()).isEqualTo(StoredTraces.VERSION);
        assertThat(json.valueToTree(read.trace()).toString()).isEqualTo(json.valueToTree(old.trace()).toString());
        assertThat(read.citations()).isEqualTo(old.citations());
    }

    @Test
    void should_refuse_a_trace_of_a_newer_version_or_no_json_saying_why() throws IOException {
        ObjectNode newer = (ObjectNode) json.readTree(v1());
        newer.put("schemaVersion", StoredTraces.VERSION + 1);

        assertThatThrownBy(() -> traces.read(newer.toString())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("newer version").hasMessageContaining("reads up to " + StoredTraces.VERSION);
        assertThatThrownBy(() -> traces.read("{not json")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a stored run");
    }
}
