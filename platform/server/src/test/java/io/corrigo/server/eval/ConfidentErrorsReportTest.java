package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.engine.confidence.AnswerConfidence;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A report over runs with known outcomes and confidences: served wrong counted, the curve and the table drawn. */
class ConfidentErrorsReportTest {

    private static EvalRun run(String id, String gold, List<String> answers, boolean abstained, String answer,
                               double confidence) {
        EvalQuestion q = new EvalQuestion(id, "How many days?", answers, gold, List.of(), "trust-k");
        return new EvalRun("corrective v1", q, abstained ? "INCORRECT" : "CORRECT", abstained, answer, List.of(), Map.of(),
                10, 1, false, List.of(), null, null, CitationCheck.NONE, abstained ? null
                : new AnswerConfidence(confidence, confidence >= 0.5 ? AnswerConfidence.Level.HIGH
                        : AnswerConfidence.Level.MEDIUM, 1, confidence, 1.0, true));
    }

    @Test
    void should_count_served_wrong_answers_and_draw_their_risk_coverage_and_reliability() {
        // given: a right answer (0.9), a wrong lead (0.2), an answer to an unanswerable question (0.4), an abstention
        List<EvalRun> runs = List.of(
                run("a", "kb", List.of("five days"), false, "five days [1]. It takes five days. [1]", 0.9),
                run("b", "kb", List.of("five days"), false, "ten days [1]. It takes ten days. [1]", 0.2),
                run("c", "none", List.of(), false, "three days [1]. Something. [1]", 0.4),
                run("d", "none", List.of(), true, "I could not find it.", 0));

        // when
        EvalReport.Metrics m = EvalService.metrics(runs);
        EvalReport report = new EvalReport(Instant.EPOCH, "t", 4, List.of(new EvalReport.PipelineResult("corrective v1",
                m, Map.of(), Map.of(), Map.of())), Map.of());
        String html = HtmlReport.render(report);

        // then: 1 right, 1 abstained rightly, 2 served wrong of 4; the right answer first in confidence
        assertThat(m.risk().answeredRight()).isEqualTo(0.25);
        assertThat(m.risk().abstainedRightly()).isEqualTo(0.25);
        assertThat(m.risk().servedWrong()).isEqualTo(0.5);
        assertThat(m.risk().area()).as("(0 + 1/2 + 2/3) / 3").isEqualTo((0 + 0.5 + 2 / 3.0) / 3);
        assertThat(html).contains("<h2>Confident errors</h2>").contains("aria-label=\"risk-coverage curve\"")
                .contains("aria-label=\"reliability diagram\"").contains("<td>0.500</td>");
    }
}
