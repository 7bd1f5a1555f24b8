package io.corrigo.server.connector;

import static io.corrigo.testsupport.StaticSite.html;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.HostTestBase;
import io.corrigo.testsupport.Eventually;
import io.corrigo.testsupport.StaticSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * Connectors through the API with the shipped connector plugin (a real plugin file): a website on a real web server on
 * 127.0.0.1 synced into a knowledge base with its readers, re-synced with nothing downloaded or indexed again,
 * re-synced after a change and a removal; a server folder inside the allowed folders; settings refused with reasons.
 */
class ConnectorSyncTest extends HostTestBase {

    @org.springframework.beans.factory.annotation.Autowired
    ConnectorSchedule schedule;
    @org.springframework.beans.factory.annotation.Autowired
    ConnectorSync sync;
    @org.springframework.beans.factory.annotation.Autowired
    Connectors connectors;
    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    private static final String LEAVE = "How many days of annual leave do employees receive?";

    private String tenant(String id) {
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", id, "name", id));
        return id;
    }

    /** Starts a sync and waits until it ended and every document it sent is indexed. */
    private JsonNode synced(String t, String id) {
        Reply started = postJson("/api/v1/tenants/" + t + "/connectors/" + id + "/sync", Map.of());
        assertThat(started.status()).as(started.body().toString()).isEqualTo(202);
        JsonNode done = Eventually.until(() -> get("/api/v1/tenants/" + t + "/connectors/" + id).body(),
                c -> "IDLE".equals(c.get("state").asText()) && !c.path("lastFinishedAt").isNull()
                        && !c.path("lastFinishedAt").isMissingNode(), Duration.ofMinutes(2));
        Eventually.until(() -> documents(t).stream().allMatch(d -> d.get("status").asText().equals("INDEXED")),
                Duration.ofMinutes(2), "documents indexed");
        return done;
    }

    private List<JsonNode> documents(String t) {
        return StreamSupport.stream(get("/api/v1/tenants/" + t + "/documents").body().spliterator(), false).toList();
    }

    private String answer(String t, List<String> readAs) {
        Reply reply = postJson("/api/v1/tenants/" + t + "/query", Map.of("question", LEAVE, "readAs", readAs));
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(200);
        return reply.body().get("answer").asText();
    }

    @Test
    void should_sync_a_website_then_fetch_nothing_unchanged_then_follow_a_change_and_a_removal() throws Exception {
        try (StaticSite site = new StaticSite()) {
            site.page("/", html("Handbook", "The staff handbook.", "/leave", "/travel", "/expenses", "/private/salaries"))
                    .page("/leave", html("Leave", "Employees receive 25 days of annual leave each year.", "/"))
                    .page("/travel", html("Travel", "Employees book trains for trips under 500 km.", "/"))
                    .page("/expenses", html("Expenses", "Employees claim expenses within 30 days.", "/"))
                    .page("/private/salaries", html("Salaries", "Salaries are confidential."))
                    .file("/robots.txt", "text/plain", "User-agent: *\nDisallow: /private/\n");
            String t = tenant("connector-site");
            Reply created = postJson("/api/v1/tenants/" + t + "/connectors", Map.of("name", "handbook",
                    "factoryId", "website", "properties", Map.of("startUrl", site.url() + "/", "requestsPerSecond", "50"),
                    "schedule", "0 0 3 * * *", "groups", List.of("hr"), "collections", List.of("handbook")));
            assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
            String id = created.body().get("id").asText();
            assertThat(created.body().get("nextSyncAt").asText()).as("scheduled").isNotEmpty();

            // first sync: every page but the one robots.txt forbids, with its URL and readers
            JsonNode first = synced(t, id);
            assertThat(first.get("lastOutcome").asText()).as(first.toString()).isEqualTo("OK");
            assertThat(first.get("lastSync").get("indexed").asInt()).isEqualTo(4);
            List<JsonNode> documents = documents(t);
            assertThat(documents).extracting(d -> d.get("name").asText()).containsExactlyInAnyOrder(
                    "handbook/127.0.0.1/index.html", "handbook/127.0.0.1/leave.html", "handbook/127.0.0.1/travel.html",
                    "handbook/127.0.0.1/expenses.html");
            assertThat(site.hits).noneMatch(h -> h.path().startsWith("/private"));
            JsonNode leave = documents.stream().filter(d -> d.get("name").asText().endsWith("/leave.html")).findFirst().orElseThrow();
            assertThat(leave.get("metadata").get("source_url").asText()).isEqualTo(site.url() + "/leave");
            assertThat(leave.get("groups")).extracting(JsonNode::asText).containsExactly("hr");
            assertThat(leave.get("collections")).extracting(JsonNode::asText).contains("handbook");
            assertThat(answer(t, List.of("hr"))).contains("25 days");
            assertThat(answer(t, List.of("sales"))).as("a reader outside the connector's groups").doesNotContain("25 days");

            // a re-sync of an unchanged site: only conditional requests, nothing indexed
            long downloads = site.downloads();
            JsonNode again = synced(t, id);
            assertThat(site.downloads()).as("pages downloaded again").isEqualTo(downloads);
            assertThat(again.get("lastSync").get("fetched").asInt()).isZero();
            assertThat(again.get("lastSync").get("indexed").asInt()).isZero();
            assertThat(again.get("lastSync").get("unchanged").asInt()).isEqualTo(4);

            // a change and a removal
            site.page("/leave", html("Leave", "Employees receive 27 days of annual leave each year.", "/"));
            site.remove("/expenses");
            JsonNode changed = synced(t, id);
            assertThat(changed.get("lastSync").get("indexed").asInt()).as(changed.toString()).isEqualTo(1);
            assertThat(changed.get("lastSync").get("removed").asInt()).isEqualTo(1);
            assertThat(documents(t)).hasSize(3).noneMatch(d -> d.get("name").asText().endsWith("/expenses.html"));
            assertThat(answer(t, List.of("hr"))).contains("27 days");
        }
    }

