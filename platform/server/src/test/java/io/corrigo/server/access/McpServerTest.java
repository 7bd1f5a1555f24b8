package io.corrigo.server.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.server.HostTestBase;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The MCP server through the official MCP Java SDK's client (Streamable HTTP) against a real host: the tools and the
 * resource template are listed, {@code ask} answers with citations and continues a conversation, abstains on a
 * question the knowledge does not answer, {@code search_knowledge} returns graded passages within the key's groups,
 * a citation's source opens as a resource, and a refused key or another key's conversation get nothing.
 */
class McpServerTest extends HostTestBase {

    private String tenant(String id) {
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", id, "name", id));
        return id;
    }

    private String key(String tenant, String name, List<String> groups) {
        return postJson("/api/v1/tenants/" + tenant + "/keys", Map.of("kind", "SECRET", "name", name, "groups", groups))
                .body().get("value").asText();
    }

    private void upload(String tenant, String file, String query, String text) {
        Reply job = uploadAndWait("/api/v1/tenants/" + tenant + "/documents?" + query, file, text.getBytes(StandardCharsets.UTF_8));
        assertThat(job.status()).as(job.body().toString()).isEqualTo(200);
    }

    private McpSyncClient client(String key) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
                .endpoint("/v1/mcp")
                .httpRequestCustomizer((request, method, uri, body, context) -> request.header("Authorization", "Bearer " + key))
                .build();
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60))
                .clientInfo(new McpSchema.Implementation("corrigo-test", "1.0")).build();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(McpSchema.CallToolResult result) {
        assertThat(result.isError()).as(result.content().toString()).isFalse();
        return (Map<String, Object>) result.structuredContent();
    }

    @Test
    @SuppressWarnings("unchecked")
    void should_list_and_call_the_tools_with_citations_follow_ups_and_abstention() {
        String t = tenant("mcp-leave");
        upload(t, "leave.md", "", """
                # Leave

                Full-time employees receive 25 days of paid time off each year.
                Part-time staff receive paid time off pro rata to their contracted hours.
                """);
        String key = key(t, "desktop", List.of());

        try (McpSyncClient client = client(key)) {
            McpSchema.InitializeResult init = client.initialize();
            assertThat(init.serverInfo().name()).isEqualTo("corrigo");
            assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
                    .containsExactlyInAnyOrder("ask", "search_knowledge");
            assertThat(client.listResourceTemplates().resourceTemplates()).extracting(McpSchema.ResourceTemplate::uriTemplate)
                    .containsExactly(McpTools.SOURCE_TEMPLATE);

            Map<String, Object> first = structured(client.callTool(new McpSchema.CallToolRequest("ask",
                    Map.of("question", "How many days of paid time off do full-time employees get?"))));
            assertThat((String) first.get("answer")).contains("25 days");
            assertThat(first.get("abstained")).isEqualTo(false);
            assertThat(first.get("incomplete")).isEqualTo(false);
            // how sure it is: a level and the sources it was checked against, never a raw score
            Map<String, Object> confidence = (Map<String, Object>) first.get("confidence");
            assertThat(confidence).containsEntry("sources", 1).containsOnlyKeys("level", "sources");
            assertThat(confidence.get("level")).isIn("high", "medium");
            List<Map<String, Object>> citations = (List<Map<String, Object>>) first.get("citations");
            assertThat(citations).isNotEmpty();
            String conversation = (String) first.get("conversation_id");
            assertThat(conversation).startsWith("c-");

            McpSchema.CallToolResult followUpResult = client.callTool(new McpSchema.CallToolRequest("ask",
                    Map.of("question", "And part-time staff?", "conversation_id", conversation)));
            Map<String, Object> followUp = structured(followUpResult);
            assertThat((String) followUp.get("answer")).contains("pro rata");
            assertThat(followUp.get("conversation_id")).isEqualTo(conversation);
            // the reading is shown with the answer: structured, and as the text's first line
            Map<String, Object> reading = (Map<String, Object>) followUp.get("reading");
            assertThat(reading).containsEntry("asked", "And part-time staff?").containsEntry("rewritten", true)
                    .containsEntry("answering", "How many days of paid time off do part-time staff get?");
            assertThat(((McpSchema.TextContent) followUpResult.content().get(0)).text())
                    .startsWith("Answering: How many days of paid time off do part-time staff get?");
            assertThat(first).doesNotContainKey("reading");

            // a follow-up that reads two ways: asked back, with each reading as a choice
            String people = (String) structured(client.callTool(new McpSchema.CallToolRequest("ask",
                    Map.of("question", "Did Marie Curie ever meet Albert Einstein?")))).get("conversation_id");
            McpSchema.CallToolResult twoWays = client.callTool(new McpSchema.CallToolRequest("ask",
                    Map.of("question", "Where was she born?", "conversation_id", people)));
            Map<String, Object> asked = (Map<String, Object>) structured(twoWays).get("reading");
            assertThat((List<Map<String, Object>>) asked.get("choices")).extracting(c -> c.get("question"))
                    .containsExactly("Where was Marie Curie born?", "Where was Albert Einstein born?");
            assertThat(((McpSchema.TextContent) twoWays.content().get(0)).text())
                    .startsWith("Do you mean Marie Curie or Albert Einstein?").contains("- Where was Albert Einstein born?");

            McpSchema.CallToolResult refused = client.callTool(new McpSchema.CallToolRequest("ask",
                    Map.of("question", "How many days of parental leave do fathers get?")));
            Map<String, Object> missing = structured(refused);
            assertThat(missing.get("abstained")).as(missing.toString()).isEqualTo(true);
            assertThat(missing).doesNotContainKey("confidence");
            assertThat((List<?>) missing.get("citations")).as("an abstention cites nothing").isEmpty();
            Map<String, Object> refusal = (Map<String, Object>) missing.get("refusal");
            assertThat(refusal).containsEntry("reason", "not_in_sources").containsEntry("web", false);
            assertThat(((Number) refusal.get("passages")).intValue()).isPositive();
            assertThat(((McpSchema.TextContent) refused.content().get(0)).text())
                    .contains("Not answered: nothing in the sources answers it.").contains("of the knowledge base.")
                    .doesNotContain("and the web");

            String source = (String) citations.get(0).get("source_uri");
            assertThat(source).startsWith("corrigo://documents/");
            McpSchema.ReadResourceResult opened = client.readResource(new McpSchema.ReadResourceRequest(source));
            assertThat(((McpSchema.TextResourceContents) opened.contents().get(0)).text()).contains("«").contains("25 days");

            McpSchema.CallToolResult bad = client.callTool(new McpSchema.CallToolRequest("ask", Map.of("question", " ")));
            assertThat(bad.isError()).isTrue();
        }

        String other = key(t, "other", List.of());
        try (McpSyncClient client = client(other)) {
            client.initialize();
            McpSchema.CallToolResult foreign = client.callTool(new McpSchema.CallToolRequest("ask",
                    Map.of("question", "And part-time staff?", "conversation_id", "c-does-not-exist-here")));
            assertThat(foreign.isError()).as("a thread that is not this key's").isTrue();
        }
    }

    @Test
    void should_search_within_the_keys_groups_and_refuse_a_wrong_key() {
        String t = tenant("mcp-scoped");
        upload(t, "payroll.md", "groups=finance", "# Payroll\n\nSalaries are paid on the 25th of each month by bank transfer.\n");
        upload(t, "canteen.md", "", "# Parking\n\nThe office garage has 120 parking spaces for employees.\n");
        String everyone = key(t, "everyone", List.of());
        String finance = key(t, "finance", List.of("finance"));

        try (McpSyncClient client = client(everyone)) {
            client.initialize();
            Map<String, Object> found = structured(client.callTool(new McpSchema.CallToolRequest("search_knowledge",
                    Map.of("question", "When are salaries paid?"))));
            assertThat(found.toString()).doesNotContain("25th");
            Map<String, Object> lunch = structured(client.callTool(new McpSchema.CallToolRequest("search_knowledge",
                    Map.of("question", "How many parking spaces does the office garage have?", "top_k", 3))));
            assertThat(lunch.get("answerable")).as(lunch.toString()).isEqualTo(true);
            assertThat(lunch.toString()).contains("120 parking spaces");
        }
        try (McpSyncClient client = client(finance)) {
            client.initialize();
            Map<String, Object> found = structured(client.callTool(new McpSchema.CallToolRequest("search_knowledge",
                    Map.of("question", "When are salaries paid?"))));
            assertThat(found.get("answerable")).isEqualTo(true);
            assertThat(found.toString()).contains("25th");
        }
        try (McpSyncClient client = client("sk_not-a-key")) {
            assertThatThrownBy(client::initialize).as("a refused key learns nothing").isInstanceOf(RuntimeException.class);
        }
    }
}
