package io.corrigo.server.run;

import io.corrigo.server.problem.ErrorCode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.api.Citation;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.problem.ServiceException;
import jakarta.persistence.criteria.Predicate;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.domain.Specification;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The run log: read runs (always within their tenant), filter and page them, take user feedback, export them as
 * JSON Lines for evaluator calibration, and prune runs older than the retention period.
 */
@Service
public class RunLog {

    private static final Logger log = LoggerFactory.getLogger(RunLog.class);
    private static final Set<String> ACTIONS = Set.of("CORRECT", "AMBIGUOUS", "INCORRECT", "NAIVE");
    private static final Set<String> RATINGS = Set.of("helpful", "not_helpful");
    static final int MAX_COMMENT = 2000;
    public static final int MAX_PAGE_SIZE = 200;

    private final RunRepository runs;
    private final RunWriter writes;
    private final TenantService tenants;
    private final ObjectMapper json;
    private final StoredTraces traces;
    private final Clock clock;
    private final Duration retention;

    private final RunRollups rollups;
    private final io.corrigo.server.knowledge.DocumentTexts texts;
    private final org.springframework.beans.factory.ObjectProvider<io.corrigo.server.pipeline.PipelineRuntimes> runtimes;

    RunLog(RunRepository runs, RunWriter writes, RunRollups rollups, TenantService tenants, ObjectMapper json, Clock clock,
           CorrigoProperties properties, io.corrigo.server.knowledge.DocumentTexts texts,
           org.springframework.beans.factory.ObjectProvider<io.corrigo.server.pipeline.PipelineRuntimes> runtimes) {
        this.texts = texts;
        this.runtimes = runtimes;
        this.rollups = rollups;
        this.runs = runs;
        this.writes = writes;
        this.tenants = tenants;
        this.json = json;
        this.traces = new StoredTraces(json);
        this.clock = clock;
        this.retention = Duration.ofDays(properties.runs().retentionDays());
    }

