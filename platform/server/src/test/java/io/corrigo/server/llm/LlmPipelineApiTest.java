package io.corrigo.server.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.plugins.llm.testing.FakeModelServer;
import io.corrigo.server.HostTestBase;
import io.corrigo.server.resilience.ResilienceSettings;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The llm plugin, loaded from its real plugin file, in real pipelines, against a model server on 127.0.0.1 that
 * speaks the OpenAI and Ollama wire formats: LLM grading, the Self-RAG critique loop, reflection tokens, and a model
 * server that hangs.
 */
class LlmPipelineApiTest extends HostTestBase {

    private static final AtomicInteger TENANTS = new AtomicInteger();
    private static final String DOC = """
            # The Zorblax lighthouse

            The Zorblax lighthouse was built in 1887 on the northern cape. Its lamp burns whale oil and can be seen \
            from twenty kilometres away.
            """;
    private static final String GARDEN = "Tomatoes need full sun and regular watering during the summer months. "
            + "The lighthouse garden grows herbs for the keepers.";
    private static final String QUESTION = "When was the Zorblax lighthouse built?";

    private FakeModelServer model;

    @BeforeEach
    void start() throws Exception {
        model = new FakeModelServer();
    }

    @AfterEach
    void stop() {
        model.close();
    }

    /** A tenant with the document indexed and the given stages replaced; model calls time out after 2 s. */
    private String tenant(Map<String, Map<String, Object>> stages, Map<String, Object> selfRag) {
        String tenant = "llm-" + TENANTS.incrementAndGet();
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);
        assertThat(uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "zorblax.md",
                DOC.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
        assertThat(uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "garden.md",
                GARDEN.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        ObjectNode stageNode = (ObjectNode) definition.get("stages");
        stages.forEach((stage, config) -> {
            if (config == null) {
                stageNode.remove(stage);
            } else {
                stageNode.set(stage, JSON.valueToTree(config));
            }
        });
        if (selfRag != null) {
            ObjectNode settings = (ObjectNode) definition.get("settings");
            Map<String, Object> merged = new HashMap<>(Map.of("decideRetrieval", true, "critique", true,
                    "minSupport", 0.8, "minUsefulness", 3, "maxRounds", 2));
            merged.putAll(selfRag);
            settings.set("selfRag", JSON.valueToTree(merged));
        }
        definition.set("models", JSON.valueToTree(new ResilienceSettings(2000, 1, 0, 50, 2000, 100, 10, 5, 1000, 1, 64, 1000)));
        Reply saved = putJson("/api/v1/tenants/" + tenant + "/pipeline", definition);
        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
        return tenant;
    }

    private Map<String, Object> openAi(String factoryId, Map<String, Object> extra) {
        Map<String, Object> properties = new HashMap<>(Map.of("baseUrl", model.openAiUrl(), "model", "test-model",
                "apiKey", "sk-test"));
        if (!factoryId.endsWith("generator")) {
            properties.put("api", "openai");
        }
        properties.putAll(extra);
        return Map.of("factoryId", factoryId, "properties", properties);
    }

    private Map<String, Object> ollama(String factoryId) {
        Map<String, Object> properties = new HashMap<>(Map.of("baseUrl", model.ollamaUrl(), "model", "llama3.1"));
        if (!factoryId.endsWith("generator")) {
            properties.put("api", "ollama");
        }
        return Map.of("factoryId", factoryId, "properties", properties);
    }

    private JsonNode trace(Reply answer) {
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        return get(answer.body().get("traceUrl").asText()).body().get("trace");
    }

    private static boolean grading(FakeModelServer.Request r) {
        return r.system().startsWith("You grade whether") || r.system().startsWith("You judge whether a passage");
    }

    private static boolean critiquing(FakeModelServer.Request r) {
        return r.system().startsWith("You check an answer");
    }

    @Test
    void should_grade_passages_correct_and_incorrect_through_the_llm_evaluator() {
        model.script(r -> grading(r)
                ? (r.lastUser().contains("Passage: ") && r.lastUser().substring(r.lastUser().indexOf("Passage: ")).contains("1887")
                        ? "{\"grade\": \"CORRECT\", \"score\": 0.93}" : "{\"grade\": \"INCORRECT\", \"score\": 0.04}")
                : "The lighthouse was built in 1887 [1].");
        String tenant = tenant(Map.of("evaluator", openAi("llm-evaluator", Map.of()),
                "generator", openAi("openai-generator", Map.of())), null);

        Reply answer = ask(tenant, QUESTION);
        JsonNode trace = trace(answer);

        assertThat(trace.get("action").asText()).isEqualTo("CORRECT");
        List<String> grades = trace.get("retrieved").findValuesAsText("grade");
        assertThat(grades).contains("CORRECT", "INCORRECT");
        assertThat(answer.body().get("answer").asText()).isEqualTo("The lighthouse was built in 1887 [1].");
        assertThat(answer.body().get("degraded").asBoolean()).isFalse();
        long gradingCalls = model.requests.stream().filter(LlmPipelineApiTest::grading).count();

        ask(tenant, QUESTION);

        assertThat(model.requests.stream().filter(LlmPipelineApiTest::grading).count())
                .as("grades cached per (question, passage)").isEqualTo(gradingCalls);
    }

    @Test
    void should_grade_a_related_passage_without_the_asked_detail_incorrect_in_the_sufficient_context_mode() {
        model.script(r -> grading(r)
                ? (r.lastUser().substring(r.lastUser().lastIndexOf("Passage: ")).contains("1887")
                        ? "{\"sufficient\": true, \"related\": true, \"answer\": \"1887\"}"
                        : "{\"sufficient\": false, \"related\": true, \"answer\": \"\"}")
                : "The lighthouse was built in 1887 [1].");
        String tenant = tenant(Map.of("evaluator", openAi("llm-evaluator", Map.of()),
                "generator", openAi("openai-generator", Map.of())), null);

        JsonNode trace = trace(ask(tenant, QUESTION));

        assertThat(model.requests).filteredOn(LlmPipelineApiTest::grading).isNotEmpty()
                .allSatisfy(r -> assertThat(r.system()).contains("sufficient context").contains("specific detail"));
        assertThat(trace.get("retrieved")).anySatisfy(p -> {
            assertThat(p.get("grade").asText()).isEqualTo("INCORRECT");
            assertThat(p.get("error").asText()).isEqualTo("insufficient context: related, but the asked detail is missing");
        });
        assertThat(trace.get("retrieved")).anySatisfy(p -> {
            assertThat(p.get("grade").asText()).isEqualTo("CORRECT");
            assertThat(p.get("error").asText()).isEqualTo("sufficient context: '1887'");
        });
    }

    @Test
    void should_not_serve_an_answer_the_critic_model_finds_does_not_state_the_asked_detail() {
        model.script(r -> critiquing(r)
                ? "{\"sentences\": [{\"n\": 1, \"support\": \"full\"}], \"usefulness\": 5, \"answers\": false}"
                : "Its lamp burns whale oil [1].");
        String tenant = tenant(Map.of("generator", openAi("openai-generator", Map.of()),
                "critic", ollama("llm-critic")), Map.of("maxRounds", 1));

        Reply answer = ask(tenant, QUESTION);
        JsonNode rounds = trace(answer).get("rounds");

        assertThat(model.requests).filteredOn(LlmPipelineApiTest::critiquing).isNotEmpty()
                .allSatisfy(r -> assertThat(r.system()).contains("\"answers\": false"));
        assertThat(rounds.get(0).get("usefulness").asInt()).isEqualTo(1);
        assertThat(rounds.get(0).get("criticReason").asText()).contains("sufficient-context judgement");
        assertThat(answer.body().get("abstained").asBoolean()).isTrue();
    }

    @Test
    void should_grade_ambiguous_with_the_reason__when_the_grader_answers_nonsense() {
        model.script(r -> grading(r) ? "Hmm, I think it might be relevant, hard to say!" : "Built in 1887 [1].");
        String tenant = tenant(Map.of("evaluator", openAi("llm-evaluator", Map.of()),
                "generator", openAi("openai-generator", Map.of())), null);

        JsonNode trace = trace(ask(tenant, QUESTION));

        assertThat(trace.get("retrieved")).isNotEmpty().allSatisfy(p -> {
            assertThat(p.get("grade").asText()).isEqualTo("AMBIGUOUS");
            assertThat(p.get("error").asText()).startsWith("grader output unparseable");
        });
        assertThat(trace.get("action").asText()).isEqualTo("AMBIGUOUS");
    }

    @Test
    void should_catch_an_unsupported_sentence_with_the_llm_critic_over_ollama__and_regenerate_without_it() {
        model.script(r -> {
            if (critiquing(r)) {
                String[] lines = r.lastUser().substring(r.lastUser().indexOf("Answer sentences:")).split("\n");
                StringBuilder json = new StringBuilder("{\"sentences\": [");
                for (int i = 1; i < lines.length; i++) {
                    json.append(i > 1 ? "," : "").append("{\"n\": ").append(i).append(", \"support\": \"")
                            .append(lines[i].contains("moon") ? "none" : "full").append("\"}");
                }
                return json.append("], \"usefulness\": 5}").toString();
            }
            return r.lastUser().contains("A reviewer rejected")
                    ? "The lighthouse was built in 1887 [1]."
                    : "The lighthouse was built in 1887 [1]. Its first keeper came from the moon [1].";
        });
        String tenant = tenant(Map.of("generator", openAi("openai-generator", Map.of()),
                "critic", ollama("llm-critic")), Map.of());

        Reply answer = ask(tenant, QUESTION);
        JsonNode rounds = trace(answer).get("rounds");

        assertThat(rounds.findValuesAsText("decision")).containsExactly("REGENERATE", "SERVE");
        assertThat(rounds.get(0).get("sentences").findValuesAsText("support")).containsExactly("FULLY", "NONE");
        assertThat(answer.body().get("answer").asText()).isEqualTo("The lighthouse was built in 1887 [1].");
        assertThat(model.requests).filteredOn(LlmPipelineApiTest::critiquing)
                .allSatisfy(r -> assertThat(r.path()).isEqualTo("/api/chat"));
    }

    @Test
    void should_stop_after_max_rounds__when_every_answer_states_a_figure_the_sources_do_not_have() {
        model.script(r -> "The lighthouse was built in 1999 [1].");
        String tenant = tenant(Map.of("generator", ollama("ollama-generator")), Map.of("maxRounds", 1));

        Reply answer = ask(tenant, QUESTION);
        JsonNode rounds = trace(answer).get("rounds");

        assertThat(model.requests).as("1 + maxRounds generations").hasSize(2);
        assertThat(rounds.get(0).get("sentences").get(0).get("evidence").asText()).contains("1999");
        assertThat(rounds.findValuesAsText("decision")).last().isEqualTo("ABSTAIN");
        assertThat(answer.body().get("abstained").asBoolean()).isTrue();
        assertThat(answer.body().get("answer").asText()).doesNotContain("1999");
    }

    @Test
    void should_parse_and_strip_self_rag_reflection_tokens__and_judge_by_them_without_a_critic() {
        model.script(r -> "[Retrieval]<paragraph>The Zorblax lighthouse was built in 1887.</paragraph>[Relevant]"
                + "The lighthouse was built in 1887 [1].[Fully supported][Utility:5]</s>");
        Map<String, Map<String, Object>> stages = new HashMap<>();
        stages.put("generator", openAi("openai-generator", Map.of("reflectionTokens", "true")));
        stages.put("critic", null);
        String tenant = tenant(stages, Map.of());

        Reply answer = ask(tenant, QUESTION);
        JsonNode round = trace(answer).get("rounds").get(0);

        assertThat(answer.body().get("answer").asText()).isEqualTo("The lighthouse was built in 1887 [1].");
        assertThat(round.get("judgedBy").asText()).isEqualTo("reflection tokens");
        assertThat(round.get("reflection").get("utility").asInt()).isEqualTo(5);
        assertThat(round.get("reflection").get("support").asText()).isEqualTo("FULLY");
        assertThat(round.get("reflection").get("relevant").asBoolean()).isTrue();
        assertThat(round.get("decision").asText()).isEqualTo("SERVE");
    }

    @Test
    void should_condense_a_follow_up_with_the_llm_rewriter_given_the_mentions__and_hold_it_to_the_rules_checks() {
        // given: a model that condenses "he" to the town the person founded
        model.script(r -> r.system().startsWith("Given the conversation")
                ? (r.lastUser().endsWith("Follow-up: Where was he born?") ? "Where was Marlow Falls born?"
                        : "How many keepers did Marlow Falls have?")
                : r.lastUser().replaceFirst("^Question: ", ""));
        String tenant = tenant(Map.of("rewriter", openAi("llm-query-rewriter", Map.of())), null);
        JsonNode first = postJson("/api/v1/tenants/" + tenant + "/query",
                Map.of("question", "When did Captain Morrow found Marlow Falls?")).body();
        String conversation = first.get("conversationId").asText();

        // when
        Reply misread = postJson("/api/v1/tenants/" + tenant + "/query",
                Map.of("question", "Where was he born?", "conversationId", conversation));

        // then: the model saw what the conversation named, with kinds; its reading was not used, and the trace says why
        assertThat(model.requests).filteredOn(r -> r.system().startsWith("Given the conversation")).first()
                .satisfies(r -> assertThat(r.lastUser()).contains("User: When did Captain Morrow found Marlow Falls?")
                        .contains("Named so far, with kinds: ").contains("Captain Morrow (person)")
                        .endsWith("Follow-up: Where was he born?"));
        JsonNode trace = trace(misread);
        assertThat(trace.get("condensation").get("by").asText()).isEqualTo("rules");
        assertThat(trace.get("condensation").get("standalone").asText()).contains("Captain Morrow");
        assertThat(trace.get("notices").findValuesAsText("message")).anySatisfy(m -> assertThat(m)
                .contains("Where was Marlow Falls born?").contains("the rules' reading was used"));
        assertThat(misread.body().get("reading").get("answering").asText()).contains("Captain Morrow");

        // and a reading that agrees is the model's
        Reply agreed = postJson("/api/v1/tenants/" + tenant + "/query",
                Map.of("question", "And how many keepers did it have?", "conversationId", conversation));
        assertThat(trace(agreed).get("condensation").get("by").asText()).isEqualTo("rewriter");
    }

    @Test
    void should_degrade_not_fail__when_the_model_server_hangs() {
        model.script(r -> FakeModelServer.HANG);
        String tenant = tenant(Map.of("generator", openAi("openai-generator", Map.of())), null);

        Reply answer = ask(tenant, QUESTION);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().get("degraded").asBoolean()).isTrue();
        assertThat(answer.body().get("abstained").asBoolean()).isTrue();
        assertThat(answer.body().get("notices").toString()).contains("timed out after 2000 ms");
        assertThat(answer.body().get("totalMillis").asDouble()).isLessThan(10_000);
    }

