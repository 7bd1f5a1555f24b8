package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The retrieval-only endpoint, called exactly as Dify calls an External Knowledge API. */
class RetrievalApiTest extends HostTestBase {

    private static final String TENANT = "dify";
    private String secret;

    @BeforeEach
    void knowledge() {
        if (postJson("/api/v1/tenants", Map.of("id", TENANT, "name", "Dify front-end")).status() == 201) {
            uploadAndWait("/api/v1/tenants/" + TENANT + "/documents", "lab.md", """
                    # Lab safety

                    Safety goggles must be worn at all times in the chemistry lab.
                    The eyewash station is next to the north door.

                    # Opening hours

                    The lab is open from 8 am to 6 pm on weekdays.
                    """.getBytes(StandardCharsets.UTF_8));
        }
        secret = postJson("/api/v1/tenants/" + TENANT + "/keys", Map.of("kind", "SECRET", "name", "dify")).body()
                .get("value").asText();
    }

    private record Response(int status, JsonNode body) {
    }

    private Response retrieval(String authorization, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/retrieval"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response = HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), JSON.readTree(response.body()));
    }

    @Test
    void should_answer_dify_s_request_with_graded_refined_records() throws Exception {
        // when: Dify's request shape, metadata_condition and all
        Response response = retrieval("Bearer " + secret, """
                {"knowledge_id": "dify", "query": "Where is the eyewash station?",
                 "retrieval_setting": {"top_k": 2, "score_threshold": 0.0},
                 "metadata_condition": {"logical_operator": "and", "conditions": []}}""");

        // then
        assertThat(response.status()).isEqualTo(200);
        JsonNode records = response.body().get("records");
        assertThat(records).isNotEmpty().hasSizeLessThanOrEqualTo(2);
        JsonNode best = records.get(0);
        assertThat(best.get("content").asText()).contains("next to the north door");
        assertThat(best.get("score").asDouble()).isBetween(0.0, 1.0);
        assertThat(best.get("title").asText()).isNotBlank();
        assertThat(best.get("metadata").isObject()).as("Dify needs an object, never null").isTrue();
        assertThat(best.get("metadata").get("grade").asText()).isIn("CORRECT", "AMBIGUOUS");
        // where it is in its document, and where the key opens it there
        assertThat(best.get("metadata").get("section").asText()).isEqualTo("Lab safety");
        assertThat(best.get("metadata").get("span").get("end").asInt()).isGreaterThan(best.get("metadata").get("span").get("start").asInt());
        assertThat(best.get("metadata").get("source_url").asText()).startsWith("/v1/documents/");
        assertThat(response.body().get("corrigo").get("action").asText()).isEqualTo("CORRECT");
        assertThat(response.body().get("corrigo").get("passages")).isNotEmpty();
    }

    @Test
    void should_say_whether_the_records_answer__and_return_none_when_asked_to_and_nothing_does() throws Exception {
        // the lab's passages are on topic, but none says how many eyewash stations there are
        Response missing = retrieval("Bearer " + secret, """
                {"knowledge_id": "dify", "query": "How many eyewash stations does the chemistry lab have?",
                 "retrieval_setting": {"top_k": 3, "score_threshold": 0.0}, "only_sufficient": true}""");
        Response answerable = retrieval("Bearer " + secret, """
                {"knowledge_id": "dify", "query": "Where is the eyewash station?",
                 "retrieval_setting": {"top_k": 3, "score_threshold": 0.0, "only_sufficient": true}}""");

        assertThat(missing.status()).isEqualTo(200);
        assertThat(missing.body().get("corrigo").get("answerable").asBoolean()).isFalse();
        assertThat(missing.body().get("records")).as("nothing suffices: no records").isEmpty();
        assertThat(missing.body().get("corrigo").get("passages")).as("what was graded is still shown").isNotEmpty();
        assertThat(answerable.body().get("corrigo").get("answerable").asBoolean()).as(answerable.body().toString()).isTrue();
        JsonNode best = answerable.body().get("records").get(0);
        assertThat(best.get("content").asText()).contains("next to the north door");
        assertThat(best.get("metadata").get("sufficient").asBoolean()).isTrue();
        assertThat(best.get("metadata").get("grade").asText()).isEqualTo("CORRECT");
    }

    @Test
    void should_drop_records_below_the_score_threshold() throws Exception {
        Response strict = retrieval("Bearer " + secret, """
                {"knowledge_id": "dify", "query": "Where is the eyewash station?",
                 "retrieval_setting": {"top_k": 5, "score_threshold": 1.0}}""");

        assertThat(strict.status()).isEqualTo(200);
        assertThat(strict.body().get("records")).isEmpty();
    }

    @Test
    void should_refuse_in_dify_s_error_shape() throws Exception {
        String body = """
                {"knowledge_id": "dify", "query": "Where is the eyewash station?", "retrieval_setting": {"top_k": 2, "score_threshold": 0.5}}""";

        Response noHeader = retrieval(null, body);
        Response wrongKey = retrieval("Bearer sk_notakeynotakeynotakeynotakey", body);
        Response otherKnowledge = retrieval("Bearer " + secret, body.replace("\"dify\"", "\"demo\""));
        Response noQuery = retrieval("Bearer " + secret, "{\"knowledge_id\": \"dify\", \"retrieval_setting\": {\"top_k\": 2, \"score_threshold\": 0.5}}");

        assertThat(noHeader.status()).isEqualTo(403);
        assertThat(noHeader.body().get("error_code").asInt()).isEqualTo(1001);
        assertThat(wrongKey.status()).isEqualTo(403);
        assertThat(wrongKey.body().get("error_code").asInt()).isEqualTo(1002);
        assertThat(otherKnowledge.status()).isEqualTo(404);
        assertThat(otherKnowledge.body().get("error_code").asInt()).isEqualTo(2001);
        assertThat(noQuery.status()).isEqualTo(400);
        assertThat(noQuery.body().get("error_msg").asText()).contains("question");
    }
}