    /** A run of {@code tenantId} with its trace. @throws ServiceException 404, also when the run is another tenant's */
    @Transactional(readOnly = true)
    public RunView run(String tenantId, String runId) {
        tenants.require(tenantId);
        writes.awaitWritten(runId);
        return runs.findByIdAndTenantId(runId, tenantId).map(this::view)
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.RUN_NOT_FOUND, "No run '" + runId + "' for tenant '" + tenantId + "'."));
    }

    /**
     * Source {@code number} of a run of {@code tenantId}: the passage it cites, from the run's trace, the quoted
     * sentences marked. @throws ServiceException 404 for another tenant's run, an unknown run or number
     */
    @Transactional(readOnly = true)
    public SourceView source(String tenantId, String runId, int number) {
        return source(run(tenantId, runId), number, null);
    }

    /**
     * Source {@code number} of a run asked with key {@code keyId}, for a reader of {@code readers} (the key's groups):
     * 404 for a run another key asked, and for a knowledge-base source the reader may no longer read.
     */
    @Transactional(readOnly = true)
    public SourceView source(String tenantId, String runId, int number, String keyId, java.util.Set<String> readers) {
        RunView run = run(tenantId, runId);
        if (keyId == null || !keyId.equals(run.keyId())) {
            throw ServiceException.notFound(ErrorCode.RUN_NOT_FOUND, "No run '" + runId + "' for this key.");
        }
        return source(run, number, readers);
    }

    private SourceView source(RunView run, int number, java.util.Set<String> readers) {
        String runId = run.id();
        String tenantId = run.tenant();
        Citation citation = run.citations() == null ? null : run.citations().stream()
                .filter(c -> c.number() == number).findFirst().orElse(null);
        if (citation == null) {
            throw ServiceException.notFound(ErrorCode.SOURCE_NOT_FOUND, "Run '" + runId + "' has no source " + number + ".");
        }
        List<SourceView.Sentence> sentences = new ArrayList<>();
        RunTrace trace = run.trace();
        if (trace != null) {
            String passage = java.util.stream.Stream.concat(trace.retrieved().stream(), trace.searchResults().stream())
                    .filter(p -> p.kept() && p.documentId().equals(citation.source().documentId()))
                    .map(io.corrigo.engine.trace.PassageTrace::id)
                    .filter(id -> trace.strips().stream().anyMatch(s -> s.passageId().equals(id)))
                    .findFirst().orElse(null);
            trace.strips().stream().filter(s -> s.passageId().equals(passage))
                    .sorted(java.util.Comparator.comparingInt(io.corrigo.engine.trace.StripTrace::index))
                    .map(s -> s.text().strip()).distinct()
                    .forEach(text -> sentences.add(new SourceView.Sentence(text, quotes(citation.quote(), text))));
        }
        if (sentences.stream().noneMatch(SourceView.Sentence::quoted) && citation.quote() != null) {
            sentences.clear(); // the trace kept no sentences of it (a naive run): the quote alone
            sentences.add(new SourceView.Sentence(citation.quote(), true));
        }
        SourceView.InDocument document = null;
        if (citation.source().origin() == io.corrigo.api.Origin.KNOWLEDGE_BASE) {
            var located = texts.locate(tenantId, citation.source().documentId(), citation.quote(), readers);
            if (readers != null && located.isEmpty() && !texts.readable(tenantId, citation.source().documentId(), readers)) {
                throw ServiceException.notFound(ErrorCode.SOURCE_NOT_FOUND, "Run '" + runId + "' has no source " + number + ".");
            }
            document = located.map(at -> {
                var opened = texts.source(tenantId, at.documentId(), at.start(), at.end(), readers);
                return new SourceView.InDocument(at.documentId(), opened.page(), opened.pages(), opened.section(),
                        at.start(), at.end(), opened.before(), opened.quoted(), opened.after());
            }).orElse(null);
        }
        return new SourceView(number, citation.source().title() == null ? citation.source().documentId()
                : citation.source().title(), citation.source().origin().name(), citation.source().uri(), sentences,
                document);
    }

    private static boolean quotes(String quote, String sentence) {
        if (quote == null || quote.isBlank()) {
            return false;
        }
        String q = quote.replaceAll("\\s+", " ").strip();
        String s = sentence.replaceAll("\\s+", " ").strip();
        return q.contains(s) || s.contains(q);
    }

    /** A run by id alone. @throws ServiceException 404 */
    @Transactional(readOnly = true)
    public RunView run(String runId) {
        writes.awaitWritten(runId);
        return runs.findById(runId).map(this::view)
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.RUN_NOT_FOUND, "No run '" + runId + "'."));
    }

    /** Runs {@code action} once the current transaction has committed (at once without one). */
    private static void afterCommit(Runnable action) {
        if (!org.springframework.transaction.support.TransactionSynchronizationManager.isSynchronizationActive()) {
            action.run();
            return;
        }
        org.springframework.transaction.support.TransactionSynchronizationManager.registerSynchronization(
                new org.springframework.transaction.support.TransactionSynchronization() {
                    @Override
                    public void afterCommit() {
                        action.run();
                    }
                });
    }

    /** Waits until every run queued for writing so far is in the database (before a tenant's runs are deleted). */
    public void flushWrites() {
        writes.awaitAll();
    }

    /** How many runs the tenant served through API key {@code keyId} in the last hour (what revoking it stops). */
    public long keyRunsLastHour(String tenantId, String keyId) {
        tenants.require(tenantId);
        return runs.countByTenantIdAndKeyIdAndCreatedAtGreaterThanEqual(tenantId, keyId,
                clock.instant().minus(Duration.ofHours(1)));
    }

    /** The tenant's runs matching {@code filter}, newest first, without traces. */
    @Transactional(readOnly = true)
    public RunPage list(String tenantId, RunFilter filter, int page, int size) {
        tenants.require(tenantId);
        if (page < 0 || size < 1 || size > MAX_PAGE_SIZE) {
            throw ServiceException.invalid(ErrorCode.INVALID_PAGING, "page must be ≥ 0 and size between 1 and " + MAX_PAGE_SIZE + ".");
        }
        writes.awaitAll();
        Page<RunRecord> found = runs.findAll(matching(tenantId, filter),
                PageRequest.of(page, size, Sort.by(Sort.Direction.DESC, "createdAt")));
        return new RunPage(found.stream().map(RunView::summary).toList(), page, size, found.getTotalElements());
    }

    /**
     * Stores a rating of a run. With {@code keyId} (a visitor's key), a run asked through another key (or by an admin)
     * is not found; {@code null} for an admin. The comment is kept as the tenant's guardrail leaves it, like the
     * question. @throws ServiceException 400 for a bad rating, 404 for another tenant's (or key's) run
     */
    @Transactional
    public RunView feedback(String tenantId, String runId, String rating, String comment, String keyId) {
        tenants.require(tenantId);
        if (rating == null || !RATINGS.contains(rating)) {
            throw ServiceException.invalid(ErrorCode.INVALID_RATING, "rating must be 'helpful' or 'not_helpful'.");
        }
        if (comment != null && comment.length() > MAX_COMMENT) {
            throw ServiceException.invalid(ErrorCode.COMMENT_TOO_LONG, "A comment has at most " + MAX_COMMENT + " characters.");
        }
        writes.awaitWritten(runId);
        RunRecord run = runs.findByIdAndTenantId(runId, tenantId)
                .filter(r -> keyId == null || keyId.equals(r.keyId))
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.RUN_NOT_FOUND, "No run '" + runId + "' for tenant '" + tenantId + "'."));
        String before = run.feedback;
        run.feedback = rating;
        afterCommit(() -> rollups.feedbackChanged(run, before));
        run.feedbackComment = comment == null || comment.isBlank() ? null
                : runtimes.getObject().forTenant(tenantId).pipeline().guard().visitorText(comment.strip());
        run.feedbackAt = clock.instant();
        return RunView.summary(runs.save(run));
    }

    /** Writes the matching runs with their traces as JSON Lines, oldest first, page by page. */
    @Transactional(readOnly = true)
    public void export(String tenantId, RunFilter filter, OutputStream out) throws IOException {
        tenants.require(tenantId);
        writes.awaitAll();
        int page = 0;
        Page<RunRecord> batch;
        do {
            batch = runs.findAll(matching(tenantId, filter), PageRequest.of(page++, 200, Sort.by("createdAt", "id")));
            for (RunRecord r : batch) {
                ObjectNode line = json.valueToTree(view(r));
                line.put("feedback", r.feedback);
                line.put("feedbackComment", r.feedbackComment);
                out.write(json.writeValueAsString(line).getBytes(StandardCharsets.UTF_8));
                out.write('\n');
            }
            out.flush();
        } while (batch.hasNext());
    }

    /** Deletes runs older than the retention period ({@code corrigo.runs.retention-days}); daily at 03:17. */
    @Scheduled(cron = "0 17 3 * * *")
    @Transactional
    public int prune() {
        int deleted = runs.deleteCreatedBefore(clock.instant().minus(retention));
        rollups.forgetQuestionsBefore(clock.instant().minus(retention)); // question texts go with the runs; sums stay
        if (deleted > 0) {
            log.info("Pruned {} run(s) older than {} days", deleted, retention.toDays());
        }
        return deleted;
    }

    /** The longest text a run search takes. */
    static final int MAX_SEARCH = 200;

    private static Specification<RunRecord> matching(String tenantId, RunFilter f) {
        if (f.action() != null && !ACTIONS.contains(f.action())) {
            throw ServiceException.invalid(ErrorCode.INVALID_FILTER, "action must be one of " + ACTIONS + ".");
        }
        if (f.feedback() != null && !Set.of("helpful", "not_helpful", "any", "none").contains(f.feedback())) {
            throw ServiceException.invalid(ErrorCode.INVALID_FILTER, "feedback must be helpful, not_helpful, any or none.");
        }
        if (f.q() != null && f.q().length() > MAX_SEARCH) {
            throw ServiceException.invalid(ErrorCode.INVALID_FILTER, "q (the text searched for) has at most " + MAX_SEARCH + " characters.");
        }
        return (root, query, cb) -> {
            List<Predicate> where = new ArrayList<>();
            where.add(cb.equal(root.get("tenantId"), tenantId));
            if ("NAIVE".equals(f.action())) {
                where.add(cb.equal(root.get("mode"), "NAIVE"));
            } else if (f.action() != null) {
                where.add(cb.equal(root.get("action"), f.action()));
            }
            if (f.degraded() != null) {
                where.add(cb.equal(root.get("degraded"), f.degraded()));
            }
            if (f.q() != null && !f.q().isBlank()) {
                // every word, in the question or in the answer, in any case
                for (String word : f.q().strip().toLowerCase(java.util.Locale.ROOT).split("\\s+")) {
                    String pattern = "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
                    where.add(cb.or(cb.like(cb.lower(root.get("question")), pattern, '\\'),
                            cb.like(cb.lower(root.get("answer")), pattern, '\\')));
                }
            }
            if (f.from() != null) {
                where.add(cb.greaterThanOrEqualTo(root.get("createdAt"), f.from()));
            }
            if (f.to() != null) {
                where.add(cb.lessThan(root.get("createdAt"), f.to()));
            }
            if ("any".equals(f.feedback())) {
                where.add(cb.isNotNull(root.get("feedback")));
            } else if ("none".equals(f.feedback())) {
                where.add(cb.isNull(root.get("feedback")));
            } else if (f.feedback() != null) {
                where.add(cb.equal(root.get("feedback"), f.feedback()));
            }
            return cb.and(where.toArray(Predicate[]::new));
        };
    }

    /**
     * The run with its citations and trace, read back (and upgraded from an earlier schema) into the records the
     * pipeline writes. A trace this version cannot read (a newer schema) leaves the run without one, logged, rather
     * than unreadable.
     */
    private RunView view(RunRecord r) {
        try {
            StoredTraces.Read stored = traces.read(r.trace);
            return RunView.of(r, stored.citations(), stored.trace());
        } catch (RuntimeException e) {
            log.warn("Run {}: its stored trace cannot be read by this version ({}); shown without it", r.id, e.toString());
            return RunView.of(r, List.of(), null);
        }
    }
}
