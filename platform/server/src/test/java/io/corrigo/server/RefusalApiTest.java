package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * A refusal that carries nothing false: an abstention cites nothing and says, as structured fields in the REST and
 * OpenAI-compatible responses, why it was withheld, what was searched (the web only when it was) and which part of the
 * question the closest source does cover; a withheld answer of medium confidence says so by its reason.
 */
class RefusalApiTest extends HostTestBase {

    private static final String MISSING = "How many days of paid time off do interns get in Norway?";

    @Test
    void should_say_why_what_was_searched_and_what_the_sources_cover__in_rest_and_openai() throws Exception {
        // given
        String tenant = tenantWithLeavePolicy("refusal-fields");

        // when
        Reply refused = ask(tenant, MISSING);
        Reply answered = ask(tenant, "How many days of paid time off do full-time employees get?");
        JsonNode openai = chatCompletion(tenant, MISSING);

        // then: nothing cited, the reason, what was searched, and the part the leave policy does cover
        JsonNode body = refused.body();
        assertThat(body.get("abstained").asBoolean()).as(body.toString()).isTrue();
        assertThat(body.get("citations")).as("an abstention cites nothing").isEmpty();
        JsonNode refusal = body.get("refusal");
        assertThat(refusal.get("reason").asText()).isEqualTo("not_in_sources");
        assertThat(refusal.get("passages").asInt()).as("what was graded").isPositive();
        assertThat(refusal.get("web").asBoolean()).as("no web search is configured: none is claimed").isFalse();
        JsonNode covered = refusal.get("covered");
        assertThat(covered.get("source").asText()).as("the closest passage's title: its section").isEqualTo("Leave");
        List<String> terms = JSON.convertValue(covered.get("terms"), JSON.getTypeFactory()
                .constructCollectionType(List.class, String.class));
        assertThat(terms).isNotEmpty().allSatisfy(term -> {
            assertThat(MISSING.toLowerCase(Locale.ROOT)).contains(term.toLowerCase(Locale.ROOT));
            assertThat(LEAVE_POLICY).contains(term);
        }).noneMatch(term -> term.equalsIgnoreCase("Norway"));
        assertThat(answered.body().has("refusal")).as("an answer has no refusal").isFalse();
        JsonNode corrigo = openai.get("corrigo");
        assertThat(corrigo.get("refusal").get("reason").asText()).isEqualTo("not_in_sources");
        assertThat(corrigo.get("refusal").get("covered")).isEqualTo(covered);
        assertThat(corrigo.get("citations")).isEmpty();
    }

    @Test
    void should_name_a_withheld_answer_s_reason() {
        // given: a tenant whose threshold no answer reaches, withholding what falls below it
        String tenant = tenantWithLeavePolicy("refusal-withheld");
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("settings")).put("confidenceHigh", 1.0).put("mediumConfidence", "WITHHOLD");
        assertThat(putJson("/api/v1/tenants/" + tenant + "/pipeline", definition).status()).isEqualTo(200);

        // when
        Reply withheld = ask(tenant, "How many days of paid time off do full-time employees get?");

        // then
        assertThat(withheld.body().get("abstained").asBoolean()).isTrue();
        assertThat(withheld.body().get("refusal").get("reason").asText()).isEqualTo("not_supported");
        assertThat(withheld.body().get("citations")).isEmpty();
    }
}
