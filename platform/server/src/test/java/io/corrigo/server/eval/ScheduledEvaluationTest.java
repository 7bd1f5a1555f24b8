package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.HostTestBase;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A scheduled re-evaluation of a tenant's stored set: it runs when its cron comes round, and when the knowledge it
 * relied on goes (the document is deleted) the next run's route accuracy falls beyond the tolerance and raises an
 * alert.
 */
class ScheduledEvaluationTest extends HostTestBase {

    @Autowired
    EvalSchedules schedules;
    @Autowired
    EvalJobs jobs;

    private long scheduledDone(String tenant) {
        return jobs.list(tenant).stream().filter(j -> j.name().equals("scheduled: nightly") && j.state().equals("DONE")).count();
    }

    /** Stops the every-second schedule (the test starts each run itself). */
    private void pause(String tenant) {
        assertThat(putJson("/api/v1/tenants/" + tenant + "/evaluation-schedule", Map.of("set", "nightly",
                "cron", "* * * * * *", "tolerance", 0.1, "enabled", false)).status()).isEqualTo(200);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void should_run_a_scheduled_evaluation_and_alert_when_it_falls_beyond_its_tolerance() {
        String tenant = "sched-" + UUID.randomUUID().toString().substring(0, 6);
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);
        String document = uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "bridge.md",
                "The Quillon bridge opened in 1931. It spans the Vesna river.".getBytes(StandardCharsets.UTF_8))
                .body().get("documents").get(0).get("id").asText();
        String answered = ask(tenant, "When did the Quillon bridge open?").body().get("runId").asText();
        String unanswerable = ask(tenant, "Who painted the Mona Lisa?").body().get("runId").asText();
        postJson("/api/v1/tenants/" + tenant + "/runs/" + answered + "/eval-case", Map.of("set", "nightly", "route", "kb",
                "answer", "1931"));
        postJson("/api/v1/tenants/" + tenant + "/runs/" + unanswerable + "/eval-case", Map.of("set", "nightly", "route", "none"));

        assertThat(putJson("/api/v1/tenants/" + tenant + "/evaluation-schedule", Map.of("set", "nightly",
                "cron", "every minute")).status()).as("a cron that does not parse").isEqualTo(400);
        assertThat(putJson("/api/v1/tenants/" + tenant + "/evaluation-schedule", Map.of("set", "missing",
                "cron", "0 0 3 * * *")).status()).as("an unknown set").isEqualTo(400);
        Reply saved = putJson("/api/v1/tenants/" + tenant + "/evaluation-schedule", Map.of("set", "nightly",
                "cron", "* * * * * *", "tolerance", 0.1));
        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
        assertThat(saved.body().get("nextRunAt").asText()).isNotBlank();

        // its cron comes round: it runs (started here, or by the schedule's own check), and a first run raises nothing
        sleep(1100);
        schedules.runDue();
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> scheduledDone(tenant) >= 1);
        pause(tenant);
        var first = jobs.list(tenant).stream().filter(j -> j.name().equals("scheduled: nightly")
                && j.state().equals("DONE")).findFirst().orElseThrow();
        assertThat(first.report().pipelines().get(0).overall().routeAccuracy()).isEqualTo(1.0);
        assertThat(get("/api/v1/tenants/" + tenant + "/alerts").body().findValuesAsText("metric"))
                .doesNotContain("evaluation:nightly");

        // the knowledge goes: the next scheduled run answers the kb case no more
        assertThat(delete("/api/v1/tenants/" + tenant + "/documents/" + document).status()).isIn(200, 204);
        long before = scheduledDone(tenant);
        assertThat(putJson("/api/v1/tenants/" + tenant + "/evaluation-schedule", Map.of("set", "nightly",
                "cron", "* * * * * *", "tolerance", 0.1)).status()).isEqualTo(200);
        sleep(1100);
        schedules.runDue();
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> scheduledDone(tenant) > before);
        pause(tenant);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() ->
                get("/api/v1/tenants/" + tenant + "/alerts").body().findValuesAsText("metric").contains("evaluation:nightly"));
        JsonNode alert = null;
        for (JsonNode a : get("/api/v1/tenants/" + tenant + "/alerts").body()) {
            if (a.get("metric").asText().equals("evaluation:nightly")) {
                alert = a;
            }
        }
        assertThat(alert.get("level").asText()).isEqualTo("ALERT");
        assertThat(alert.get("message").asText()).contains("route accuracy 1.000 → 0.500");
        assertThat(delete("/api/v1/tenants/" + tenant + "/evaluation-schedule").status()).isEqualTo(204);
    }
}
