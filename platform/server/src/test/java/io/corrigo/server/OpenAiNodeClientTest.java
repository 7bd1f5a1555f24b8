package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
    private static final Path HOME = Path.of("target/openai-node");

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
        install();

        // when
        JsonNode out = node("http://127.0.0.1:" + port + "/v1", key, TENANT,
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

    private static JsonNode node(String... args) throws IOException, InterruptedException {
        Path log = HOME.resolve("client.log");
        Process node = new ProcessBuilder(List.of("node", "client.mjs", args[0], args[1], args[2], args[3], args[4]))
                .directory(HOME.toFile()).redirectError(log.toFile()).start();
        byte[] stdout = node.getInputStream().readAllBytes();
        assertThat(node.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(node.exitValue()).as(Files.readString(log)).isZero();
        return JSON.readTree(stdout);
    }

    /** {@code npm ci} once per lock file, the script copied in each time. */
    private static void install() throws IOException, InterruptedException {
        Files.createDirectories(HOME);
        String lock = resource("package-lock.json");
        Files.writeString(HOME.resolve("client.mjs"), resource("client.mjs"));
        Path installed = HOME.resolve("node_modules/.corrigo-lock");
        if (Files.exists(installed) && Files.readString(installed).equals(lock)) {
            return;
        }
        Files.writeString(HOME.resolve("package.json"), resource("package.json"));
        Files.writeString(HOME.resolve("package-lock.json"), lock);
        Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(HOME.toFile())
                .redirectErrorStream(true).redirectOutput(HOME.resolve("npm.log").toFile()).start();
        if (!npm.waitFor(10, TimeUnit.MINUTES) || npm.exitValue() != 0) {
            npm.destroyForcibly();
            throw new IllegalStateException("npm ci failed in " + HOME.toAbsolutePath() + ":\n" + Files.readString(HOME.resolve("npm.log")));
        }
        Files.writeString(installed, lock);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = OpenAiNodeClientTest.class.getResourceAsStream("/openai-node/" + name)) {
            if (in == null) {
                throw new IllegalStateException("resource /openai-node/" + name + " missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
