package io.corrigo.server.run;

import java.util.List;

/**
 * The answer to a query.
 *
 * @param runId           the run's id: its trace is at {@code traceUrl}
 * @param tenant          the tenant
 * @param pipelineVersion the pipeline version that answered
 * @param answer          the answer text with {@code [n]} markers, or the abstention message
 * @param abstained       whether the system declined to answer
 * @param citations       the sources the answer cites
 * @param action          CORRECT, AMBIGUOUS or INCORRECT; {@code null} in naive mode
 * @param degraded        whether a plugin failure made the answer worse than it should be
 * @param incomplete      whether the answer may be incomplete: the web fallback it needed was unavailable, or a part of
 *                        a multi-part question went unanswered (the notices say which)
 * @param notices         what the run had to work around, in words
 * @param totalMillis     time to answer
 * @param traceUrl        where the full trace is
 */
public record QueryResponse(String runId, String tenant, int pipelineVersion, String answer, boolean abstained,
                            List<CitationView> citations, String action, boolean degraded, boolean incomplete,
                            List<String> notices,
                            double totalMillis, String traceUrl) {

    /** A citation as the API shows it. */
    public record CitationView(int number, String title, String documentId, String uri, String origin, String quote) {
    }
}
