package io.corrigo.server.run;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.api.PassageFilter;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.engine.CorrectivePipeline;
import io.corrigo.engine.RunResult;
import io.corrigo.engine.condense.Turn;
import io.corrigo.engine.trace.Condensation;
import io.corrigo.engine.trace.CritiqueRound;
import io.corrigo.server.conversation.CitedPassages;
import io.corrigo.server.curated.CuratedAnswer;
import io.corrigo.server.curated.CuratedAnswers;
import io.corrigo.server.conversation.Conversations;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.pipeline.TenantPipeline;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.problem.ServiceException;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;
import io.corrigo.engine.trace.Decision;
import java.util.UUID;
import org.springframework.stereotype.Service;

/** Answers questions through a tenant's pipeline and keeps every run. */
@Service
public class QueryService {

    private final TenantService tenants;
    private final PipelineRuntimes runtimes;
    private final RunWriter runs;
    private final Conversations conversations;
    private final StoredTraces traces;
    private final Clock clock;
    private final int maxQueryChars;

    private final io.corrigo.server.cost.Budgets budgets;
    private final io.corrigo.server.cost.Prices prices;
    private final io.corrigo.server.knowledge.DocumentTexts texts;
    private final CuratedAnswers curated;

    QueryService(TenantService tenants, PipelineRuntimes runtimes, RunWriter runs, Conversations conversations,
                 ObjectMapper json, Clock clock, CorrigoProperties properties, io.corrigo.server.cost.Budgets budgets,
                 io.corrigo.server.cost.Prices prices, io.corrigo.server.knowledge.DocumentTexts texts,
                 CuratedAnswers curated) {
        this.texts = texts;
        this.curated = curated;
        this.budgets = budgets;
        this.prices = prices;
        this.conversations = conversations;
        this.tenants = tenants;
        this.runtimes = runtimes;
        this.runs = runs;
        this.traces = new StoredTraces(json);
        this.clock = clock;
        this.maxQueryChars = properties.maxQueryChars();
    }

    /** Answers {@code question} for {@code tenantId}. @throws ServiceException 404 unknown tenant, 400 bad question */
    public QueryResponse ask(String tenantId, String question) {
        return ask(RunRequest.of(tenantId, question));
    }

    /**
     * Answers a question as every entry point hands it over: a follow-up is condensed against its conversation (a
     * stored thread, whose next turn it is recorded as, or the turns a client sent itself), answered from the passages
     * its filter keeps, its pieces and retrieval decision handed on as they come, and the run recorded with its channel.
     *
     * @throws ServiceException 404 unknown tenant, 400 bad question
     */
    public QueryResponse ask(RunRequest request) {
        String tenantId = request.tenantId();
        String q = validate(tenantId, request.question());
        RunResult result;
        RunRecord record;
        CuratedAnswers.Match match = request.history().isEmpty() ? curated(tenantId, q) : null;
        if (match != null && !match.curated().documents().stream()
                .allMatch(d -> texts.readable(tenantId, d, request.filter().readers()))) {
            match = null; // the asker may not read what it cites: the pipeline answers within the asker's scope
        }
        if (match != null) {
            // an admin's own answer for this question: no model is called, no budget is spent
            TenantPipeline pipeline = runtimes.forTenant(tenantId);
            result = curatedResult(tenantId, q, match, pipeline);
            record = save(request.runId(), tenantId, pipeline, result, request.channel());
        } else {
            try (Lease lease = lease(tenantId)) {
                result = lease.noted(lease.pipeline().pipeline().run(q, request.history(), request.filter(),
                        request.tokens(), request.decisions()));
                record = lease.saved(save(request.runId(), tenantId, lease.pipeline(), result, request.channel()));
            }
        }
        QueryResponse response = response(record, result, request.channel(), request.filter().readers())
                .curated(match == null ? null : QueryResponse.Curated.of(match));
        Conversations.Thread thread = request.thread();
        if (thread == null) {
            return response;
        }
        Condensation condensation = result.trace().condensation();
        // the conversation keeps what the run log keeps: the question and answer as the guardrail left them
        String asked = result.trace().question();
        conversations.record(thread.id(), asked, condensation == null ? asked : condensation.standalone(), record.answer,
                record.id, CitedPassages.of(result.answer(), result.trace()));
        return response.inConversation(thread.id(), thread.visitorToken());
    }