    @Test
    void should_sync_an_allowed_folder_and_refuse_one_outside_or_bad_settings() throws Exception {
        String t = tenant("connector-folder");
        Path folder = Files.createDirectories(dataDir().resolve("folders").resolve("policies"));
        Files.writeString(folder.resolve("leave.md"), "# Leave\n\nEmployees receive 30 days of annual leave.\n");
        Files.createDirectories(folder.resolve("travel"));
        Files.writeString(folder.resolve("travel/trains.txt"), "Employees book trains for trips under 500 km.\n");

        Reply created = postJson("/api/v1/tenants/" + t + "/connectors", Map.of("name", "policies", "factoryId", "folder",
                "properties", Map.of("path", folder.toString())));
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        JsonNode done = synced(t, created.body().get("id").asText());
        assertThat(done.get("lastSync").get("indexed").asInt()).as(done.toString()).isEqualTo(2);
        assertThat(documents(t)).extracting(d -> d.get("name").asText())
                .containsExactlyInAnyOrder("policies/leave.md", "policies/travel/trains.txt");
        assertThat(answer(t, List.of())).contains("30 days");

        List<String> refusals = new ArrayList<>();
        for (Map<String, Object> bad : List.of(
                Map.<String, Object>of("name", "etc", "factoryId", "folder", "properties", Map.of("path", "/etc")),
                Map.<String, Object>of("name", "x", "factoryId", "ftp", "properties", Map.of()),
                Map.<String, Object>of("name", "y", "factoryId", "website", "properties", Map.of("startUrl", "ftp://x"),
                        "schedule", "every hour"),
                Map.<String, Object>of("name", "policies", "factoryId", "folder", "properties", Map.of("path", folder.toString())))) {
            Reply refused = postJson("/api/v1/tenants/" + t + "/connectors", bad);
            assertThat(refused.status()).as(refused.body().toString()).isIn(400, 409);
            refusals.add(refused.body().toString());
        }
        assertThat(refusals.get(0)).contains("outside the folders a platform admin allowed");
        assertThat(refusals.get(1)).contains("no started plugin offers a connector 'ftp'");
        assertThat(refusals.get(2)).contains("startUrl: an http:// or https:// address").contains("schedule: six fields");
        assertThat(refusals.get(3)).contains("exists already");

        // a secret setting is stored encrypted and shown masked
        Reply git = postJson("/api/v1/tenants/" + t + "/connectors", Map.of("name", "wiki", "factoryId", "git",
                "properties", Map.of("repository", "https://127.0.0.1:9/wiki.git", "token", "s3cr3t-token")));
        assertThat(git.status()).as(git.body().toString()).isEqualTo(201);
        assertThat(git.body().get("properties").get("token").asText()).isEqualTo("********");
        assertThat(jdbc.queryForObject("SELECT properties FROM connector WHERE id = ?", String.class,
                git.body().get("id").asText())).doesNotContain("s3cr3t").contains("enc:v1:");
        Reply kept = putJson("/api/v1/tenants/" + t + "/connectors/" + git.body().get("id").asText(), Map.of("name", "wiki",
                "factoryId", "git", "properties", Map.of("repository", "https://127.0.0.1:9/wiki.git", "token", "********")));
        assertThat(kept.status()).as(kept.body().toString()).isEqualTo(200);
        assertThat(connectors.settings(t, git.body().get("id").asText())).containsEntry("token", "s3cr3t-token");

        // the S3 connector's SDK loads inside the plugin's class loader: a bucket that cannot be reached is an error in
        // words, not a missing class
        Reply s3 = postJson("/api/v1/tenants/" + t + "/connectors", Map.of("name", "bucket", "factoryId", "s3",
                "properties", Map.of("bucket", "handbook", "endpoint", "http://127.0.0.1:9", "accessKeyId", "k",
                        "secretAccessKey", "s")));
        assertThat(s3.status()).as(s3.body().toString()).isEqualTo(201);
        JsonNode failed = synced(t, s3.body().get("id").asText());
        assertThat(failed.get("lastOutcome").asText()).isEqualTo("FAILED");
        assertThat(failed.get("lastError").asText()).doesNotContain("ClassNotFound").doesNotContain("NoClassDefFound")
                .doesNotContain("ServiceConfiguration").containsIgnoringCase("unable to execute http request");

        tenant("connector-other");
        assertThat(get("/api/v1/tenants/connector-other/connectors/" + created.body().get("id").asText()).status())
                .as("another tenant's connector").isEqualTo(404);
        assertThat(get("/api/v1/tenants/connector-other/connectors").body()).isEmpty();
    }

