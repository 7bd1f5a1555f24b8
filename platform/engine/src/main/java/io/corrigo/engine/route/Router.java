package io.corrigo.engine.route;

import io.corrigo.api.Grade;
import io.corrigo.api.ScoredPassage;
import io.corrigo.engine.grade.ActionRule;
import io.corrigo.engine.grade.CragActionRule;
import java.util.List;

/**
 * CRAG's routing as a pure function of the grades: the action ({@link ActionRule}), which knowledge-base passages
 * are kept (all but the INCORRECT ones, none when the action is INCORRECT) and whether the web is searched (unless
 * CORRECT). The engine routes with it, and the evaluation command's calibration replays recorded runs with it, so
 * the thresholds calibration recommends are judged by the rule that runs.
 */
public final class Router {

    private final ActionRule rule;

    public Router(ActionRule rule) {
        this.rule = rule;
    }

    /** With the CRAG paper's rule ({@link CragActionRule}). */
    public Router() {
        this(new CragActionRule());
    }

    public Route route(List<ScoredPassage> graded) {
        Grade action = rule.decide(graded);
        return new Route(action, action == Grade.INCORRECT ? List.of() : usable(graded), action != Grade.CORRECT);
    }

    /** The passages a route may use from a graded list: all but the INCORRECT ones (web results included). */
    public static List<ScoredPassage> usable(List<ScoredPassage> graded) {
        return graded.stream().filter(p -> p.grade() != Grade.INCORRECT).toList();
    }
}
