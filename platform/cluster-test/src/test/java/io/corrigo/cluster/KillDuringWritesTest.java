package io.corrigo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.testsupport.Eventually;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acknowledged means durable: clients ask questions in conversations and rate the answers while the packaged host
 * (embedded H2) is killed with SIGKILL; after a restart on the same data, every run whose answer a client received,
 * every conversation it was given and every rating that was acknowledged is there.
 */
class KillDuringWritesTest {

    private static final String PASSWORD = "durable-admin-password";
    private static final String TENANT = "durable";

    @TempDir
    Path work;

    @Test
    void should_lose_no_acknowledged_run_conversation_or_rating_when_the_host_is_killed() throws Exception {
        Path jar = Path.of(System.getProperty("corrigo.jar", "../../ui/target/corrigo.jar")).toAbsolutePath().normalize();
        Map<String, String> environment = Map.of("CORRIGO_DATA_DIR", work.resolve("data").toString(),
                "CORRIGO_DEMO_ENABLED", "false", "CORRIGO_ADMIN_PASSWORD", PASSWORD);
        Set<String> runs = ConcurrentHashMap.newKeySet();
        Set<String> conversations = ConcurrentHashMap.newKeySet();
        Set<String> rated = ConcurrentHashMap.newKeySet();
        try (HostProcess host = HostProcess.start("durable-1", jar, work, environment, List.of(), PASSWORD)) {
            host.awaitHealthy(Duration.ofMinutes(3));
            assertThat(host.postJson("/api/v1/tenants", Map.of("id", TENANT, "name", "Durable")).status()).isEqualTo(201);

            // when: four clients ask, continue their conversations and rate each answer; the host is killed meanwhile
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService clients = Executors.newFixedThreadPool(4);
            for (int c = 0; c < 4; c++) {
                clients.execute(() -> client(host, stop, runs, conversations, rated));
            }
            Eventually.until(() -> rated.size() >= 40, Duration.ofSeconds(30), "40 acknowledged ratings before the kill");
            host.kill();
            stop.set(true);
            clients.shutdown();
            assertThat(clients.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
        }
        assertThat(rated).as("acknowledged ratings before the kill").hasSizeGreaterThanOrEqualTo(40);

        // then: restarted on the same data, everything acknowledged is there
        try (HostProcess again = HostProcess.start("durable-2", jar, work, environment, List.of(), PASSWORD)) {
            again.awaitHealthy(Duration.ofMinutes(3));
            List<String> lostRuns = new ArrayList<>();
            List<String> lostRatings = new ArrayList<>();
            for (String run : runs) {
                HostProcess.Reply reply = again.get("/api/v1/tenants/" + TENANT + "/runs/" + run);
                if (reply.status() != 200) {
                    lostRuns.add(run);
                } else if (rated.contains(run) && !"helpful".equals(reply.body().path("feedback").path("rating").asText())) {
                    lostRatings.add(run);
                }
            }
            List<String> lostConversations = new ArrayList<>();
            for (String conversation : conversations) {
                HostProcess.Reply followUp = again.postJson("/api/v1/tenants/" + TENANT + "/query",
                        Map.of("question", "And what about the weekend?", "conversationId", conversation));
                if (followUp.status() != 200) {
                    lostConversations.add(conversation + " (" + followUp.status() + ")");
                }
            }
            assertThat(lostRuns).as("acknowledged runs lost of " + runs.size()).isEmpty();
            assertThat(lostRatings).as("acknowledged ratings lost of " + rated.size()).isEmpty();
            assertThat(lostConversations).as("acknowledged conversations lost of " + conversations.size()).isEmpty();
        }
    }

    private static void client(HostProcess host, AtomicBoolean stop, Set<String> runs, Set<String> conversations,
                               Set<String> rated) {
        String conversation = null;
        int turn = 0;
        while (!stop.get()) {
            try {
                Map<String, Object> question = conversation == null ? Map.of("question", "When does the museum open?")
                        : Map.of("question", "And on Sundays, turn " + turn + "?", "conversationId", conversation);
                HostProcess.Reply answer = host.postJson("/api/v1/tenants/" + TENANT + "/query", question);
                if (answer.status() != 200) {
                    continue;
                }
                String run = answer.body().get("runId").asText();
                runs.add(run);
                conversation = answer.body().get("conversationId").asText();
                conversations.add(conversation);
                turn = turn == 3 ? 0 : turn + 1;
                if (turn == 0) {
                    conversation = null; // a new conversation every few turns
                }
                HostProcess.Reply feedback = host.postJson("/api/v1/tenants/" + TENANT + "/runs/" + run + "/feedback",
                        Map.of("rating", "helpful"));
                if (feedback.status() == 200) {
                    rated.add(run);
                }
            } catch (RuntimeException killed) {
                return; // the host is gone
            }
        }
    }
}
