package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.HostTestBase;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Faithfulness and answer relevancy as the evaluation measures them, judged by a tenant's own pipeline (the shipped
 * offline critic and answerhood grader): an answer quoting its context is fully faithful; one that adds a claim the
 * context does not hold is not; an answer to the question is more relevant than one about something else.
 */
class FaithfulnessTest extends HostTestBase {

    private static final List<String> CONTEXT = List.of(
            "The Zorblax lighthouse was built in 1887 on the northern cape.",
            "Its lamp burns whale oil and can be seen from twenty kilometres away.");
    private static final String QUESTION = "When was the Zorblax lighthouse built?";

    @Autowired
    EvalService eval;

    private String tenant() {
        String tenant = "faithful-" + java.util.UUID.randomUUID().toString().substring(0, 6);
        postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant));
        uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "lighthouse.md",
                String.join(" ", CONTEXT).getBytes(StandardCharsets.UTF_8));
        return tenant;
    }

    @Test
    void should_find_a_quoted_answer_faithful_and_an_answer_with_an_unsupported_claim_not() {
        String tenant = tenant();

        Double quoted = eval.faithfulness(tenant, QUESTION, CONTEXT,
                "The Zorblax lighthouse was built in 1887 on the northern cape [1].");
        Double invented = eval.faithfulness(tenant, QUESTION, CONTEXT,
                "The Zorblax lighthouse was built in 1887 on the northern cape. "
                        + "Its first keeper was a jazz pianist who moved there from Chicago in 1902.");
        Double noClaimSupported = eval.faithfulness(tenant, QUESTION, CONTEXT,
                "The tower was designed by a famous Parisian architect and painted purple every spring.");

        assertThat(quoted).isEqualTo(1.0);
        assertThat(invented).isNotNull().isLessThanOrEqualTo(0.5);
        assertThat(noClaimSupported).isNotNull().isLessThan(invented);
        assertThat(eval.faithfulness(tenant, QUESTION, List.of(), "It was built in 1887.")).as("no context at all").isZero();
    }

    @Test
    void should_grade_an_answer_to_the_question_more_relevant_than_one_about_something_else() {
        String tenant = tenant();

        Double onTopic = eval.relevancy(tenant, QUESTION, "The Zorblax lighthouse was built in 1887.");
        Double offTopic = eval.relevancy(tenant, QUESTION, "Its lamp burns whale oil.");

        assertThat(onTopic).isNotNull().isBetween(0.0, 1.0);
        assertThat(offTopic).isNotNull().isLessThan(onTopic);
    }
}