    @Test
    void should_start_a_sync_when_its_schedule_is_due__on_one_host_only() throws Exception {
        String t = tenant("connector-cron");
        Path folder = Files.createDirectories(dataDir().resolve("folders").resolve("cron"));
        Files.writeString(folder.resolve("parking.md"), "# Parking\n\nThe garage has 120 parking spaces.\n");
        Reply created = postJson("/api/v1/tenants/" + t + "/connectors", Map.of("name", "cron", "factoryId", "folder",
                "properties", Map.of("path", folder.toString()), "schedule", "* * * * * *"));
        String id = created.body().get("id").asText();

        // when: the schedule is due (every second), the check starts it once; a second check finds it running or done
        List<ConnectorView> started = Eventually.until(schedule::startDue,
                s -> s.stream().anyMatch(c -> c.id().equals(id)), Duration.ofSeconds(10));

        // then
        assertThat(started).extracting(ConnectorView::id).contains(id);
        JsonNode done = Eventually.until(() -> get("/api/v1/tenants/" + t + "/connectors/" + id).body(),
                c -> "OK".equals(c.path("lastOutcome").asText()), Duration.ofMinutes(1));
        assertThat(done.get("lastSync").get("listed").asInt()).isEqualTo(1);
        // a sync is claimed once: a second claim (another host's, or the next check's) finds it running
        ConnectorView idle = Eventually.until(() -> connectors.get(t, id), c -> "IDLE".equals(c.state()), Duration.ofMinutes(1));
        assertThat(sync.claim(idle)).isTrue();
        assertThat(sync.claim(idle)).as("claimed again while running").isFalse();
        assertThat(postJson("/api/v1/tenants/" + t + "/connectors/" + id + "/sync", Map.of()).status()).isEqualTo(409);
        sync.run(t, id);
        assertThat(connectors.get(t, id).state()).isEqualTo("IDLE");
    }
}
