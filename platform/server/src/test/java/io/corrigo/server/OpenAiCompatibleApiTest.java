package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.errors.NotFoundException;
import com.openai.errors.UnauthorizedException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import io.corrigo.server.run.RunLog;

/** The OpenAI-compatible endpoint, exercised with the official OpenAI Java SDK, streaming and not. */
class OpenAiCompatibleApiTest extends HostTestBase {

    @Autowired
    RunLog runs;

    private String secretKey(String tenant) {
        Reply key = postJson("/api/v1/tenants/" + tenant + "/keys", Map.of("kind", "SECRET", "name", "openai client"));
        assertThat(key.status()).isEqualTo(201);
        return key.body().get("value").asText();
    }

    private OpenAIClient client(String apiKey) {
        return OpenAIOkHttpClient.builder().baseUrl("http://127.0.0.1:" + port + "/v1").apiKey(apiKey).maxRetries(0).build();
    }

    private static ChatCompletionCreateParams chat(String model, String question) {
        return ChatCompletionCreateParams.builder().model(model)
                .addSystemMessage("You are a helpful assistant.")
                .addUserMessage(question).build();
    }

    @Test
    void should_answer_a_chat_completion_through_the_corrective_pipeline_with_sources_and_the_run_id() {
        OpenAIClient client = client(secretKey("demo"));

        ChatCompletion completion = client.chat().completions().create(chat("demo", "What is the Hepatitis C virus?"));

        String content = completion.choices().get(0).message().content().orElseThrow();
        assertThat(content).containsIgnoringCase("hepatitis").contains("Sources:", "[1]");
        assertThat(completion.id()).startsWith("chatcmpl-");
        String runId = completion.id().substring("chatcmpl-".length());
        assertThat(runs.run("demo", runId).question()).isEqualTo("What is the Hepatitis C virus?");
        assertThat(completion._additionalProperties()).containsKey("corrigo");
        assertThat(completion.usage()).hasValueSatisfying(u -> assertThat(u.totalTokens()).isPositive());
    }

    @Test
    void should_stream_a_chat_completion_as_chunks() {
        OpenAIClient client = client(secretKey("demo"));
        StringBuilder streamed = new StringBuilder();
        String[] finish = new String[1];

        try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions()
                .createStreaming(chat("demo", "What is the Hepatitis C virus?"))) {
            stream.stream().forEach(chunk -> chunk.choices().forEach(choice -> {
                choice.delta().content().ifPresent(streamed::append);
                choice.finishReason().ifPresent(f -> finish[0] = f.asString());
            }));
        }

        assertThat(streamed.toString()).containsIgnoringCase("hepatitis").contains("Sources:");
        assertThat(finish[0]).isEqualTo("stop");
    }

    @Test
    void should_refuse_wrong_and_publishable_keys_and_another_tenant_s_model() {
        Reply publishable = postJson("/api/v1/tenants/demo/keys", Map.of("kind", "PUBLISHABLE", "name", "site",
                "allowedOrigins", java.util.List.of("https://shop.example.com")));

        assertThatThrownBy(() -> client("sk_wrongwrongwrongwrongwrongwrongwrong").chat().completions().create(chat("demo", "hi?")))
                .isInstanceOf(UnauthorizedException.class);
        assertThatThrownBy(() -> client(publishable.body().get("value").asText()).chat().completions().create(chat("demo", "hi?")))
                .isInstanceOf(UnauthorizedException.class);
        if (get("/api/v1/tenants/oa-other").status() == 404) {
            postJson("/api/v1/tenants", Map.of("id", "oa-other", "name", "Other"));
        }
        assertThatThrownBy(() -> client(secretKey("oa-other")).chat().completions().create(chat("demo", "What is the Hepatitis C virus?")))
                .isInstanceOf(NotFoundException.class).hasMessageContaining("model");
    }

    @Test
    void should_list_the_key_s_tenant_as_its_only_model__and_answer_json_404_for_paths_nothing_serves() throws Exception {
        // given
        OpenAIClient client = client(secretKey("demo"));

        // when
        List<com.openai.models.models.Model> models = client.models().list().data();
        Bearer unknownOpenAi = bearer("GET", "/v1/nothing-here", secretKey("demo"), null);
        Bearer unknownWithoutKey = bearer("GET", "/v1/nothing-here", null, null);
        Reply unknownApi = get("/api/v1/nothing-here");

        // then
        assertThat(models).extracting(com.openai.models.models.Model::id).containsExactly("demo");
        assertThat(unknownOpenAi.status()).isEqualTo(404);
        assertThat(unknownOpenAi.json().get("code").asText()).as("JSON, not the admin UI's page").isEqualTo("not_found");
        assertThat(unknownWithoutKey.status()).as("the key is checked first, as OpenAI does").isEqualTo(401);
        assertThat(unknownWithoutKey.json().get("error").get("code").asText()).isEqualTo("invalid_api_key");
        assertThat(unknownApi.status()).isEqualTo(404);
        assertThat(unknownApi.body().get("message").asText()).contains("/api/v1/nothing-here");
    }

    @Test
    void should_count_every_secret_key_call_against_the_tenant_s_limit__refusing_in_each_api_s_own_format() throws Exception {
        // given a tenant allowing 3 requests a minute
        if (get("/api/v1/tenants/oa-limited").status() == 404) {
            postJson("/api/v1/tenants", Map.of("id", "oa-limited", "name", "Limited"));
        }
        assertThat(putJson("/api/v1/tenants/oa-limited/widget", Map.of("title", "Help", "greeting", "Hi",
                "placeholder", "Ask", "color", "#123456", "requestsPerMinute", 3, "queriesPerDay", 1000)).status()).isEqualTo(200);
        String key = secretKey("oa-limited");

        // when the OpenAI-compatible and the retrieval API share the key's budget
        List<Integer> allowed = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            allowed.add(bearer("GET", "/v1/models", key, null).status());
        }
        Bearer chat = bearer("POST", "/v1/chat/completions", key,
                "{\"model\": \"oa-limited\", \"messages\": [{\"role\": \"user\", \"content\": \"hi?\"}]}");
        Bearer retrieval = bearer("POST", "/v1/retrieval", key,
                "{\"knowledge_id\": \"oa-limited\", \"query\": \"hi?\", \"retrieval_setting\": {\"top_k\": 2, \"score_threshold\": 0}}");

        // then
        assertThat(allowed).containsExactly(200, 200, 200);
        assertThat(chat.status()).isEqualTo(429);
        assertThat(chat.json().get("error").get("code").asText()).isEqualTo("rate_limit_exceeded");
        assertThat(chat.retryAfter()).isBetween(1, 80);
        assertThat(retrieval.status()).isEqualTo(429);
        assertThat(retrieval.json().get("error_code").asInt()).isEqualTo(429);
        assertThat(retrieval.json().get("error_msg").asText()).contains("try again");
        assertThat(retrieval.retryAfter()).isBetween(1, 80);
    }

    /** A response to a call with a secret key as the Bearer token (or none). */
    private record Bearer(int status, com.fasterxml.jackson.databind.JsonNode json, int retryAfter) {
    }

    private Bearer bearer(String method, String path, String key, String body) throws Exception {
        java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://127.0.0.1:" + port + path))
                .method(method, body == null ? java.net.http.HttpRequest.BodyPublishers.noBody()
                        : java.net.http.HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient()
                .send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        return new Bearer(response.statusCode(), new com.fasterxml.jackson.databind.ObjectMapper().readTree(response.body()),
                response.headers().firstValue("Retry-After").map(Integer::parseInt).orElse(-1));
    }
}
