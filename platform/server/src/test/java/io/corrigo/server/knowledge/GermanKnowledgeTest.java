package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.HostTestBase;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A German handbook, uploaded without saying its language: the language is found and kept as metadata (a question can
 * filter on it), a German question is answered from it in German with its citation, a German date stays in its
 * sentence, and a German question whose detail is missing gets a German abstention.
 */
class GermanKnowledgeTest extends HostTestBase {

    private static final String HANDBOOK = """
            # Urlaub

            Vollzeitbeschäftigte erhalten 30 Tage bezahlten Urlaub pro Kalenderjahr. Nicht genommener Urlaub verfällt am 31. März des Folgejahres.

            # Dienstreisen

            Für Dienstreisen unter 500 Kilometern ist die Bahn zu nutzen. Die Verpflegungspauschale beträgt 28 Euro pro vollem Reisetag.
            """;

    @Test
    void should_detect_german_and_answer_and_abstain_in_german() {
        String t = "handbuch";
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", t, "name", "Handbuch"));
        Reply job = uploadAndWait("/api/v1/tenants/" + t + "/documents", "handbuch.md", HANDBOOK.getBytes(StandardCharsets.UTF_8));
        assertThat(job.status()).isEqualTo(200);
        uploadAndWait("/api/v1/tenants/" + t + "/documents", "parking.md",
                "# Parking\n\nThe garage has 120 parking spaces for employees of the company.\n".getBytes(StandardCharsets.UTF_8));

        JsonNode documents = get("/api/v1/tenants/" + t + "/documents").body();
        assertThat(documents).anySatisfy(d -> {
            assertThat(d.get("name").asText()).isEqualTo("handbuch.md");
            assertThat(d.get("metadata").get("language").asText()).isEqualTo("de");
        });
        assertThat(documents).anySatisfy(d -> {
            assertThat(d.get("name").asText()).isEqualTo("parking.md");
            assertThat(d.get("metadata").get("language").asText()).isEqualTo("en");
        });

        JsonNode answer = postJson("/api/v1/tenants/" + t + "/query",
                Map.of("question", "Wann verfällt nicht genommener Urlaub?")).body();
        assertThat(answer.get("abstained").asBoolean()).as(answer.toString()).isFalse();
        assertThat(answer.get("answer").asText()).contains("am 31. März des Folgejahres");
        assertThat(answer.get("citations").get(0).get("title").asText()).isNotBlank();

        JsonNode scoped = postJson("/api/v1/tenants/" + t + "/query", Map.of("question",
                "Wie hoch ist die Verpflegungspauschale pro vollem Reisetag?", "filter", Map.of("language", "de"))).body();
        assertThat(scoped.get("answer").asText()).contains("28 Euro");
        JsonNode english = postJson("/api/v1/tenants/" + t + "/query", Map.of("question",
                "Wie hoch ist die Verpflegungspauschale pro vollem Reisetag?", "filter", Map.of("language", "en"))).body();
        assertThat(english.get("answer").asText()).as("only the English document in scope").doesNotContain("28 Euro");

        JsonNode missing = postJson("/api/v1/tenants/" + t + "/query",
                Map.of("question", "Wie hoch ist die Kilometerpauschale für Fahrten mit dem eigenen Auto?")).body();
        assertThat(missing.get("abstained").asBoolean()).as(missing.toString()).isTrue();
        assertThat(missing.get("answer").asText()).containsAnyOf("Quellen", "Informationen");
    }
}
