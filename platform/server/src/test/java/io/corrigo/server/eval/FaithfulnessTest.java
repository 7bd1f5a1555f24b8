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
 * context does not hold is not; an answer to the question is more relevant than one about something else; a quoted
 * sentence that does not state the asked detail lowers both; and over an evaluation, the pipeline that serves
 * non-answers scores lower than the one that abstains.
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
        // two sentences, one supported, and the claim that it answers (it does: 1887): 2 of 3 claims
        assertThat(invented).isNotNull().isCloseTo(2 / 3.0, org.assertj.core.data.Offset.offset(1e-9));
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

    @Test
    void should_lower_faithfulness_and_relevancy_when_a_quoted_sentence_does_not_answer() {
        String tenant = tenant();

        // both sentences are quoted from the context; only the first states when the lighthouse was built
        Double answerFaithful = eval.faithfulness(tenant, QUESTION, CONTEXT, "The Zorblax lighthouse was built in 1887 on "
                + "the northern cape [1].");
        Double nonAnswerFaithful = eval.faithfulness(tenant, QUESTION, CONTEXT, "Its lamp burns whale oil and can be seen "
                + "from twenty kilometres away [1].");

        assertThat(answerFaithful).isEqualTo(1.0);
        assertThat(nonAnswerFaithful).isEqualTo(0.5); // one supported sentence, one unsupported claim: that it answers
        assertThat(eval.relevancy(tenant, QUESTION, "The Zorblax lighthouse was built in 1887 [1].")).isEqualTo(1.0);
        assertThat(eval.relevancy(tenant, QUESTION, "Its lamp burns whale oil and can be seen from twenty kilometres "
                + "away [1].")).isEqualTo(0.0);
    }

    @Test
    void should_score_the_pipeline_that_serves_non_answers_below_the_one_that_abstains() {
        String tenant = tenant();
        List<EvalQuestion> questions = List.of(
                new EvalQuestion("built", QUESTION, List.of("1887"), "kb", List.of(CONTEXT.get(0)), "trust-k"),
                new EvalQuestion("range", "How far away can the Zorblax lamp be seen?", List.of("twenty kilometres"), "kb",
                        List.of(CONTEXT.get(1)), "trust-k"),
                // the lighthouse passage is about it, and names no architect: the right answer is an abstention
                new EvalQuestion("architect", "Who designed the Zorblax lighthouse?", List.of(), "none", List.of(),
                        "trust-u"),
                new EvalQuestion("height", "How tall is the Zorblax lighthouse in metres?", List.of(), "none", List.of(),
                        "trust-u"));

        List<EvalRun> runs = eval.run(tenant, questions, true, null);
        EvalReport report = eval.report(tenant, runs);
        EvalReport.Metrics corrective = report.pipelines().get(0).overall();

        // a pipeline that served an answer to every question: the abstentions replaced by the naive kind of answer (the
        // sentence most like the question, quoted), judged by the same judges
        String quoted = "The Zorblax lighthouse was built in 1887 on the northern cape. [1]";
        List<EvalRun> servedAll = runs.stream().filter(r -> r.pipeline().equals(report.pipelines().get(0).name()))
                .map(r -> r.abstained()
                        ? new EvalRun("serves everything", r.question(), r.action(), false, quoted, CONTEXT,
                                r.stageMillis(), r.totalMillis(), r.rounds(), r.degraded(), r.notices(),
                                eval.faithfulness(tenant, r.question().question(), CONTEXT, quoted),
                                eval.relevancy(tenant, r.question().question(), quoted))
                        : r)
                .toList();
        EvalReport.Metrics everything = EvalService.metrics(servedAll);

        assertThat(corrective.trust()).isNotNull();
        assertThat(corrective.trust().unanswerableAbstained()).isEqualTo(1.0);
        assertThat(corrective.trust().answerableRight()).isEqualTo(1.0);
        assertThat(corrective.trust().servedNonAnswers()).isZero();
        assertThat(everything.trust().servedNonAnswers()).isEqualTo(0.5);
        assertThat(everything.trust().right()).isEqualTo(0.5);
        assertThat(everything.answerRelevancy()).isLessThan(corrective.answerRelevancy());
        assertThat(everything.faithfulness()).isLessThan(corrective.faithfulness());
    }
}
