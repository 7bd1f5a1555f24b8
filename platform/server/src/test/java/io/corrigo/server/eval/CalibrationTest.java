package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Origin;
import io.corrigo.engine.trace.PassageTrace;
import io.corrigo.engine.trace.StripTrace;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The replay of routing and refinement over recorded scores, on a hand-made case with known outcomes. */
class CalibrationTest {

    private static PassageTrace passage(String id, double score) {
        return new PassageTrace(id, "doc-" + id, id, Origin.KNOWLEDGE_BASE, 1.0, score, null, true, null);
    }

    private static StripTrace strip(String passage, String text, double score) {
        return new StripTrace(passage, 0, text, score, true, null);
    }

    // kb question: its passage scores 0.8; web question: KB passage 0.4, web result 0.9; none question: KB trap 0.6
    private final List<Calibration.Recorded> recorded = List.of(
            new Calibration.Recorded(new EvalQuestion("k", "q", List.of(), "kb", List.of("Measles incubates ten days."), "x"),
                    List.of(passage("k1", 0.8)), List.of(passage("kw", 0.2)),
                    List.of(strip("k1", "Measles incubates ten days.", 0.7), strip("k1", "It is a virus.", 0.3))),
            new Calibration.Recorded(new EvalQuestion("w", "q", List.of(), "web", List.of("Paris is the capital."), "x"),
                    List.of(passage("w1", 0.4)), List.of(passage("ww", 0.9)),
                    List.of(strip("w1", "France has regions.", 0.35), strip("ww", "Paris is the capital.", 0.8))),
            new Calibration.Recorded(new EvalQuestion("n", "q", List.of(), "none", List.of(), "x"),
                    List.of(passage("n1", 0.6)), List.of(passage("nw", 0.1)),
                    List.of(strip("n1", "A related but useless sentence.", 0.5))));

    @Test
    void should_replay_routes_and_contexts_for_a_threshold_point() {
        // upper 0.75: kb CORRECT; web: 0.4 < lower 0.45 → INCORRECT, web result kept; none: 0.6 AMBIGUOUS, strip 0.5 < 0.55
        Calibration.Point good = Calibration.replay(recorded, 0.75, 0.45, 0.55, 10, 100);

        assertThat(good.routeAccuracy()).isEqualTo(1.0);
        assertThat(good.contextPrecision()).isEqualTo(1.0);
        assertThat(good.contextRecall()).isEqualTo(1.0);
        assertThat(good.abstentionRecall()).isEqualTo(1.0);
        assertThat(good.falseAbstention()).isEqualTo(0.0);
        assertThat(good.fallbackShare()).isCloseTo(2 / 3.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(good.latencyMillis()).isCloseTo(10 / 3.0 + 200 / 3.0, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void should_score_a_worse_point_lower() {
        // upper 0.55: the none question's trap (0.6) becomes CORRECT and its strip (0.5 ≥ 0.3) is kept: no abstention
        Calibration.Point loose = Calibration.replay(recorded, 0.55, 0.3, 0.3, 10, 100);

        assertThat(loose.routeAccuracy()).isLessThan(1.0);
        assertThat(loose.contextPrecision()).isLessThan(1.0); // "It is a virus." joins the kb context
        assertThat(loose.abstentionRecall()).isZero();
    }
}
