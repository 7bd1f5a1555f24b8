package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.plugins.llm.testing.FakeModelServer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What answers cost, with a model server on 127.0.0.1 that reports usage as OpenAI does: each run carries its tokens
 * and their price (by the host's price table), the tenant's daily sum adds them up, and a spent monthly budget is
 * enforced as the tenant's policy says: refuse, answer with the offline plugins, or only warn.
 */
class CostAccountingTest extends HostTestBase {

    private static final String REPLY = "The Zorblax lighthouse was built in 1887 [1].";
    private static final String QUESTION = "When was the Zorblax lighthouse built?";

    @Test
    void should_record_tokens_and_cost_per_run_and_day_and_enforce_the_budget_s_policy() throws Exception {
        try (FakeModelServer model = new FakeModelServer()) {
            model.script(r -> REPLY);
            String tenant = pricedTenant("cost-", model);

            // each run: the tokens the server reported, priced by the table
            Reply answer = ask(tenant, QUESTION);
            assertThat(answer.status()).isEqualTo(200);
            JsonNode usage = get(answer.body().get("traceUrl").asText()).body().get("usage");
            int in = usage.get("inputTokens").asInt();
            int out = usage.get("outputTokens").asInt();
            assertThat(in).isPositive();
            assertThat(out).isEqualTo(FakeModelServer.completionTokens(REPLY));
            assertThat(usage.get("model").asText()).isEqualTo("priced-model");
            double cost = in * 1000 / 1e6 + out * 2000 / 1e6;
            assertThat(usage.get("cost").asDouble()).isCloseTo(cost, within(1e-12));

            // the day's sum adds the runs up
            ask(tenant, QUESTION);
            JsonNode day = lastDay(tenant);
            assertThat(day.get("modelRuns").asLong()).isEqualTo(2);
            assertThat(day.get("inputTokens").asLong()).isEqualTo(2L * in);
            assertThat(day.get("outputTokens").asLong()).isEqualTo(2L * out);
            assertThat(day.get("cost").asDouble()).isCloseTo(2 * cost, within(1e-12));
            assertThat(get("/api/v1/tenants/" + tenant + "/usage").body().get("month").get("monthToDate").asDouble())
                    .isCloseTo(2 * cost, within(1e-12));

            // per key: a client of the OpenAI-compatible endpoint is summed under its key, the admin's runs under none
            Reply key = postJson("/api/v1/tenants/" + tenant + "/keys", Map.of("kind", "SECRET", "name", "backend"));
            String keyId = key.body().get("key").get("id").asText();
            java.net.http.HttpResponse<String> chat = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/v1/chat/completions"))
                            .header("Authorization", "Bearer " + key.body().get("value").asText())
                            .header("Content-Type", "application/json")
                            .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"model\": \"" + tenant
                                    + "\", \"messages\": [{\"role\": \"user\", \"content\": \"" + QUESTION + "\"}]}"))
                            .build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(chat.statusCode()).as(chat.body()).isEqualTo(200);
            JsonNode keys = get("/api/v1/tenants/" + tenant + "/usage").body().get("keys");
            Map<String, Long> modelRunsByKey = new java.util.HashMap<>();
            keys.forEach(k -> modelRunsByKey.put(k.get("keyId").asText(), k.get("modelRuns").asLong()));
            assertThat(modelRunsByKey).containsEntry("", 2L).containsEntry(keyId, 1L);
            assertThat(lastDay(tenant).get("modelRuns").asLong()).as("the day sums every key").isEqualTo(3);

            // the month's budget is spent: REFUSE answers nothing
            assertThat(putJson("/api/v1/tenants/" + tenant + "/budget", Map.of("monthlyLimit", 2.5 * cost,
                    "policy", "REFUSE")).status()).isEqualTo(200);
            assertThat(get("/api/v1/tenants/" + tenant + "/usage").body().get("month").get("state").asText()).isEqualTo("SPENT");
            Reply refused = ask(tenant, QUESTION);
            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.body().get("code").asText()).isEqualTo("budget_exhausted");

            // DEGRADE answers with the offline plugins: no model call, and the answer says why it is degraded
            int calls = model.requests.size();
            assertThat(putJson("/api/v1/tenants/" + tenant + "/budget", Map.of("monthlyLimit", 2.5 * cost,
                    "policy", "DEGRADE")).status()).isEqualTo(200);
            Reply degraded = ask(tenant, QUESTION);
            assertThat(degraded.status()).isEqualTo(200);
            assertThat(degraded.body().get("degraded").asBoolean()).isTrue();
            assertThat(degraded.body().get("notices").toString()).contains("monthly budget is spent");
            assertThat(degraded.body().get("answer").asText()).contains("1887");
            assertThat(model.requests).as("no model call").hasSize(calls);

            // WARN only warns: the model answers again
            assertThat(putJson("/api/v1/tenants/" + tenant + "/budget", Map.of("monthlyLimit", 2.5 * cost,
                    "policy", "WARN")).status()).isEqualTo(200);
            assertThat(ask(tenant, QUESTION).body().get("degraded").asBoolean()).isFalse();
            assertThat(model.requests.size()).isGreaterThan(calls);
            assertThat(putJson("/api/v1/tenants/" + tenant + "/budget", Map.of("monthlyLimit", -1)).status()).isEqualTo(400);
        }
    }

    @Test
    void should_answer_exactly_what_fits_in_a_refusing_budget_when_forty_questions_arrive_at_once() throws Exception {
        try (FakeModelServer model = new FakeModelServer()) {
            model.script(r -> {
                try {
                    Thread.sleep(300); // every question is in flight at once
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return REPLY;
            });
            String tenant = pricedTenant("burst-", model);
            Reply first = ask(tenant, QUESTION);
            double cost = get(first.body().get("traceUrl").asText()).body().get("usage").get("cost").asDouble();
            assertThat(cost).isPositive();
            // room for two more answers and a half: spent one, the limit three and a half
            assertThat(putJson("/api/v1/tenants/" + tenant + "/budget", Map.of("monthlyLimit", 3.5 * cost,
                    "policy", "REFUSE")).status()).isEqualTo(200);
            int calls = model.requests.size();

            // when: forty questions at once
            java.util.concurrent.ExecutorService callers = java.util.concurrent.Executors.newFixedThreadPool(40);
            java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
            List<java.util.concurrent.Future<Integer>> statuses = new java.util.ArrayList<>();
            for (int i = 0; i < 40; i++) {
                statuses.add(callers.submit(() -> {
                    start.await();
                    return ask(tenant, QUESTION).status();
                }));
            }
            start.countDown();
            List<Integer> answered = new java.util.ArrayList<>();
            for (java.util.concurrent.Future<Integer> status : statuses) {
                answered.add(status.get(2, java.util.concurrent.TimeUnit.MINUTES));
            }
            callers.shutdown();

            // then: exactly the two that fit are answered, the model is called for them only, the limit holds
            assertThat(answered.stream().filter(s -> s == 200).count()).as(answered.toString()).isEqualTo(2);
            assertThat(answered.stream().filter(s -> s == 429).count()).as(answered.toString()).isEqualTo(38);
            assertThat(model.requests.size() - calls).isEqualTo(2);
            assertThat(get("/api/v1/tenants/" + tenant + "/usage").body().get("month").get("monthToDate").asDouble())
                    .isLessThanOrEqualTo(3.5 * cost);
            assertThat(ask(tenant, QUESTION).status()).as("and none after").isEqualTo(429);
        }
    }

    @Test
    void should_book_an_evaluation_s_model_usage__and_refuse_an_evaluation_once_a_refusing_budget_is_spent() throws Exception {
        try (FakeModelServer model = new FakeModelServer()) {
            model.script(r -> REPLY);
            String tenant = pricedTenant("cost-eval-", model);
            String questions = "{\"question\": \"" + QUESTION + "\", \"answers\": [\"1887\"]}\n"
                    + "{\"question\": \"In which year was the Zorblax lighthouse built?\", \"answers\": [\"1887\"]}\n";

            // an evaluation's two model answers are booked in the tenant's usage, though they are no runs of the log
            Reply started = postRaw("/api/v1/tenants/" + tenant + "/evaluations?naive=false", "application/x-ndjson", questions);
            assertThat(started.status()).as(started.body().toString()).isEqualTo(202);
            String path = "/api/v1/tenants/" + tenant + "/evaluations/" + started.body().get("id").asText();
            JsonNode done = io.corrigo.testsupport.Eventually.until(() -> get(path).body(),
                    e -> !"RUNNING".equals(e.get("state").asText()), java.time.Duration.ofMinutes(2));
            assertThat(done.get("state").asText()).as(done.toString()).isEqualTo("DONE");
            JsonNode day = lastDay(tenant);
            assertThat(day.get("modelRuns").asLong()).isEqualTo(2);
            assertThat(day.get("runs").asLong()).as("no run of the run log").isZero();
            double spent = day.get("cost").asDouble();
            assertThat(spent).isPositive();
            assertThat(get("/api/v1/tenants/" + tenant + "/usage").body().get("month").get("monthToDate").asDouble())
                    .isCloseTo(spent, within(1e-12));

            // when: the month's REFUSE budget is what the evaluation spent
            assertThat(putJson("/api/v1/tenants/" + tenant + "/budget", Map.of("monthlyLimit", spent,
                    "policy", "REFUSE")).status()).isEqualTo(200);
            int calls = model.requests.size();
            Reply refused = postRaw("/api/v1/tenants/" + tenant + "/evaluations?naive=false", "application/x-ndjson", questions);

            // then: the next evaluation is refused before any model call
            assertThat(refused.status()).as(refused.body().toString()).isEqualTo(429);
            assertThat(refused.body().get("code").asText()).isEqualTo("budget_exhausted");
            assertThat(model.requests).hasSize(calls);
        }
    }

    /** A new tenant with the lighthouse document, generating with the fake model at the price table's "priced-model". */
    private String pricedTenant(String prefix, FakeModelServer model) {
        String tenant = prefix + UUID.randomUUID().toString().substring(0, 6);
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);
        uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "lighthouse.md",
                "The Zorblax lighthouse was built in 1887 on the northern cape.".getBytes(StandardCharsets.UTF_8));
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set("generator", JSON.valueToTree(Map.of("factoryId", "openai-generator",
                "properties", Map.of("baseUrl", model.openAiUrl(), "model", "priced-model", "apiKey", "sk-test"))));
        assertThat(putJson("/api/v1/tenants/" + tenant + "/pipeline", definition).status()).isEqualTo(200);
        return tenant;
    }

    private JsonNode lastDay(String tenant) {
        JsonNode days = get("/api/v1/tenants/" + tenant + "/usage").body().get("days");
        return days.get(days.size() - 1);
    }
}
