package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import io.corrigo.server.conversation.Conversations;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Two-turn conversations through each entry point: the admin API and the widget's public API keep a thread (a
 * follow-up is condensed against it, the trace shows both forms, a visitor's thread is theirs alone), the
 * OpenAI-compatible endpoint reads the history the official client sends.
 */
class ConversationApiTest extends HostTestBase {

    private static final String TENANT = "conv";
    private static final String ORIGIN = "https://hr.example.com";
    private static final String HANDBOOK = """
            # Paid time off

            Full-time employees receive 25 days of paid time off each year.
            Part-time staff receive paid time off pro rata to their contracted hours.
            Unused days carry over until the end of March.

            # Expenses

            Hotel stays are reimbursed up to 180 euros per night.
            """;

    @Autowired
    Conversations conversations;

    @BeforeEach
    void handbook() {
        if (postJson("/api/v1/tenants", Map.of("id", TENANT, "name", "Conversations")).status() == 201) {
            uploadAndWait("/api/v1/tenants/" + TENANT + "/documents", "handbook.md", HANDBOOK.getBytes(StandardCharsets.UTF_8));
        }
    }

    private Reply query(String question, String conversationId) {
        Map<String, Object> body = new HashMap<>();
        body.put("question", question);
        if (conversationId != null) {
            body.put("conversationId", conversationId);
        }
        return postJson("/api/v1/tenants/" + TENANT + "/query", body);
    }

