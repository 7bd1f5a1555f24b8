package io.corrigo.engine.grade;

import io.corrigo.api.Grade;
import io.corrigo.api.ScoredPassage;
import java.util.List;

/**
 * The CRAG paper's rule: any CORRECT passage makes the action CORRECT; all INCORRECT (or none at all) makes
 * it INCORRECT; anything else is AMBIGUOUS.
 */
public final class CragActionRule implements ActionRule {

    @Override
    public Grade decide(List<ScoredPassage> graded) {
        if (graded.stream().anyMatch(p -> p.grade() == Grade.CORRECT)) {
            return Grade.CORRECT;
        }
        if (graded.stream().allMatch(p -> p.grade() == Grade.INCORRECT)) {
            return Grade.INCORRECT;
        }
        return Grade.AMBIGUOUS;
    }
}
