package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.server.HostTestBase;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The golden-set gate on publish, against a real host: a draft that breaks a golden question is held with the
 * question named, passes only with an override whose reason the audit log records, and a harmless draft goes live as
 * before; the same check is an API call.
 */
class GoldenGateApiTest extends HostTestBase {

    private static final String ASKED = "How many days of paid time off do full-time employees get?";

    private String base(String tenant) {
        return "/api/v1/tenants/" + tenant;
    }

    private int draft(String tenant, java.util.function.Consumer<ObjectNode> change) {
        ObjectNode definition = (ObjectNode) get(base(tenant) + "/pipeline").body().get("definition");
        change.accept((ObjectNode) definition.get("settings"));
        Reply draft = postJson(base(tenant) + "/pipeline/drafts?note=gate", definition);
        assertThat(draft.status()).as(draft.body().toString()).isEqualTo(201);
        return draft.body().get("version").asInt();
    }

    @Test
    void should_hold_a_draft_that_breaks_a_golden_question__and_publish_it_only_with_a_recorded_override()
            throws InterruptedException {
        // given: a golden set holding one question the active pipeline answers right
        String tenant = tenantWithLeavePolicy("gold-leave");
        String run = ask(tenant, ASKED).body().get("runId").asText();
        assertThat(postJson(base(tenant) + "/runs/" + run + "/eval-case", Map.of("set", "golden", "route", "kb",
                "answer", "25 days")).status()).isEqualTo(201);
        assertThat(putJson(base(tenant) + "/golden-sets/golden", Map.of("margin", 1.5)).status())
                .as("a margin is a share below 1").isEqualTo(400);
        Reply marked = putJson(base(tenant) + "/golden-sets/golden", Map.of("margin", 0.0));
        assertThat(marked.status()).as(marked.body().toString()).isEqualTo(200);
        int active = get(base(tenant) + "/pipeline").body().get("version").asInt();
        // a draft that withholds every answer (no answer reaches its confidence threshold)
        int broken = draft(tenant, s -> s.put("confidenceHigh", 1.0).put("mediumConfidence", "WITHHOLD"));

        // when: checked in the background, polled until done, then asked again and published
        Reply started = postJson(base(tenant) + "/pipeline/versions/" + broken + "/gate?background=true", Map.of());
        assertThat(started.status()).isEqualTo(202);
        String check = started.body().get("id").asText();
        JsonNode polled = started.body();
        for (int i = 0; i < 240 && polled.get("state").asText().equals("RUNNING"); i++) {
            Thread.sleep(250);
            polled = get(base(tenant) + "/gate-checks/" + check).body();
        }
        Reply gate = postJson(base(tenant) + "/pipeline/versions/" + broken + "/gate", Map.of());
        Reply held = postJson(base(tenant) + "/pipeline/versions/" + broken + "/publish", Map.of());

        // then: held, the question named, the active version unchanged; the background check said so with its progress
        assertThat(polled.get("state").asText()).as(polled.toString()).isEqualTo("DONE");
        assertThat(polled.get("done").asInt()).isEqualTo(2).isEqualTo(polled.get("total").asInt());
        assertThat(polled.get("verdict").get("held").asBoolean()).isTrue();
        postJson("/api/v1/tenants", Map.of("id", "gold-other", "name", "gold-other"));
        assertThat(get("/api/v1/tenants/gold-other/gate-checks/" + check).status()).as("another tenant's").isEqualTo(404);
        assertThat(gate.body().get("held").asBoolean()).as(gate.body().toString()).isTrue();
        assertThat(held.status()).isEqualTo(409);
        assertThat(held.body().get("code").asText()).isEqualTo("publish_held");
        assertThat(held.body().get("message").asText()).contains("answers 0 right").contains("answers 1 right");
        assertThat(held.body().get("details").toString()).contains(ASKED).contains("right").contains("abstained");
        assertThat(get(base(tenant) + "/pipeline").body().get("version").asInt()).isEqualTo(active);

        // and with an override and a reason it goes live, the audit log holding the reason and the verdict
        Reply overridden = postJson(base(tenant) + "/pipeline/versions/" + broken
                + "/publish?override=Withholding+is+wanted+during+the+audit", Map.of());
        assertThat(overridden.status()).as(overridden.body().toString()).isEqualTo(200);
        assertThat(get(base(tenant) + "/pipeline").body().get("version").asInt()).isEqualTo(broken);
        JsonNode entry = StreamSupport.stream(get("/api/v1/audit?size=200&tenant=" + tenant).body().get("entries")
                .spliterator(), false).filter(e -> e.get("action").asText().equals("pipeline.publish-override"))
                .findFirst().orElseThrow();
        assertThat(entry.toString()).contains("Withholding is wanted during the audit").contains("answers 0 right");

        // and a draft that changes nothing the golden question needs is published without one
        int harmless = draft(tenant, s -> s.put("confidenceHigh", 0.3).put("mediumConfidence", "SERVE").put("topK", 9));
        Reply published = postJson(base(tenant) + "/pipeline/versions/" + harmless + "/publish", Map.of());
        assertThat(published.status()).as(published.body().toString()).isEqualTo(200);
    }

    @Test
    void should_refuse_to_mark_a_set_that_does_not_exist() {
        String tenant = "gold-empty";
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant));

        assertThat(putJson(base(tenant) + "/golden-sets/nothing", Map.of()).status()).isEqualTo(404);
        assertThat(get(base(tenant) + "/golden-sets").body()).isEmpty();
    }
}