    /** The curated answer a first question matches, or {@code null}. */
    private CuratedAnswers.Match curated(String tenantId, String question) {
        return curated.match(tenantId, question, runtimes.forTenant(tenantId).pipeline().plugins().embeddings())
                .orElse(null);
    }

    /**
     * A curated answer as a run: its text with its documents as citations (markers added when the admin wrote none), or
     * the abstention message for a curated abstention; the trace says which answer, which version, and what matched.
     */
    private RunResult curatedResult(String tenantId, String question, CuratedAnswers.Match match, TenantPipeline pipeline) {
        CorrectivePipeline p = pipeline.pipeline();
        io.corrigo.engine.trace.TraceRecorder trace = new io.corrigo.engine.trace.TraceRecorder(question, p.settings(),
                p.plugins().refs(), clock);
        CuratedAnswer c = match.curated();
        trace.notice(io.corrigo.engine.trace.Stage.GENERATE, String.format(java.util.Locale.ROOT,
                "curated %s %d (version %d) served: the question matched \"%s\" (similarity %.2f)%s",
                c.abstains() ? "abstention" : "answer", c.id(), c.version(), match.phrasing(), match.similarity(),
                c.sourceRun() == null ? "" : "; written from run " + c.sourceRun()), false);
        io.corrigo.api.Answer answer;
        if (c.abstains()) {
            answer = io.corrigo.api.Answer.abstain(io.corrigo.engine.generate.Localized.in(question,
                    io.corrigo.engine.generate.GenerationStage.NOTHING_RELEVANT));
        } else {
            List<io.corrigo.api.Citation> citations = new java.util.ArrayList<>();
            StringBuilder markers = new StringBuilder();
            for (String document : c.documents()) {
                citations.add(new io.corrigo.api.Citation(citations.size() + 1, io.corrigo.api.Source.knowledgeBase(
                        document, curated.title(tenantId, document)), ""));
                markers.append(" [").append(citations.size()).append(']');
            }
            String text = c.answer().matches("(?s).*\\[\\d+\\].*") ? c.answer() : c.answer() + markers;
            answer = new io.corrigo.api.Answer(text, citations, false);
        }
        return new RunResult(answer, trace.finish(answer.abstained()));
    }

    /**
     * The pipeline a question runs on: the active one; under a spent budget, per the tenant's policy, the offline one
     * (DEGRADE: the answer says so) or none (REFUSE); under a REFUSE budget with the answer's expected cost held until
     * it is {@link #saved}. Close it when the question is answered.
     */
    private final class Lease implements AutoCloseable {

        private final TenantPipeline pipeline;
        private final PipelineRuntimes.Preview own;
        private final io.corrigo.server.cost.Budgets.Reservation reservation;
        private boolean settled;

        Lease(TenantPipeline pipeline, PipelineRuntimes.Preview own, io.corrigo.server.cost.Budgets.Reservation reservation) {
            this.pipeline = pipeline;
            this.own = own;
            this.reservation = reservation;
        }

        TenantPipeline pipeline() {
            return pipeline;
        }

        /** Books the saved run's cost against what was held. */
        RunRecord saved(RunRecord record) {
            settled = true;
            budgets.settle(reservation, record.cost == null ? 0 : record.cost);
            return record;
        }

        RunResult noted(RunResult result) {
            if (own == null) {
                return result;
            }
            return new RunResult(result.answer(), result.trace().withNotice(new io.corrigo.engine.trace.Notice(
                    io.corrigo.engine.trace.Stage.GENERATE, "the tenant's monthly budget is spent: answered with the "
                    + "offline plugins only (policy DEGRADE)", true)));
        }

        @Override
        public void close() {
            if (!settled) {
                budgets.settle(reservation, 0); // no run: what was held is free again
            }
            if (own != null) {
                own.close();
            }
        }
    }

    private Lease lease(String tenantId) {
        io.corrigo.server.cost.Budgets.Decision decision = budgets.decide(tenantId);
        if (decision == io.corrigo.server.cost.Budgets.Decision.REFUSE) {
            throw io.corrigo.server.cost.Budgets.exhausted(tenantId);
        }
        if (decision == io.corrigo.server.cost.Budgets.Decision.DEGRADE) {
            PipelineRuntimes.Preview offline = runtimes.offline(tenantId);
            return new Lease(offline.pipeline(), offline, null);
        }
        TenantPipeline pipeline = runtimes.forTenant(tenantId);
        // a typical answer's price until the tenant has model answers to average
        return new Lease(pipeline, null, budgets.reserve(tenantId, prices.typicalAnswer(pipeline.generatorModel()))
                .orElseThrow(() -> io.corrigo.server.cost.Budgets.exhausted(tenantId)));
    }

