package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Grade;
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

    private static Calibration.Recorded recorded(EvalQuestion q, List<PassageTrace> kb, List<PassageTrace> web,
                                                 List<StripTrace> strips) {
        return new Calibration.Recorded(q.id(), new Label.Gold(q), kb, web, strips);
    }

    // kb question: its passage scores 0.8; web question: KB passage 0.4, web result 0.9; none question: KB trap 0.6
    private final List<Calibration.Recorded> recorded = List.of(
            recorded(new EvalQuestion("k", "q", List.of(), "kb", List.of("Measles incubates ten days."), "x"),
                    List.of(passage("k1", 0.8)), List.of(passage("kw", 0.2)),
                    List.of(strip("k1", "Measles incubates ten days.", 0.7), strip("k1", "It is a virus.", 0.3))),
            recorded(new EvalQuestion("w", "q", List.of(), "web", List.of("Paris is the capital."), "x"),
                    List.of(passage("w1", 0.4)), List.of(passage("ww", 0.9)),
                    List.of(strip("w1", "France has regions.", 0.35), strip("ww", "Paris is the capital.", 0.8))),
            recorded(new EvalQuestion("n", "q", List.of(), "none", List.of(), "x"),
                    List.of(passage("n1", 0.6)), List.of(passage("nw", 0.1)),
                    List.of(strip("n1", "A related but useless sentence.", 0.5))));

    @Test
    void should_replay_routes_and_contexts_for_a_threshold_point() {
        // upper 0.75: kb CORRECT; web: 0.4 < lower 0.45 → INCORRECT, web result kept; none: 0.6 AMBIGUOUS, strip 0.5 < 0.55
        Calibration.Point good = Calibration.replay(recorded, 0.75, 0.45, 0.55, 0, 10, 100);

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
        Calibration.Point loose = Calibration.replay(recorded, 0.55, 0.3, 0.3, 0, 10, 100);

        assertThat(loose.routeAccuracy()).isLessThan(1.0);
        assertThat(loose.contextPrecision()).isLessThan(1.0); // "It is a virus." joins the kb context
        assertThat(loose.abstentionRecall()).isZero();
    }

    @Test
    void should_judge_replays_against_user_ratings() {
        // a helpful answer from the KB alone (kb 0.8) and an unhelpful one from a trap (0.6, no fallback searched)
        List<Calibration.Recorded> rated = List.of(
                new Calibration.Recorded("r1", new Label.Feedback(true, Grade.CORRECT, false),
                        List.of(passage("k1", 0.8)), List.of(), List.of(strip("k1", "Measles incubates ten days.", 0.7))),
                new Calibration.Recorded("r2", new Label.Feedback(false, Grade.CORRECT, false),
                        List.of(passage("n1", 0.6)), List.of(), List.of(strip("n1", "A related but useless sentence.", 0.5))));

        // upper 0.75 keeps the helpful route and leaves the trap AMBIGUOUS with its strip (0.5) dropped: an abstention
        Calibration.Point strict = Calibration.replay(rated, 0.75, 0.45, 0.55, 0, 10, 100);
        // upper 0.55 repeats the unhelpful answer
        Calibration.Point loose = Calibration.replay(rated, 0.55, 0.3, 0.3, 0, 10, 100);

        assertThat(strict.routeAccuracy()).isEqualTo(1.0);
        assertThat(loose.routeAccuracy()).isEqualTo(0.5);
        assertThat(strict.falseAbstention()).isEqualTo(0.0); // the helpful one still answers
        assertThat(strict.abstentionRecall()).isNaN(); // no rating says "nothing answers this"
        assertThat(strict.contextPrecision()).isNaN(); // ratings name no gold sentences
        assertThat(Calibration.sweep(new Calibration.Recording(rated, 10, 100)).get(0).routeAccuracy()).isEqualTo(1.0);
    }

    @Test
    void should_give_half_credit_to_a_neighbouring_route_and_the_complement_for_an_unhelpful_run() {
        Label helpfulBoth = new Label.Feedback(true, Grade.AMBIGUOUS, false);
        Label unhelpfulAbstention = new Label.Feedback(false, Grade.INCORRECT, true);

        assertThat(helpfulBoth.credit(Grade.AMBIGUOUS, false)).isEqualTo(1.0);
        assertThat(helpfulBoth.credit(Grade.CORRECT, false)).isEqualTo(0.5);
        assertThat(helpfulBoth.credit(Grade.AMBIGUOUS, true)).isEqualTo(0.0);
        assertThat(unhelpfulAbstention.credit(Grade.INCORRECT, true)).isEqualTo(0.0);
        assertThat(unhelpfulAbstention.credit(Grade.CORRECT, false)).isEqualTo(1.0);
        assertThat(unhelpfulAbstention.answerable()).isTrue();
    }
}
