package io.corrigo.server.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.HostTestBase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The health API over a seeded run log of 16 runs in two hours, against figures computed by hand (in the comments):
 * rates, grade mix, support, usefulness, the helpful-rate from ratings given after the runs, latency percentiles from
 * the histogram, the most asked and the unanswered questions, the hourly series, and the bands' verdicts.
 */
class HealthFixtureTest extends HostTestBase {

    private static final Instant H1 = Instant.parse("2026-01-05T10:00:00Z");
    private static final Instant H2 = Instant.parse("2026-01-05T11:00:00Z");

    @Autowired
    RunWriter writer;
    @Autowired
    RunLog log;

    /** One seeded run: its hour, minute, mode, action, outcome, critique, time, rating and question. */
    private record Seed(Instant hour, int minute, String mode, String action, boolean abstained, boolean fallback,
                        boolean degraded, Double support, Integer usefulness, double millis, String rating,
                        String question) {
    }

    private static final String WEIGH = "How much does a widget weigh?";
    private static final String MADE = "Where is it made?";
    private static final String MONA = "Who painted the Mona Lisa?";
    private static final String COLOUR = "What colour is the box?";
    private static final String WATER = "Is it waterproof?";
    private static final String SOLD = "When were widgets first sold?";

    private static final List<Seed> SEEDS = List.of(
            new Seed(H1, 1, "CORRECTIVE", "CORRECT", false, false, false, 1.0, 5, 40, "helpful", WEIGH),
            new Seed(H1, 2, "CORRECTIVE", "CORRECT", false, false, false, 0.8, 4, 60, "helpful", "how much does a  widget weigh"),
            new Seed(H1, 3, "CORRECTIVE", "AMBIGUOUS", false, true, false, 0.5, 3, 120, "not_helpful", MADE),
            new Seed(H1, 4, "CORRECTIVE", "INCORRECT", true, true, false, null, null, 250, null, MONA),
            new Seed(H1, 5, "CORRECTIVE", "INCORRECT", true, true, true, null, null, 900, "not_helpful", MONA),
            new Seed(H1, 6, "CORRECTIVE", null, false, false, false, null, null, 8, null, "hello"),
            new Seed(H1, 7, "CORRECTIVE", "CORRECT", false, false, false, 1.0, 5, 45, null, WEIGH),
            new Seed(H1, 8, "CORRECTIVE", "CORRECT", false, false, false, 0.9, 4, 70, "helpful", COLOUR),
            new Seed(H1, 9, "NAIVE", null, false, false, false, null, null, 30, null, COLOUR),
            new Seed(H1, 10, "CORRECTIVE", "AMBIGUOUS", false, true, false, 0.7, 4, 150, null, MADE),
            new Seed(H2, 1, "CORRECTIVE", "CORRECT", false, false, false, 1.0, 5, 50, "helpful", WEIGH),
            new Seed(H2, 2, "CORRECTIVE", "CORRECT", false, false, false, 1.0, 5, 55, null, SOLD),
            new Seed(H2, 3, "CORRECTIVE", "INCORRECT", true, true, false, null, null, 300, "not_helpful", WATER),
            new Seed(H2, 4, "CORRECTIVE", "INCORRECT", true, false, false, null, null, 260, null, WATER),
            new Seed(H2, 5, "CORRECTIVE", "AMBIGUOUS", false, true, false, 0.6, 3, 180, null, MADE),
            new Seed(H2, 6, "CORRECTIVE", "CORRECT", false, false, false, 0.9, 4, 65, null, SOLD));

    private static RunRecord record(String tenant, Seed s) {
        RunRecord r = new RunRecord();
        r.id = UUID.randomUUID().toString();
        r.tenantId = tenant;
        r.pipelineVersion = 1;
        r.question = s.question();
        r.mode = s.mode();
        r.action = s.action();
        r.abstained = s.abstained();
        r.fallback = s.fallback();
        r.degraded = s.degraded();
        r.support = s.support();
        r.usefulness = s.usefulness();
        r.answer = s.abstained() ? "I don't know." : "An answer.";
        r.totalMillis = s.millis();
        r.createdAt = s.hour().plusSeconds(60L * s.minute());
        r.trace = "{}";
        return r;
    }

    @Test
    void should_compute_the_health_of_a_seeded_run_log_as_computed_by_hand() {
        String tenant = "health-" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);
        List<RunRecord> written = new ArrayList<>();
        for (Seed seed : SEEDS) {
            RunRecord run = record(tenant, seed);
            writer.write(run);
            written.add(run);
        }
        writer.awaitAll();
        // ratings come after the answers, as users give them
        for (int i = 0; i < SEEDS.size(); i++) {
            if (SEEDS.get(i).rating() != null) {
                log.feedback(tenant, written.get(i).id, SEEDS.get(i).rating(), null, null);
            }
        }

        Reply reply = get("/api/v1/tenants/" + tenant + "/health?from=2026-01-05T10:00:00Z&to=2026-01-05T12:00:00Z&bucket=PT1H");
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(200);
        JsonNode totals = reply.body().get("totals");

