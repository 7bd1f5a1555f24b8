package io.corrigo.engine.grade;

import io.corrigo.api.Grade;
import io.corrigo.api.ScoredPassage;
import java.util.List;

/** Decides the action for a query from the grades of its passages. */
@FunctionalInterface
public interface ActionRule {

    /** The action; {@code graded} may be empty (an empty knowledge base, or a failed retriever). */
    Grade decide(List<ScoredPassage> graded);
}