    /**
     * The graded and refined evidence for {@code question}, without an answer: for front-ends that generate themselves
     * (the retrieval API). Not kept in the run log: no answer was served.
     *
     * @throws ServiceException 404 unknown tenant, 400 bad question
     */
    public CorrectivePipeline.Evidence evidence(String tenantId, String question) {
        return evidence(tenantId, question, PassageFilter.NONE);
    }

    /** As {@link #evidence(String, String)}, from the passages {@code filter} keeps. */
    public CorrectivePipeline.Evidence evidence(String tenantId, String question, PassageFilter filter) {
        String q = validate(tenantId, question);
        return runtimes.forTenant(tenantId).pipeline().evidence(q, List.of(), filter);
    }

    /**
     * The thread a question continues, or a new one: opened before a streamed answer starts, so that a thread that is
     * not the asker's is refused with a status, not in the middle of a stream.
     *
     * @throws ServiceException 404 unknown tenant or a thread that is not the asker's, 400 malformed thread id
     */
    public Conversations.Thread conversation(String tenantId, String conversationId, Conversations.Asker asker) {
        tenants.require(tenantId);
        return conversations.open(tenantId, conversationId, asker);
    }

    /**
     * Answers {@code question} for {@code tenantId} and returns the run as the run log would show it, with its
     * citations and trace (the playground's view), without reading it back.
     *
     * @throws ServiceException 404 unknown tenant, 400 bad question
     */
    public RunView askWithTrace(String tenantId, String question) {
        return askWithTrace(tenantId, question, List.of());
    }

    /**
     * As {@link #askWithTrace(String, String)}, as the next turn after {@code history} (the playground's conversation
     * mode: the follow-up is condensed exactly as a visitor's would be, and the trace shows how).
     *
     * @param history the earlier turns, oldest first, each question as it was typed
     */
    public RunView askWithTrace(String tenantId, String question, List<Turn> history) {
        String q = validate(tenantId, question);
        try (Lease lease = lease(tenantId)) {
            RunResult result = lease.noted(lease.pipeline().pipeline().run(q, history, null));
            RunRecord record = lease.saved(save(UUID.randomUUID().toString(), tenantId, lease.pipeline(), result,
                    RunChannel.PLAYGROUND));
            return RunView.of(record, result.answer().citations(), result.trace());
        }
    }

    /**
     * As {@link #askWithTrace(String, String)}, on {@code version} of the tenant's pipeline (a draft, an earlier
     * release) instead of the active one: the run is kept with that version's number.
     *
     * @throws ServiceException 404 unknown tenant or version, 400 bad question
     */
    public RunView askWithTrace(String tenantId, String question, int version) {
        String q = validate(tenantId, question);
        // a draft's models cost like the active one's: the same budget check and reservation as any answer
        try (Lease lease = lease(tenantId); PipelineRuntimes.Preview preview = runtimes.preview(tenantId, version)) {
            RunResult result = preview.pipeline().pipeline().run(q, null);
            RunRecord record = lease.saved(save(UUID.randomUUID().toString(), tenantId, preview.pipeline(), result,
                    RunChannel.PLAYGROUND));
            return RunView.of(record, result.answer().citations(), result.trace());
        }
    }