        assertThat(totals.get("runs").asLong()).isEqualTo(16);
        assertThat(totals.get("abstainRate").asDouble()).isCloseTo(0.25, within(1e-9));       // 4 of 16
        assertThat(totals.get("answerRate").asDouble()).isCloseTo(0.75, within(1e-9));
        assertThat(totals.get("fallbackRate").asDouble()).isCloseTo(0.375, within(1e-9));     // 6 of 16
        assertThat(totals.get("degradedRate").asDouble()).isCloseTo(0.0625, within(1e-9));    // 1 of 16
        assertThat(totals.get("correctShare").asDouble()).isCloseTo(0.5, within(1e-9));       // 7 of 14 graded
        assertThat(totals.get("ambiguousShare").asDouble()).isCloseTo(3 / 14.0, within(1e-9));
        assertThat(totals.get("incorrectShare").asDouble()).isCloseTo(4 / 14.0, within(1e-9));
        assertThat(totals.get("noRetrievalShare").asDouble()).isCloseTo(0.0625, within(1e-9)); // "hello"; naive is not
        assertThat(totals.get("meanSupport").asDouble()).isCloseTo(0.84, within(1e-9));       // 8.4 over 10 critiqued
        assertThat(totals.get("meanUsefulness").asDouble()).isCloseTo(4.2, within(1e-9));     // 42 over 10
        assertThat(totals.get("rated").asLong()).isEqualTo(7);
        assertThat(totals.get("helpfulRate").asDouble()).isCloseTo(4 / 7.0, within(1e-9));
        // served answers rated: 5 (the two rated abstentions are not served answers), 1 of them not helpful
        JsonNode servedRatings = reply.body().get("servedRatings");
        assertThat(servedRatings.get("rated").asLong()).isEqualTo(5);
        assertThat(servedRatings.get("notHelpful").asLong()).isEqualTo(1);
        assertThat(servedRatings.get("notHelpfulShare").asDouble()).isCloseTo(0.2, within(1e-9));
        assertThat(totals.get("meanMillis").asDouble()).isCloseTo(2583 / 16.0, within(1e-9));
        // histogram: 1 under 10 ms, 3 in 30–50, 5 in 50–75, 1 in 100–150, 2 in 150–200, 2 in 200–300, 1 in 300–500,
        // 1 in 750–1000; the 8th of 16 is the 4th of 5 in 50–75: 50 + 25 × 4/5; the 15.2nd is 0.2 into 750–1000
        assertThat(totals.get("p50Millis").asDouble()).isCloseTo(70.0, within(1e-9));
        assertThat(totals.get("p95Millis").asDouble()).isCloseTo(800.0, within(1e-9));

        JsonNode series = reply.body().get("series");
        assertThat(series).hasSize(2);
        assertThat(series.get(0).get("start").asText()).isEqualTo("2026-01-05T10:00:00Z");
        assertThat(series.get(0).get("figures").get("runs").asLong()).isEqualTo(10);
        assertThat(series.get(0).get("figures").get("abstainRate").asDouble()).isCloseTo(0.2, within(1e-9));
        assertThat(series.get(1).get("figures").get("runs").asLong()).isEqualTo(6);
        assertThat(series.get(1).get("figures").get("abstainRate").asDouble()).isCloseTo(2 / 6.0, within(1e-9));

        // asked: weigh 4 (two wordings, one question), made 3, then 2 each (ties by wording), hello 1
        JsonNode top = reply.body().get("topQuestions");
        assertThat(top.get(0).get("question").asText()).isEqualTo(WEIGH);
        assertThat(top.get(0).get("asked").asLong()).isEqualTo(4);
        assertThat(top.get(1).get("question").asText()).isEqualTo(MADE);
        assertThat(top.get(1).get("asked").asLong()).isEqualTo(3);
        assertThat(top.get(2).get("question").asText()).isEqualTo(WATER);
        assertThat(top).hasSize(7);
        // unanswered: abstentions and answers rated not helpful (an abstention rated so counts once)
        JsonNode unanswered = reply.body().get("topUnanswered");
        assertThat(unanswered).hasSize(3);
        assertThat(unanswered.get(0).get("question").asText()).isEqualTo(WATER);
        assertThat(unanswered.get(0).get("unanswered").asLong()).isEqualTo(2);
        assertThat(unanswered.get(1).get("question").asText()).isEqualTo(MONA);
        assertThat(unanswered.get(1).get("unanswered").asLong()).isEqualTo(2);
        assertThat(unanswered.get(2).get("question").asText()).isEqualTo(MADE);
        assertThat(unanswered.get(2).get("unanswered").asLong()).isEqualTo(1);

        Map<String, String> levels = new HashMap<>();
        reply.body().get("bands").forEach(b -> levels.put(b.get("metric").asText(), b.get("level").asText()));
        assertThat(levels).containsEntry("correctShare", "OK")     // 0.5, warns below 0.5
                .containsEntry("fallbackRate", "WARN")              // 0.375 above 0.30
                .containsEntry("abstainRate", "WARN")               // 0.25 above 0.20
                .containsEntry("degradedRate", "ALERT")             // 0.0625 above 0.05
                .containsEntry("meanSupport", "OK")
                .containsEntry("meanUsefulness", "OK")
                .containsEntry("helpfulRate", "WARN")               // 0.57 below 0.70
                .containsEntry("p95Millis", "OK");

