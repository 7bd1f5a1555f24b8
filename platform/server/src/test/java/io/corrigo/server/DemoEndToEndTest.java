package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo tenant over HTTP, as a new user meets it: real plugins, the real demo corpus (the benchmark's KB
 * passages) and its offline web fallback. Questions and their gold passages come from the benchmark's dev split.
 */
class DemoEndToEndTest extends HostTestBase {

    private static final Map<String, String> KB_TEXT = new HashMap<>();

    @BeforeAll
    static void readCorpus() throws IOException {
        for (String line : Files.readAllLines(Path.of("src/main/resources/demo/kb_passages.jsonl"))) {
            JsonNode row = JSON.readTree(line);
            KB_TEXT.put(row.get("id").asText(), row.get("text").asText());
        }
    }

    @Test
    void should_route_correct_and_cite_the_gold_passage__when_the_knowledge_base_answers() {
        // when
        Reply reply = ask("demo", "what does the solicitor general of texas do");

        // then
        assertThat(reply.status()).isEqualTo(200);
        JsonNode body = reply.body();
        assertThat(body.get("action").asText()).isEqualTo("CORRECT");
        assertThat(body.get("abstained").asBoolean()).isFalse();
        assertThat(body.get("degraded").asBoolean()).isFalse();
        String gold = KB_TEXT.get("clapnq-1062512425617030836");
        JsonNode citations = body.get("citations");
        assertThat(citations).isNotEmpty();
        assertThat(citations).allSatisfy(c -> {
            assertThat(c.get("origin").asText()).isEqualTo("KNOWLEDGE_BASE");
            for (String quoted : c.get("quote").asText().split(" … ")) {
                assertThat(normalise(gold)).contains(normalise(quoted));
            }
        });
        assertThat(body.get("answer").asText()).contains("[1]");
    }

    @Test
    void should_keep_only_relevant_sentences_of_the_gold_passage__with_every_decision_in_the_trace() {
        // when
        Reply reply = ask("demo", "What is the Hepatitis C virus?");
        Reply run = get(reply.body().get("traceUrl").asText());

        // then
        assertThat(run.status()).isEqualTo(200);
        JsonNode trace = run.body().get("trace");
        assertThat(trace.get("action").asText()).isEqualTo("CORRECT");
        JsonNode top = trace.get("retrieved").get(0);
        assertThat(top.get("score").asDouble()).isGreaterThanOrEqualTo(trace.get("settings").get("upperThreshold").asDouble());
        assertThat(stream(trace.get("retrieved"))).anySatisfy(p -> {
            assertThat(p.get("id").asText()).isEqualTo("covid-1564#3");
            assertThat(p.get("kept").asBoolean()).isTrue();
        });
        double bestStrip = stream(trace.get("strips")).mapToDouble(s -> s.get("score").asDouble()).max().orElseThrow();
        JsonNode settings = trace.get("settings");
        assertThat(stream(trace.get("strips")).filter(s -> s.get("kept").asBoolean())).isNotEmpty()
                .allSatisfy(s -> assertThat(s.get("score").asDouble())
                        .isGreaterThanOrEqualTo(settings.get("stripThreshold").asDouble())
                        .isGreaterThanOrEqualTo(settings.get("stripRatio").asDouble() * bestStrip));
        assertThat(stream(trace.get("strips")).filter(s -> !s.get("kept").asBoolean()))
                .as("refinement dropped sentences, each with a reason").isNotEmpty()
                .allSatisfy(s -> assertThat(s.get("reason").asText()).isNotBlank());
        assertThat(trace.get("rewrittenQuery").isNull()).as("no web search on CORRECT").isTrue();
        assertThat(stream(trace.get("timings")).map(t -> t.get("stage").asText()))
                .containsExactly("ANALYSE", "RETRIEVE", "EVALUATE", "REFINE", "GENERATE", "CRITIQUE");
        assertThat(stream(trace.get("plugins")).map(p -> p.get("factoryId").asText())).containsExactlyInAnyOrder(
                "lucene-retriever", "answerhood-evaluator", "local-corpus-search", "extractive-generator",
                "lightweight-critic");
        assertThat(trace.get("retrievalDecision").get("retrieve").asBoolean()).isTrue();
        assertThat(stream(trace.get("rounds")).map(r -> r.get("decision").asText()))
                .as("the quoted answer is supported: served after one critique").containsExactly("SERVE");
        assertThat(run.body().get("citations")).isNotEmpty();
    }

