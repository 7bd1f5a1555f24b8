package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/**
 * How sure an answer is, as the asker is told it: a level (high or medium, never a raw score) with the number of
 * sources it was checked against, in the REST and OpenAI-compatible responses; none on an abstention; and a tenant
 * that withholds answers of medium confidence gets an abstention the trace explains.
 */
class ConfidenceApiTest extends HostTestBase {

    private static final String ASKED = "How many days of paid time off do full-time employees get?";

    @Test
    void should_tell_the_confidence_of_a_served_answer_as_a_level_with_its_sources__in_rest_and_openai() throws Exception {
        // given
        String tenant = tenantWithLeavePolicy("conf-levels");

        // when
        Reply answered = ask(tenant, ASKED);
        Reply missing = ask(tenant, "How many days of parental leave do fathers get?");
        JsonNode openai = chatCompletion(tenant, ASKED);

        // then: a level and the one source, no score
        assertThat(answered.body().get("answer").asText()).contains("25 days");
        JsonNode confidence = answered.body().get("confidence");
        assertThat(confidence.get("level").asText()).isIn("high", "medium");
        assertThat(confidence.get("sources").asInt()).isEqualTo(1);
        assertThat(confidence.size()).as("no raw score: " + confidence).isEqualTo(2);
        assertThat(missing.body().get("abstained").asBoolean()).isTrue();
        assertThat(missing.body().has("confidence")).as("an abstention has no confidence").isFalse();
        JsonNode corrigo = openai.get("corrigo");
        assertThat(corrigo.get("confidence").get("level").asText()).isEqualTo(confidence.get("level").asText());
        assertThat(corrigo.get("confidence").get("sources").asInt()).isEqualTo(1);
    }

    @Test
    void should_withhold_an_answer_below_the_threshold__when_the_tenant_withholds_medium_confidence() {
        // given: a tenant whose threshold no answer reaches, withholding what falls below it
        String tenant = tenantWithLeavePolicy("conf-withhold");
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        assertThat(definition.get("settings").get("mediumConfidence").asText()).as("the default").isEqualTo("SERVE");
        ((ObjectNode) definition.get("settings")).put("confidenceHigh", 1.0).put("mediumConfidence", "WITHHOLD");
        assertThat(putJson("/api/v1/tenants/" + tenant + "/pipeline", definition).status()).isEqualTo(200);

        // when
        Reply withheld = ask(tenant, ASKED);

        // then: an abstention, and the run's trace says it was withheld for its confidence
        assertThat(withheld.body().get("abstained").asBoolean()).as(withheld.body().toString()).isTrue();
        assertThat(withheld.body().get("answer").asText()).doesNotContain("25 days");
        assertThat(withheld.body().get("notices").toString()).contains("withheld an answer of medium confidence");

        // and a wrong policy name is refused, naming the field
        ((ObjectNode) definition.get("settings")).put("mediumConfidence", "SOMETIMES");
        Reply refused = putJson("/api/v1/tenants/" + tenant + "/pipeline", definition);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().toString()).contains("mediumConfidence");
    }
}
