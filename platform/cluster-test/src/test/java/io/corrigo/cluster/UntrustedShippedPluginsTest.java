package io.corrigo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's own start command (the extracted {@code corrigo-app.jar}, whose libraries its manifest names) with no
 * plugin trusted: every shipped plugin runs in a confined runner, and a tenant's question is still answered from its
 * document, by runners of that tenant's own.
 */
class UntrustedShippedPluginsTest {

    private static final String PASSWORD = "untrusted-admin-password";

    @TempDir
    Path work;

    @Test
    void should_answer_from_a_document_with_every_shipped_plugin_in_a_confined_runner() throws Exception {
        Path jar = Path.of(System.getProperty("corrigo.app.jar", "../../ui/target/corrigo-app.jar")).toAbsolutePath().normalize();
        try (HostProcess host = HostProcess.start("untrusted", jar, work, Map.of("CORRIGO_DATA_DIR",
                work.resolve("data").toString(), "CORRIGO_DEMO_ENABLED", "false", "CORRIGO_ADMIN_PASSWORD", PASSWORD,
                "CORRIGO_PLUGINS_TRUSTED", "none"), List.of(), PASSWORD)) {
            host.awaitHealthy(Duration.ofMinutes(3));
            assertThat(host.postJson("/api/v1/tenants", Map.of("id", "harbour", "name", "Harbour")).status()).isEqualTo(201);

            // when
            HostProcess.Reply job = host.upload("/api/v1/tenants/harbour/documents?wait=true", "skarv.txt",
                    ("The Skarv lighthouse was built in 1871 on a bare rock north of the fjord. Its lamp can be seen "
                            + "from nineteen nautical miles away in clear weather.").getBytes(StandardCharsets.UTF_8));
            HostProcess.Reply answer = host.postJson("/api/v1/tenants/harbour/query",
                    Map.of("question", "When was the Skarv lighthouse built?"));

            // then
            assertThat(job.body().get("state").asText()).as(job.body().toString()).isEqualTo("DONE");
            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.body().get("degraded").asBoolean()).as(answer.body().toString()).isFalse();
            assertThat(answer.body().get("answer").asText()).contains("1871");
            JsonNode plugins = host.get("/api/v1/plugins").body();
            assertThat(plugins).isNotEmpty().allSatisfy(p -> assertThat(p.get("isolation").asText()).as(p.get("id").asText())
                    .isEqualTo("runner"));
            JsonNode lucene = java.util.stream.StreamSupport.stream(plugins.spliterator(), false)
                    .filter(p -> p.get("id").asText().equals("lucene-retriever")).findFirst().orElseThrow();
            assertThat(lucene.at("/runner/tenants/harbour").asLong()).as("the tenant's own runner").isPositive();
            assertThat(host.log()).contains("confined by bubblewrap").doesNotContain("RunnerMain\nCaused by");
        }
    }
}