    @Test
    void should_fall_back_to_the_web_and_cite_it__when_only_the_fallback_corpus_answers() {
        // when
        Reply reply = ask("demo", "what is the function of insulin and where is it produced");

        // then
        JsonNode body = reply.body();
        assertThat(body.get("action").asText()).isIn("INCORRECT", "AMBIGUOUS");
        assertThat(body.get("abstained").asBoolean()).isFalse();
        assertThat(stream(body.get("citations"))).anySatisfy(c -> {
            assertThat(c.get("origin").asText()).isEqualTo("WEB");
            assertThat(c.get("documentId").asText()).isEqualTo("clapnq-6560700610521845615");
        });
        assertThat(body.get("answer").asText().toLowerCase()).contains("insulin");
        JsonNode trace = get(body.get("traceUrl").asText()).body().get("trace");
        assertThat(trace.get("rewrittenQuery").asText()).isEqualTo("function insulin produced");
        assertThat(trace.get("searchResults")).isNotEmpty();
    }

    @Test
    void should_abstain__when_nothing_answers_the_question() {
        // when
        Reply reply = ask("demo", "who played charlotte lucas in pride and prejudice");

        // then
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().get("abstained").asBoolean()).isTrue();
        assertThat(reply.body().get("citations")).isEmpty();
        assertThat(reply.body().get("degraded").asBoolean()).isFalse();
        assertThat(reply.body().get("answer").asText()).containsIgnoringCase("could not find reliable information");
    }

    @Test
    void should_serve_the_run_by_id_alone_as_well() {
        // given
        String runId = ask("demo", "What is the Hepatitis C virus?").body().get("runId").asText();

        // when
        Reply run = get("/api/v1/runs/" + runId);

        // then
        assertThat(run.status()).isEqualTo(200);
        assertThat(run.body().get("tenant").asText()).isEqualTo("demo");
        assertThat(run.body().get("question").asText()).isEqualTo("What is the Hepatitis C virus?");
    }

    @Test
    void should_grade_the_rerankers_best_top_k_of_three_times_as_many_candidates__when_the_admin_adds_a_reranker() {
        // given the demo pipeline with the shipped answerhood reranker added
        JsonNode definition = get("/api/v1/tenants/demo/pipeline").body().get("definition");
        com.fasterxml.jackson.databind.node.ObjectNode withReranker = definition.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) withReranker.get("stages")).set("reranker",
                JSON.createObjectNode().put("factoryId", "answerhood-reranker").set("properties", JSON.createObjectNode()));
        assertThat(putJson("/api/v1/tenants/demo/pipeline", withReranker).status()).isEqualTo(200);
        try {
            // when
            Reply reply = ask("demo", "What is the Hepatitis C virus?");
            JsonNode trace = get(reply.body().get("traceUrl").asText()).body().get("trace");

            // then
            assertThat(reply.body().get("abstained").asBoolean()).isFalse();
            assertThat(reply.body().get("degraded").asBoolean()).isFalse();
            int topK = trace.get("settings").get("topK").asInt();
            JsonNode reranking = trace.get("reranking");
            assertThat(reranking.get("candidates").asInt()).isEqualTo(3 * topK);
            assertThat(reranking.get("kept")).hasSize(topK);
            assertThat(stream(reranking.get("kept")).map(m -> m.get("id").asText()).toList())
                    .as("the graded passages are the reranker's, in its order")
                    .isEqualTo(stream(trace.get("retrieved")).map(p -> p.get("id").asText()).toList());
            assertThat(stream(reranking.get("kept")).mapToInt(m -> m.get("retrievalRank").asInt()).max().orElseThrow())
                    .as("passages the retriever ranked below its top-k were among them").isGreaterThan(topK);
            assertThat(stream(trace.get("timings")).map(t -> t.get("stage").asText())).contains("RERANK");
            assertThat(stream(trace.get("plugins"))).anySatisfy(ref -> {
                assertThat(ref.get("role").asText()).isEqualTo("reranker");
                assertThat(ref.get("factoryId").asText()).isEqualTo("answerhood-reranker");
            });
        } finally {
            assertThat(putJson("/api/v1/tenants/demo/pipeline", definition).status()).isEqualTo(200);
        }
    }

    private static java.util.stream.Stream<JsonNode> stream(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false);
    }

    private static String normalise(String text) {
        return text.replaceAll("\\s+", " ").trim();
    }
}
