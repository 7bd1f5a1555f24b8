package io.corrigo.server.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.HostTestBase;
import io.corrigo.server.NodePackage;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The MCP server through a second real client from another ecosystem: the official {@code @modelcontextprotocol/sdk}
 * npm package (Streamable HTTP client) under Node, driven by {@code src/test/resources/mcp-node/client.mjs}: it lists
 * the tools, asks, follows up in the returned conversation, searches, and is refused with a wrong key.
 */
class McpNodeClientTest extends HostTestBase {

    @Test
    void should_list_ask_follow_up_and_search_for_the_official_typescript_client() throws Exception {
        // given
        String tenant = "mcp-node";
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", tenant, "name", "MCP node"));
        Reply job = uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "leave.md", """
                # Leave

                Full-time employees receive 25 days of paid time off each year.
                Part-time staff receive paid time off pro rata to their contracted hours.
                """.getBytes(StandardCharsets.UTF_8));
        assertThat(job.status()).isEqualTo(200);
        String key = postJson("/api/v1/tenants/" + tenant + "/keys", Map.of("kind", "SECRET", "name", "ide")).body()
                .get("value").asText();
        NodePackage client = new NodePackage("mcp-node").install();

        // when
        JsonNode out = client.run("http://127.0.0.1:" + port + "/v1/mcp", key,
                "How many days of paid time off do full-time employees get?", "And part-time staff?");

        // then
        assertThat(out.get("tools")).extracting(JsonNode::asText).containsExactlyInAnyOrder("ask", "search_knowledge");
        assertThat(out.get("first").get("answer").asText()).contains("25 days");
        assertThat(out.get("firstText").asText()).contains("Sources:").contains("conversation_id: c-");
        assertThat(out.get("first").get("citations")).isNotEmpty();
        assertThat(out.get("second").get("answer").asText()).contains("pro rata");
        assertThat(out.get("second").get("conversation_id")).isEqualTo(out.get("first").get("conversation_id"));
        assertThat(out.get("search").get("answerable").asBoolean()).isTrue();
        assertThat(out.get("search").get("passages").get(0).get("content").asText()).contains("25 days");
        assertThat(out.get("refused").asText()).isNotEqualTo("connected").contains("Incorrect API key");
    }
}