    @Test
    void should_stream_the_models_tokens_to_the_widget_as_they_come__when_answers_are_not_critiqued() throws Exception {
        String reply = "The Zorblax lighthouse was built in 1887 on the northern cape [1].";
        model.script(r -> reply);
        Map<String, Map<String, Object>> stages = new HashMap<>();
        stages.put("generator", ollama("ollama-generator"));
        stages.put("critic", null);
        String tenant = tenant(stages, Map.of("critique", false));
        Reply key = postJson("/api/v1/tenants/" + tenant + "/keys", Map.of("kind", "PUBLISHABLE", "name", "site",
                "allowedOrigins", List.of("https://shop.example.com")));
        java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:"
                        + port + "/public/v1/ask?key=" + key.body().get("value").asText()))
                .header("Origin", "https://shop.example.com").header("Accept", "text/event-stream")
                .header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("question", QUESTION))))
                .build();

        String events = java.net.http.HttpClient.newHttpClient()
                .send(request, java.net.http.HttpResponse.BodyHandlers.ofString()).body();

        List<String> deltas = new java.util.ArrayList<>();
        for (String line : events.split("\n")) {
            if (line.startsWith("data: {\"text\"")) {
                deltas.add(JSON.readTree(line.substring("data: ".length())).get("text").asText());
            }
        }
        assertThat(deltas).as("one delta per streamed token").isEqualTo(FakeModelServer.pieces(reply));
        assertThat(model.requests).singleElement().satisfies(r -> {
            assertThat(r.path()).isEqualTo("/api/chat");
            assertThat(r.stream()).isTrue();
        });
        assertThat(events).contains("event: done").contains("\"answer\":\"" + reply + "\"");
    }

    @Test
    void should_serve_the_model_s_own_token_counts_as_openai_usage__streamed_and_not() throws Exception {
        // given a tenant whose only model calls are its generator's
        String reply = "The Zorblax lighthouse was built in 1887 on the northern cape [1].";
        model.script(r -> reply);
        Map<String, Map<String, Object>> stages = new HashMap<>();
        stages.put("generator", openAi("openai-generator", Map.of()));
        stages.put("critic", null);
        String tenant = tenant(stages, Map.of("critique", false));
        String key = postJson("/api/v1/tenants/" + tenant + "/keys", Map.of("kind", "SECRET", "name", "client"))
                .body().get("value").asText();
        Map<String, Object> request = new HashMap<>(Map.of("model", tenant,
                "messages", List.of(Map.of("role", "user", "content", QUESTION))));

        // when
        JsonNode whole = JSON.readTree(completions(key, request));
        request.put("stream", true);
        request.put("stream_options", Map.of("include_usage", true));
        String events = completions(key, request);

        // then: what the model server counted for each generation, not an estimate
        assertThat(model.requests).hasSize(2);
        int prompt = FakeModelServer.promptTokens(model.requests.get(0).body());
        int completion = FakeModelServer.completionTokens(reply);
        assertThat(whole.get("usage").get("prompt_tokens").asInt()).isEqualTo(prompt);
        assertThat(whole.get("usage").get("completion_tokens").asInt()).isEqualTo(completion);
        assertThat(whole.get("usage").get("total_tokens").asInt()).isEqualTo(prompt + completion);
        assertThat(whole.get("corrigo").get("usage_estimated").asBoolean()).isFalse();
        String[] chunks = events.split("\n\n");
        JsonNode usageChunk = JSON.readTree(chunks[chunks.length - 2].substring("data: ".length()));
        assertThat(usageChunk.get("choices")).isEmpty();
        assertThat(usageChunk.get("usage").get("prompt_tokens").asInt()).isEqualTo(prompt);
        assertThat(usageChunk.get("usage").get("completion_tokens").asInt()).isEqualTo(completion);
    }

    private String completions(String key, Map<String, Object> body) throws Exception {
        java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/v1/chat/completions"))
                        .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }
}
