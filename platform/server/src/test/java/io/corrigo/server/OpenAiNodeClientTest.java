package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The OpenAI-compatible endpoint through a second real client from another ecosystem: the official {@code openai}
 * npm package (5.23.2, installed with {@code npm ci} from the npm registry into {@code target/openai-node}), driven
 * by Node 20 with {@code src/test/resources/openai-node/client.mjs}: a two-turn conversation, the follow-up streamed
 * with {@code stream_options.include_usage}, the model list, and a refused key.
 */
class OpenAiNodeClientTest extends HostTestBase {

    private static final String TENANT = "node-client";

    @BeforeEach
    void handbook() {
        if (postJson("/api/v1/tenants", Map.of("id", TENANT, "name", "Node client")).status() == 201) {
            uploadAndWait("/api/v1/tenants/" + TENANT + "/documents", "leave.md", """
                    # Leave

                    Full-time employees receive 25 days of paid time off each year.
                    Part-time staff receive paid time off pro rata to their contracted hours.
                    """.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void should_hold_a_conversation_and_stream_with_usage_for_the_official_npm_client() throws Exception {
        // given
        String key = postJson("/api/v1/tenants/" + TENANT + "/keys", Map.of("kind", "SECRET", "name", "node")).body()
                .get("value").asText();
        NodePackage client = new NodePackage("openai-node").install();

        // when
        JsonNode out = client.run("http://127.0.0.1:" + port + "/v1", key, TENANT,
                "How many days of paid time off do full-time employees get?", "And part-time staff?");

        // then
        assertThat(out.get("firstAnswer").asText()).contains("25 days");
        assertThat(out.get("secondAnswer").asText()).contains("pro rata");
        assertThat(out.get("secondUsage").get("total_tokens").asInt()).isPositive();
        assertThat(out.get("streamed").asText()).contains("pro rata").contains("Sources:");
        assertThat(out.get("chunks").asInt()).isGreaterThan(2);
        assertThat(out.get("finish").asText()).isEqualTo("stop");
        assertThat(out.get("usage").get("completion_tokens").asInt()).as("include_usage: a last chunk with usage").isPositive();
        assertThat(out.get("models")).extracting(JsonNode::asText).containsExactly(TENANT);
        assertThat(out.get("refused").get("status").asInt()).isEqualTo(401);
    }
}
