package io.corrigo.server.run;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param conversationId  the conversation the question was answered in (send it with the next question), or
 *                        {@code null} for a single question
 * @param visitorToken    for a widget visitor's new conversation, the token to send with its next questions; else
 *                        {@code null}
 * @param usage           the tokens the generator's model reported for this answer (all its generations), or
 *                        {@code null} when it reported none
 * @param reading         how a follow-up was read (the question answered, or asked back), so that a wrong reading is
 *                        seen; {@code null} for a conversation's first question
 * @param confidence      how sure a served answer is, as a level with the number of sources it was checked against;
 *                        {@code null} for an abstention and a naive pipeline's answer (nothing graded it)
 * @param curated         when an admin's curated answer was served instead of the pipeline's: which one; else
 *                        {@code null}
 * @param refusal         for an abstention, why, what was searched and what part of the question the sources do
 *                        cover; {@code null} for an answer
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueryResponse(String runId, String tenant, int pipelineVersion, String answer, boolean abstained,
                            List<CitationView> citations, String action, boolean degraded, boolean incomplete,
                            List<String> notices,
                            double totalMillis, String traceUrl, String conversationId, String visitorToken,
                            io.corrigo.api.TokenUsage usage, Reading reading, Confidence confidence,
                            Curated curated, io.corrigo.engine.confidence.Refusal refusal) {

    /** The same answer, as a turn of a conversation. */
    QueryResponse inConversation(String id, String token) {
        return new QueryResponse(runId, tenant, pipelineVersion, answer, abstained, citations, action, degraded,
                incomplete, notices, totalMillis, traceUrl, id, token, usage, reading, confidence, curated, refusal);
    }

    /** The same answer, marked as the curated answer {@code value} (or not, with {@code null}). */
    QueryResponse curated(Curated value) {
        return new QueryResponse(runId, tenant, pipelineVersion, answer, abstained, citations, action, degraded,
                incomplete, notices, totalMillis, traceUrl, conversationId, visitorToken, usage, reading, confidence, value,
                refusal);
    }

    /**
     * The curated answer served.
     *
     * @param id        its id
     * @param version   the version served
     * @param sourceRun the run it was written from, or {@code null}
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Curated(long id, int version, String sourceRun) {

        static Curated of(io.corrigo.server.curated.CuratedAnswers.Match match) {
            return new Curated(match.curated().id(), match.curated().version(), match.curated().sourceRun());
        }
    }

    /**
     * How sure an answer is, as users are told it: a level, never a raw score.
     *
     * @param level   {@code high} or {@code medium} (the pipeline's threshold, chosen for an error budget, divides them)
     * @param sources how many distinct sources the answer cites and was checked against
     */
    public record Confidence(String level, int sources) {

        /** The view of an answer's confidence, or {@code null} when there is none to tell. */
        public static Confidence of(io.corrigo.engine.confidence.AnswerConfidence confidence) {
            return confidence == null || confidence.evidence() == null ? null
                    : new Confidence(confidence.level().name().toLowerCase(java.util.Locale.ROOT), confidence.sources());
        }
    }

    /**
     * How a follow-up was read: what the user wrote and the standalone question the answer answers ("Answering: When
     * did Ada Lovelace move to London?"), or, when its referent could not be told, the question asked back instead.
     *
     * @param asked         the follow-up as the user wrote it
     * @param answering     the question retrieved and answered for ({@code asked} itself when it stood alone)
     * @param rewritten     whether {@code answering} differs from {@code asked}: the reading to show the user
     * @param clarification the question asked back instead of an answer, or {@code null}
     * @param choices       with a clarification, the readings to pick from, each a label ("Marie Curie") and the
     *                      standalone question to ask when picked; {@code null} when there are none
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Reading(String asked, String answering, boolean rewritten, String clarification,
                          List<io.corrigo.engine.trace.Condensation.Choice> choices) {

        /** The reading of a run's condensation, or {@code null} for a first question. */
        static Reading of(io.corrigo.engine.trace.Condensation condensation) {
            return condensation == null ? null : new Reading(condensation.asked(), condensation.standalone(),
                    condensation.changed() && condensation.clarification() == null, condensation.clarification(),
                    condensation.choices().isEmpty() ? null : condensation.choices());
        }
    }

    /**
     * A citation as the API shows it.
     *
     * @param number     the {@code [n]} in the answer
     * @param title      the source's title
     * @param documentId the knowledge-base document, or the web page's URL
     * @param uri        where the source lives outside Corrigo (a web page, a document's source URL), or {@code null}
     * @param origin     {@code KNOWLEDGE_BASE} or {@code WEB}
     * @param quote      the passage text the answer relies on
     * @param page       the printed page the quote is on (PDFs), or {@code null}
     * @param section    the heading of the section it is in, or {@code null}
     * @param span       where the quote is in the document's text, or {@code null} when it could not be located
     * @param sourceUrl  where this caller opens the document at the quote (text around it, highlighted), or {@code null}
     */
    public record CitationView(int number, String title, String documentId, String uri, String origin, String quote,
                               Integer page, String section, Span span, String sourceUrl) {
    }

    /** Character offsets of a quote in its document's text: {@code [start, end)}. */
    public record Span(int start, int end) {
    }
}
