package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * Two uploaded documents that give different years for one fact: with {@code onConflict=NAME_BOTH} the answer names both,
 * each with its citation.
 */
class SourceConflictApiTest extends HostTestBase {

    @Test
    void should_name_both_sources_when_two_uploaded_documents_disagree() {
        // given
        String tenant = "conflicting";
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant));
        com.fasterxml.jackson.databind.node.ObjectNode definition = (com.fasterxml.jackson.databind.node.ObjectNode)
                get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        assertThat(definition.get("settings").get("onConflict").asText()).as("flagged only, by default").isEqualTo("IGNORE");
        ((com.fasterxml.jackson.databind.node.ObjectNode) definition.get("settings")).put("onConflict", "NAME_BOTH");
        assertThat(putJson("/api/v1/tenants/" + tenant + "/pipeline", definition).status()).isEqualTo(200);
        for (String[] doc : new String[][] {
                {"history.md", "# History\n\nNorthwind Bakery was founded in 1921 by two brothers in York.\n"},
                {"brochure.md", "# About us\n\nNorthwind Bakery was founded in 1924 and bakes rye bread every day.\n"}}) {
            Reply job = uploadAndWait("/api/v1/tenants/" + tenant + "/documents", doc[0], doc[1].getBytes(StandardCharsets.UTF_8));
            assertThat(job.status()).as(job.body().toString()).isEqualTo(200);
        }

        // when
        Reply answer = ask(tenant, "In which year was Northwind Bakery founded?");

        // then: both years, each with the citation of its document, and the notice naming the conflict
        String text = answer.body().get("answer").asText();
        assertThat(text).as(answer.body().toString()).startsWith("The sources disagree:").contains("1921").contains("1924");
        java.util.List<String> titles = StreamSupport.stream(answer.body().get("citations").spliterator(), false)
                .map(c -> c.get("title").asText()).toList();
        assertThat(titles).contains("History", "About us");
        for (JsonNode c : answer.body().get("citations")) {
            String year = c.get("title").asText().equals("History") ? "1921" : "1924";
            assertThat(text).contains("[" + c.get("number").asInt() + "] gives " + year);
        }
        assertThat(answer.body().get("notices").toString()).contains("the sources disagree on the asked year");
    }
}