    /**
     * Checks a question before answering it (so a streaming response can fail cleanly before it starts).
     * @return the question, stripped
     * @throws ServiceException 404 unknown tenant, 400 bad question
     */
    public String validate(String tenantId, String question) {
        tenants.require(tenantId);
        String q = question == null ? "" : question.strip();
        if (q.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.EMPTY_QUESTION, "The question is empty.");
        }
        if (q.length() > maxQueryChars) {
            throw ServiceException.invalid(ErrorCode.QUESTION_TOO_LONG,
                    "The question has " + q.length() + " characters; at most " + maxQueryChars + " are accepted.");
        }
        return q;
    }

    private RunRecord save(String runId, String tenantId, TenantPipeline pipeline, RunResult result, RunChannel channel) {
        RunRecord r = new RunRecord();
        r.channel = channel.name();
        r.keyId = channel.keyId();
        r.id = runId;
        r.tenantId = tenantId;
        r.pipelineVersion = pipeline.version();
        r.question = result.trace().question();
        r.mode = result.trace().settings().mode().name();
        r.action = result.trace().action() == null ? null : result.trace().action().name();
        r.abstained = result.answer().abstained();
        r.degraded = result.degraded();
        // the run log keeps the answer as the guardrail leaves it (the question already is: the trace never saw it whole)
        io.corrigo.engine.guard.GuardStage.Logged logged = pipeline.pipeline().guard().forLog(result.answer(), result.trace());
        r.answer = logged.answer().text();
        r.totalMillis = result.trace().totalMillis();
        r.createdAt = clock.instant();
        r.fallback = !result.trace().searchResults().isEmpty() || result.trace().rewrittenQuery() != null;
        io.corrigo.api.TokenUsage usage = result.trace().generatorUsage();
        if (usage != null && usage.totalTokens() > 0) {
            r.inputTokens = usage.inputTokens();
            r.outputTokens = usage.outputTokens();
            r.model = pipeline.generatorModel();
            r.cost = prices.cost(pipeline.generatorModel(), usage);
        }
        CritiqueRound served = io.corrigo.engine.confidence.AnswerConfidence.served(result.trace().rounds());
        if (served != null && !result.answer().abstained()) {
            r.support = served.support();
            r.usefulness = served.usefulness();
        }
        r.trace = traces.write(logged.answer(), logged.trace());
        runs.write(r); // off the request path; readable at once through the run log
        return r;
    }

    private QueryResponse.CitationView citation(RunRecord run, io.corrigo.api.Citation c, RunChannel channel,
                                                java.util.Set<String> readers) {
        QueryResponse.CitationView plain = new QueryResponse.CitationView(c.number(), c.source().label(),
                c.source().documentId(), c.source().uri(), c.source().origin().name(), c.quote(), null, null, null, null);
        if (c.source().origin() != io.corrigo.api.Origin.KNOWLEDGE_BASE) {
            return plain;
        }
        return texts.locate(run.tenantId, c.source().documentId(), c.quote(), readers).map(at -> {
            String opens = switch (channel.name()) {
                case "widget" -> "/public/v1/runs/" + run.id + "/sources/" + c.number();
                case "openai" -> "/v1/documents/" + at.documentId() + "/source?start=" + at.start() + "&end=" + at.end();
                case "mcp" -> "corrigo://documents/" + at.documentId() + "/source/" + at.start() + "/" + at.end();
                default -> "/api/v1/tenants/" + run.tenantId + "/documents/" + at.documentId() + "/source?start="
                        + at.start() + "&end=" + at.end();
            };
            return new QueryResponse.CitationView(c.number(), c.source().label(), c.source().documentId(),
                    c.source().uri(), c.source().origin().name(), c.quote(), at.page(), at.section(),
                    new QueryResponse.Span(at.start(), at.end()), opens);
        }).orElse(plain);
    }

    /**
     * The answer as the API shows it: each knowledge-base citation located in its document (span, section, page) with
     * the address where the caller opens it ({@code readers}: the caller's groups, {@code null} for an admin).
     */
    private QueryResponse response(RunRecord r, RunResult result, RunChannel channel, java.util.Set<String> readers) {
        // an abstention cites nothing: what was searched and what the sources cover go in its refusal
        List<QueryResponse.CitationView> citations = r.abstained ? List.of() : result.answer().citations().stream()
                .map(c -> citation(r, c, channel, readers))
                .toList();
        List<String> notices = result.trace().notices().stream()
                .map(n -> n.stage().name().toLowerCase() + ": " + n.message()).toList();
        // the asker gets the answer as served; the log keeps it as the guardrail left it
        return new QueryResponse(r.id, r.tenantId, r.pipelineVersion, result.answer().text(), r.abstained, citations, r.action,
                r.degraded, result.trace().incomplete(), notices, r.totalMillis, "/api/v1/tenants/" + r.tenantId + "/runs/" + r.id,
                null, null, result.trace().generatorUsage(), QueryResponse.Reading.of(result.trace().condensation()),
                QueryResponse.Confidence.of(io.corrigo.engine.confidence.AnswerConfidence.of(result.answer(),
                        result.trace(), result.trace().settings().confidenceHigh())), null,
                r.abstained ? io.corrigo.engine.confidence.Refusal.of(result.trace()) : null);
    }
}