        // the gaps: the unanswered questions grouped by wording (here each has one)
        JsonNode gaps = get("/api/v1/tenants/" + tenant + "/health/gaps?from=2026-01-05T00:00:00Z&to=2026-01-06T00:00:00Z").body();
        assertThat(gaps.findValuesAsText("question")).containsExactly(WATER, MONA, MADE);
        assertThat(gaps.get(0).get("unanswered").asLong()).isEqualTo(2);

        // a rating taken back: the hour's figures follow
        log.feedback(tenant, written.get(2).id, "helpful", null, null);
        JsonNode after = get("/api/v1/tenants/" + tenant + "/health?from=2026-01-05T10:00:00Z&to=2026-01-05T12:00:00Z").body();
        assertThat(after.get("totals").get("helpfulRate").asDouble()).isCloseTo(5 / 7.0, within(1e-9));
        assertThat(after.get("topUnanswered")).hasSize(2);
        assertThat(after.get("servedRatings").get("notHelpful").asLong()).isZero();
    }

    @Test
    void should_keep_a_tenant_s_own_bands_and_refuse_bad_ones_and_bad_windows() {
        String tenant = "bands-" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);

        Reply saved = putJson("/api/v1/tenants/" + tenant + "/health/bands",
                Map.of("fallbackRate", Map.of("warn", 0.5, "alert", 0.7)));
        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
        JsonNode bands = get("/api/v1/tenants/" + tenant + "/health/bands").body();
        JsonNode fallback = null;
        for (JsonNode b : bands) {
            if (b.get("metric").asText().equals("fallbackRate")) {
                fallback = b;
            }
        }
        assertThat(fallback.get("warn").asDouble()).isEqualTo(0.5);
        assertThat(fallback.get("alert").asDouble()).isEqualTo(0.7);

        Reply wrongOrder = putJson("/api/v1/tenants/" + tenant + "/health/bands",
                Map.of("correctShare", Map.of("warn", 0.3, "alert", 0.6)));
        assertThat(wrongOrder.status()).isEqualTo(400);
        assertThat(wrongOrder.body().toString()).contains("correctShare: the alert threshold 0.6 must be at most");
        assertThat(putJson("/api/v1/tenants/" + tenant + "/health/bands", Map.of("nonsense", Map.of("warn", 1, "alert", 2)))
                .status()).isEqualTo(400);
        assertThat(get("/api/v1/tenants/" + tenant + "/health?from=2026-01-05T12:00:00Z&to=2026-01-05T10:00:00Z").status())
                .isEqualTo(400);
        assertThat(get("/api/v1/tenants/" + tenant + "/health?bucket=PT30M").status()).isEqualTo(400);
        assertThat(get("/api/v1/tenants/" + tenant + "/health?from=yesterday").body().toString()).contains("ISO-8601");
        Reply empty = get("/api/v1/tenants/" + tenant + "/health");
        assertThat(empty.status()).isEqualTo(200);
        assertThat(empty.body().get("totals").get("runs").asLong()).isZero();
        assertThat(empty.body().get("series")).hasSize(24);
    }

    @Test
    void should_leave_playground_trials_out_of_the_health_figures__their_ratings_too() {
        // given: two runs through the API and three playground trials in one hour
        String tenant = "health-" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);
        List<RunRecord> written = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            RunRecord run = record(tenant, new Seed(H1, i + 1, "CORRECTIVE", i < 2 ? "CORRECT" : "INCORRECT", i >= 2,
                    false, false, null, null, 50, null, i < 2 ? WEIGH : MONA));
            run.channel = i < 2 ? "api" : "playground";
            writer.write(run);
            written.add(run);
        }
        writer.awaitAll();

        // when: an admin rates a trial
        log.feedback(tenant, written.get(4).id, "not_helpful", null, null);

        // then: what users got, and only that
        JsonNode totals = get("/api/v1/tenants/" + tenant + "/health?from=2026-01-05T10:00:00Z&to=2026-01-05T11:00:00Z"
                + "&bucket=PT1H").body().get("totals");
        assertThat(totals.get("runs").asLong()).isEqualTo(2);
        assertThat(totals.get("abstainRate").asDouble()).isZero();
        assertThat(totals.get("rated").asLong()).isZero();
        JsonNode health = get("/api/v1/tenants/" + tenant + "/health?from=2026-01-05T10:00:00Z&to=2026-01-05T11:00:00Z").body();
        assertThat(health.get("servedRatings").get("rated").asLong()).isZero();
        JsonNode gaps = get("/api/v1/tenants/" + tenant + "/health/gaps?from=2026-01-05T00:00:00Z&to=2026-01-06T00:00:00Z")
                .body();
        assertThat(gaps.toString()).doesNotContain("Mona Lisa");
        assertThat(log.list(tenant, RunFilter.ALL, 0, 10).total()).as("the trials stay in the run log").isEqualTo(5);
    }
}
