package io.corrigo.engine.route;

import io.corrigo.api.Grade;
import io.corrigo.api.ScoredPassage;
import java.util.List;

/**
 * Where a query goes after its passages were graded.
 *
 * @param action    CRAG's action for the query
 * @param kept      the knowledge-base passages the answer may use (none for INCORRECT)
 * @param searchWeb whether the web search fallback is asked (AMBIGUOUS and INCORRECT)
 */
public record Route(Grade action, List<ScoredPassage> kept, boolean searchWeb) {

    public Route {
        kept = List.copyOf(kept);
    }
}