    @Test
    void should_answer_a_follow_up_in_its_conversation_through_the_admin_api__and_trace_the_standalone_question() {
        // given
        Reply first = query("How many days of paid time off do full-time employees get?", null);
        String conversation = first.body().get("conversationId").asText();

        // when
        Reply second = query("And part-time staff?", conversation);

        // then
        assertThat(first.body().get("answer").asText()).contains("25 days");
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.body().get("conversationId").asText()).isEqualTo(conversation);
        assertThat(second.body().get("answer").asText()).contains("pro rata");
        JsonNode trace = get("/api/v1/tenants/" + TENANT + "/runs/" + second.body().get("runId").asText()).body().get("trace");
        assertThat(trace.get("question").asText()).isEqualTo("And part-time staff?");
        assertThat(trace.get("condensation").get("standalone").asText())
                .isEqualTo("How many days of paid time off do part-time staff get?");
        // the reading comes with the answer, so that a wrong one is seen
        JsonNode reading = second.body().get("reading");
        assertThat(reading.get("asked").asText()).isEqualTo("And part-time staff?");
        assertThat(reading.get("answering").asText()).isEqualTo("How many days of paid time off do part-time staff get?");
        assertThat(reading.get("rewritten").asBoolean()).isTrue();
        assertThat(first.body().has("reading")).as("a first question has no reading").isFalse();
        assertThat(conversations.turns(TENANT, conversation)).extracting(turn -> turn.get(0))
                .containsExactly("How many days of paid time off do full-time employees get?", "And part-time staff?");
    }

    @Test
    void should_keep_the_passages_an_answer_cited_with_its_turn__and_grade_them_again_for_the_follow_up() {
        // given
        Reply first = query("How much are hotel stays reimbursed per night?", null);
        String conversation = first.body().get("conversationId").asText();
        String citedDocument = first.body().get("citations").get(0).get("documentId").asText();

        // when: the thread is opened for the next turn
        List<io.corrigo.engine.condense.Turn> history = conversations.open(TENANT, conversation,
                Conversations.Asker.ADMIN).history();

        // then: the cited passage came back with the turn, with the text the grader saw
        assertThat(first.body().get("answer").asText()).contains("180 euros");
        assertThat(history).singleElement().satisfies(turn -> assertThat(turn.cited()).isNotEmpty()
                .allSatisfy(p -> assertThat(p.source().documentId()).isEqualTo(citedDocument))
                .anySatisfy(p -> assertThat(p.text()).contains("180 euros per night")));

        // and the follow-up graded it again for its own question (found again by retrieval, or carried)
        Reply second = query("And is there a limit for meals?", conversation);
        JsonNode trace = get("/api/v1/tenants/" + TENANT + "/runs/" + second.body().get("runId").asText()).body().get("trace");
        List<String> graded = new java.util.ArrayList<>();
        trace.get("retrieved").forEach(p -> graded.add(p.get("documentId").asText() + " " + p.get("grade").asText()));
        assertThat(graded).anySatisfy(g -> assertThat(g).startsWith(citedDocument + " "));
    }

    @Test
    void should_hold_a_five_turn_conversation__each_answer_from_the_passage_its_turn_asks_about() throws Exception {
        // given: the staff handbook in a tenant of its own
        String tenant = "conv-five";
        if (postJson("/api/v1/tenants", Map.of("id", tenant, "name", "Five turns")).status() == 201) {
            byte[] handbook;
            try (var in = getClass().getResourceAsStream("/handbook/staff-handbook.md")) {
                handbook = in.readAllBytes();
            }
            assertThat(uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "staff-handbook.md", handbook).body()
                    .get("state").asText()).isEqualTo("DONE");
        }
        String[][] turns = {
                {"Who can get a company car?", "sales and field service"},
                {"And what about private use?", "Private use of a company car"},
                {"and what about accidents?", "After an accident"},
                {"How many days of paid time off do full-time employees get?", "25 days"},
                {"And part-time staff?", "pro rata"}};

        // when
        String conversation = null;
        List<JsonNode> replies = new java.util.ArrayList<>();
        for (String[] turn : turns) {
            Map<String, Object> body = new HashMap<>(Map.of("question", turn[0]));
            if (conversation != null) {
                body.put("conversationId", conversation);
            }
            JsonNode reply = postJson("/api/v1/tenants/" + tenant + "/query", body).body();
            conversation = reply.get("conversationId").asText();
            replies.add(reply);
        }

        // then: each turn served the sentence it asks about, and none re-served an earlier one
        for (int i = 0; i < turns.length; i++) {
            assertThat(replies.get(i).get("abstained").asBoolean()).as(turns[i][0] + ": " + replies.get(i)).isFalse();
            assertThat(replies.get(i).get("answer").asText()).as(turns[i][0]).contains(turns[i][1]);
        }
        assertThat(replies.get(2).get("answer").asText()).doesNotContain("Private use");
        JsonNode third = get("/api/v1/tenants/" + tenant + "/runs/" + replies.get(2).get("runId").asText()).body()
                .get("trace").get("condensation");
        assertThat(third.get("standalone").asText()).isEqualTo("What about accidents for a company car?");
        assertThat(third.get("history").toString()).contains("And what about private use?").doesNotContain("Who can get a company car private use");
        assertThat(third.get("used").toString()).isEqualTo("[1]");
    }

    @Test
    void should_ask_back_when_a_follow_up_points_at_nothing_it_can_tell() {
        String conversation = query("How many days of paid time off do full-time employees get?", null).body()
                .get("conversationId").asText();

        JsonNode reply = query("And the other one?", conversation).body();

        assertThat(reply.get("abstained").asBoolean()).isTrue();
        assertThat(reply.get("answer").asText()).contains("ask the whole question").doesNotContain("25 days");
        assertThat(reply.get("citations")).isEmpty();
        assertThat(reply.get("reading").get("clarification").asText()).isEqualTo(reply.get("answer").asText());
        assertThat(reply.get("reading").get("rewritten").asBoolean()).isFalse();
        assertThat(reply.has("refusal")).as("a question asked back is no refusal: nothing was searched").isFalse();
    }

    @Test
    void should_ask_back_with_the_readings_as_choices_when_a_follow_up_reads_two_ways__over_rest_and_openai() {
        // given: a question naming two people, then "she"
        String conversation = query("Did Marie Curie ever meet Albert Einstein?", null).body().get("conversationId").asText();
        Reply key = postJson("/api/v1/tenants/" + TENANT + "/keys", Map.of("kind", "SECRET", "name", "choices"));
        OpenAIClient client = OpenAIOkHttpClient.builder().baseUrl("http://127.0.0.1:" + port + "/v1")
                .apiKey(key.body().get("value").asText()).maxRetries(0).build();

        // when
        JsonNode rest = query("Where was she born?", conversation).body();
        ChatCompletion openai = client.chat().completions().create(ChatCompletionCreateParams.builder().model(TENANT)
                .addUserMessage("Did Marie Curie ever meet Albert Einstein?")
                .addAssistantMessage("The sources available to me do not answer this question.")
                .addUserMessage("Where was she born?").build());

        // then: no answer, the question back, and each reading with the question it asks
        assertThat(rest.get("abstained").asBoolean()).isTrue();
        assertThat(rest.get("answer").asText()).isEqualTo("Do you mean Marie Curie or Albert Einstein?");
        JsonNode choices = rest.get("reading").get("choices");
        assertThat(choices).hasSize(2);
        assertThat(choices.get(0).get("label").asText()).isEqualTo("Marie Curie");
        assertThat(choices.get(0).get("question").asText()).isEqualTo("Where was Marie Curie born?");
        assertThat(choices.get(1).get("question").asText()).isEqualTo("Where was Albert Einstein born?");
        assertThat(openai.choices().get(0).message().content().orElseThrow())
                .isEqualTo("Do you mean Marie Curie or Albert Einstein?");
        assertThat(openai._additionalProperties().get("corrigo").toString())
                .contains("Where was Marie Curie born?").contains("Where was Albert Einstein born?");
    }

    @Test
    void should_stream_a_follow_up_through_the_admin_api_as_the_widget_gets_it() throws Exception {
        // given
        String conversation = query("How many days of paid time off do full-time employees get?", null).body()
                .get("conversationId").asText();

        // when
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/v1/tenants/" + TENANT + "/query"))
                .header("Authorization", adminAuthorization()).header("Content-Type", "application/json")
                .header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("question", "And part-time staff?",
                        "conversationId", conversation)))).build(), HttpResponse.BodyHandlers.ofString());

        // then: run, the retrieval decision, the released pieces, the citations, done; the pieces are the served answer
        List<String> events = List.of(response.body().split("\n\n"));
        List<String> names = events.stream().map(e -> e.substring(7, e.indexOf('\n'))).distinct().toList();
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(names).containsExactly("run", "decision", "delta", "citations", "done");
        assertThat(events.get(0)).startsWith("event: run").contains(conversation);
        JsonNode decision = JSON.readTree(events.get(1).substring(events.get(1).indexOf("data: ") + 6));
        assertThat(decision.get("retrieve").asBoolean()).isTrue();
        assertThat(decision.get("action").asText()).isEqualTo("CORRECT");
        assertThat(decision.get("kept").asInt()).isPositive().isLessThanOrEqualTo(decision.get("graded").asInt());
        JsonNode citations = JSON.readTree(events.get(events.size() - 2).substring(events.get(events.size() - 2).indexOf("data: ") + 6));
        assertThat(events.get(events.size() - 1)).startsWith("event: done");
        StringBuilder streamed = new StringBuilder();
        for (String event : events) {
            if (event.startsWith("event: delta")) {
                streamed.append(JSON.readTree(event.substring(event.indexOf("data: ") + 6)).get("text").asText());
            }
        }
        JsonNode done = JSON.readTree(events.get(events.size() - 1).substring(events.get(events.size() - 1).indexOf("data: ") + 6));
        assertThat(done.get("answer").asText()).contains("pro rata");
        assertThat(streamed.toString()).isEqualTo(done.get("answer").asText());
        assertThat(done.get("conversationId").asText()).isEqualTo(conversation);
        assertThat(citations.get("citations")).isEqualTo(done.get("citations")).isNotEmpty();
    }

    @Test
    void should_refuse_a_conversation_of_another_tenant_or_a_malformed_id() {
        String conversation = query("How are hotel stays reimbursed?", null).body().get("conversationId").asText();
        postJson("/api/v1/tenants", Map.of("id", "conv-other", "name", "Other"));

        Reply foreign = postJson("/api/v1/tenants/conv-other/query", Map.of("question", "And meals?", "conversationId", conversation));
        Reply malformed = query("And meals?", "x'; drop table conversation; --");

        assertThat(foreign.status()).isEqualTo(404);
        assertThat(foreign.body().get("code").asText()).isEqualTo("conversation_not_found");
        assertThat(malformed.status()).isEqualTo(400);
    }

    @Test
    void should_keep_a_widget_visitor_s_conversation_for_that_visitor_only() throws Exception {
        // given
        Reply key = postJson("/api/v1/tenants/" + TENANT + "/keys", Map.of("kind", "PUBLISHABLE", "name", "intranet",
                "allowedOrigins", List.of(ORIGIN)));
        String pk = key.body().get("value").asText();
        JsonNode first = ask(pk, Map.of("question", "How many days of paid time off do full-time employees get?")).body();
        String conversation = first.get("conversationId").asText();
        String token = first.get("visitorToken").asText();

        // when
        Response second = ask(pk, Map.of("question", "And part-time staff?", "conversationId", conversation, "visitorToken", token));
        Response stranger = ask(pk, Map.of("question", "And part-time staff?", "conversationId", conversation,
                "visitorToken", "someone-else"));
        Response noToken = ask(pk, Map.of("question", "And part-time staff?", "conversationId", conversation));

        // then
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.body().get("answer").asText()).contains("pro rata");
        assertThat(second.body().get("reading").get("answering").asText())
                .isEqualTo("How many days of paid time off do part-time staff get?");
        assertThat(second.body().has("visitorToken")).as("given once, with the thread").isFalse();
        assertThat(stranger.status()).isEqualTo(404);
        assertThat(noToken.status()).isEqualTo(404);

        // and a cited source opens as its passage, the quoted sentence marked
        String runId = second.body().get("runId").asText();
        Response source = get(pk, "/public/v1/runs/" + runId + "/sources/1");
        Response missing = get(pk, "/public/v1/runs/" + runId + "/sources/9");
        assertThat(source.status()).isEqualTo(200);
        assertThat(source.body().get("sentences")).anySatisfy(s -> {
            assertThat(s.get("quoted").asBoolean()).isTrue();
            assertThat(s.get("text").asText()).contains("pro rata");
        });
        assertThat(missing.status()).isEqualTo(404);
    }

    @Test
    void should_read_the_history_the_official_openai_client_sends() {
        // given
        Reply key = postJson("/api/v1/tenants/" + TENANT + "/keys", Map.of("kind", "SECRET", "name", "chat ui"));
        OpenAIClient client = OpenAIOkHttpClient.builder().baseUrl("http://127.0.0.1:" + port + "/v1")
                .apiKey(key.body().get("value").asText()).maxRetries(0).build();
        String question = "How many days of paid time off do full-time employees get?";
        String firstAnswer = client.chat().completions().create(ChatCompletionCreateParams.builder().model(TENANT)
                .addUserMessage(question).build()).choices().get(0).message().content().orElseThrow();

        // when: the client sends the whole conversation, as chat UIs do
        ChatCompletion followUp = client.chat().completions().create(ChatCompletionCreateParams.builder().model(TENANT)
                .addSystemMessage("You are the HR assistant.")
                .addUserMessage(question)
                .addAssistantMessage(firstAnswer)
                .addUserMessage("And part-time staff?").build());

        // then
        assertThat(firstAnswer).contains("25 days");
        assertThat(followUp.choices().get(0).message().content().orElseThrow()).contains("pro rata");
        assertThat(followUp._additionalProperties().get("corrigo").toString())
                .as("the reading, in the response's corrigo extension")
                .contains("How many days of paid time off do part-time staff get?");
    }

    private record Response(int status, JsonNode body) {
    }

    private Response get(String key, String path) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + path + "?key=" + key)).header("Origin", ORIGIN).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), JSON.readTree(response.body()));
    }

    private Response ask(String key, Map<String, String> body) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/public/v1/ask?key=" + key))
                .header("Origin", ORIGIN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(), HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), JSON.readTree(response.body()));
    }
}
