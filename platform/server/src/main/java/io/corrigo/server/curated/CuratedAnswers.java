package io.corrigo.server.curated;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.server.Sql;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.tenant.TenantService;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Service;

/**
 * A tenant's curated answers (Dify's "annotation replies"): written, changed and deleted by an admin, each change a new
 * version in the audit log; and matched against every new first question. A question matches a curated answer when
 * its embedding is within {@link #SIMILARITY} of the question's or a variant's, neither names what the other does not
 * (a number, a name, a hyphenated qualifier such as "part-time"), and it adds at most {@link #NEW_WORDS} content word:
 * "How many days off do part-time staff get?" is not "… full-time staff …", nor is "How many days of sick leave …"
 * "How many days of paid time off …", however alike they read to an embedding. An admin adds variants for the
 * wordings that should match and do not.
 */
@Service
public class CuratedAnswers {

    /**
     * The least cosine similarity of a question to a curated phrasing for a match. With all-MiniLM-L6-v2 a re-worded
     * paraphrase ("How many days off do full-time employees get each year?" for "How many days of paid time off do
     * full-time employees get?") scores about 0.85, while a question that changes one qualifier ("… part-time …")
     * scores 0.92: the similarity admits candidates, the checks of what the question names decide.
     */
    public static final double SIMILARITY = 0.80;

    /** How many content words a question may add to a curated phrasing and still ask the same ("each year"). */
    static final int NEW_WORDS = 1;

    static final int MAX_QUESTION = 1000;
    static final int MAX_VARIANTS = 20;
    static final int MAX_ANSWER = 8000;
    static final int MAX_DOCUMENTS = 10;

    /** A number, a hyphenated word, or a capitalised word after the first: what a paraphrase keeps. */
    private static final Pattern DISTINGUISHING = Pattern.compile("\\p{N}[\\p{N}.,]*|\\p{L}+(?:-\\p{L}+)+|(?<=\\s)\\p{Lu}\\p{L}+");

    /**
     * A curated answer matched by a question.
     *
     * @param curated    the answer
     * @param phrasing   the question or variant it matched
     * @param similarity the cosine similarity to it
     */
    public record Match(CuratedAnswer curated, String phrasing, double similarity) {
    }

    private final JdbcTemplate jdbc;
    private final TenantService tenants;
    private final AuditLog audit;
    private final Clock clock;
    /** Embeddings of phrasings by embedding model, curated id and version: a changed answer is embedded anew. */
    private final io.corrigo.server.Recently<String, List<Embedding>> embedded =
            new io.corrigo.server.Recently<>(java.time.Duration.ofHours(1), 10_000);

    CuratedAnswers(JdbcTemplate jdbc, TenantService tenants, AuditLog audit, Clock clock) {
        this.jdbc = jdbc;
        this.tenants = tenants;
        this.audit = audit;
        this.clock = clock;
    }

    /** The tenant's curated answers, newest first. @throws ServiceException 404 unknown tenant */
    public List<CuratedAnswer> list(String tenantId) {
        tenants.require(tenantId);
        return jdbc.query(SELECT + " WHERE tenant_id = ? ORDER BY id DESC", ROW, tenantId);
    }

    /** One curated answer. @throws ServiceException 404 unknown tenant or answer */
    public CuratedAnswer get(String tenantId, long id) {
        tenants.require(tenantId);
        return jdbc.query(SELECT + " WHERE tenant_id = ? AND id = ?", ROW, tenantId, id).stream().findFirst()
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.CURATED_NOT_FOUND,
                        "Tenant '" + tenantId + "' has no curated answer " + id + "."));
    }

    /**
     * Writes a new curated answer. @throws ServiceException 400 with every problem of the draft, 404 unknown tenant
     */
    public CuratedAnswer create(String tenantId, CuratedAnswer.Draft draft, String actor) {
        tenants.require(tenantId);
        CuratedAnswer.Draft clean = checked(tenantId, draft);
        Instant now = clock.instant();
        jdbc.update("INSERT INTO curated_answer (tenant_id, version, question, variants, answer, documents, source_run, "
                        + "updated_by, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?)", tenantId,
                clean.question(), lines(clean.variants()), clean.answer(), lines(clean.documents()), clean.sourceRun(),
                actor, Sql.utc(now), Sql.utc(now));
        CuratedAnswer created = jdbc.query(SELECT + " WHERE tenant_id = ? ORDER BY id DESC", ROW, tenantId).get(0);
        audit.record("curated.create", tenantId, Long.toString(created.id()), null, created);
        return created;
    }

    /** Writes the next version of a curated answer. @throws ServiceException 400 bad draft, 404 unknown answer */
    public CuratedAnswer update(String tenantId, long id, CuratedAnswer.Draft draft, String actor) {
        CuratedAnswer before = get(tenantId, id);
        CuratedAnswer.Draft clean = checked(tenantId, draft);
        jdbc.update("UPDATE curated_answer SET version = version + 1, question = ?, variants = ?, answer = ?, documents = ?, "
                        + "source_run = ?, updated_by = ?, updated_at = ? WHERE tenant_id = ? AND id = ?", clean.question(),
                lines(clean.variants()), clean.answer(), lines(clean.documents()),
                clean.sourceRun() == null ? before.sourceRun() : clean.sourceRun(), actor, Sql.utc(clock.instant()),
                tenantId, id);
        CuratedAnswer after = get(tenantId, id);
        audit.record("curated.update", tenantId, Long.toString(id), before, after);
        return after;
    }

    /** Deletes a curated answer. @throws ServiceException 404 unknown answer */
    public void delete(String tenantId, long id) {
        CuratedAnswer before = get(tenantId, id);
        jdbc.update("DELETE FROM curated_answer WHERE tenant_id = ? AND id = ?", tenantId, id);
        audit.record("curated.delete", tenantId, Long.toString(id), before, null);
    }

    /**
     * The curated answer {@code question} matches best, if any: the closest phrasing at or above {@link #SIMILARITY}
     * that names nothing the question does not, and the other way round. Never throws for an embedding failure: the
     * pipeline then answers as usual.
     */
    public Optional<Match> match(String tenantId, String question, EmbeddingService embeddings) {
        // read on every first question (one indexed query): a change, or the tenant's deletion, counts at once
        List<CuratedAnswer> all = jdbc.query(SELECT + " WHERE tenant_id = ?", ROW, tenantId);
        if (all.isEmpty()) {
            return Optional.empty();
        }
        try {
            Embedding asked = embeddings.embed(question);
            Match best = null;
            for (CuratedAnswer curated : all) {
                List<String> phrasings = curated.phrasings();
                List<Embedding> vectors = embedded.get(embeddings.modelId() + "|" + tenantId + "|" + curated.id() + "|"
                        + curated.version(), k -> embeddings.embedAll(phrasings));
                for (int i = 0; i < phrasings.size(); i++) {
                    double similarity = asked.cosine(vectors.get(i));
                    if (similarity >= SIMILARITY && (best == null || similarity > best.similarity())
                            && !conflict(question, phrasings.get(i))) {
                        best = new Match(curated, phrasings.get(i), similarity);
                    }
                }
            }
            return Optional.ofNullable(best);
        } catch (RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(CuratedAnswers.class).warn("Curated answers of {} not matched: {}",
                    tenantId, e.toString());
            return Optional.empty();
        }
    }

    /**
     * Whether {@code question} asks something else than {@code phrasing}: one names a number, a name or a hyphenated
     * qualifier the other does not, or the question adds more than {@link #NEW_WORDS} content words.
     */
    static boolean conflict(String question, String phrasing) {
        if (!words(phrasing).containsAll(distinguishing(question)) || !words(question).containsAll(distinguishing(phrasing))) {
            return true; // one names what the other does not ("Hepatitis" and "hepatitis" are one name)
        }
        Set<String> known = new HashSet<>();
        io.corrigo.api.text.Terms.contentTerms(phrasing).forEach(t -> known.add(stem(t)));
        long added = io.corrigo.api.text.Terms.contentTerms(question).stream().map(CuratedAnswers::stem)
                .distinct().filter(t -> !known.contains(t)).count();
        return added > NEW_WORDS;
    }

    /** A word without a plural or third-person "s": "employees" and "employee" are one word here. */
    private static String stem(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w;
    }

    /** The text's words, lower-cased, with their trailing dots and commas removed. */
    private static Set<String> words(String text) {
        Set<String> words = new HashSet<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[\\s?!;:()\"]+")) {
            words.add(w.replaceAll("[.,]+$", ""));
        }
        return words;
    }

    private static Set<String> distinguishing(String text) {
        Set<String> found = new HashSet<>();
        Matcher m = DISTINGUISHING.matcher(" " + text.strip());
        while (m.find()) {
            found.add(m.group().toLowerCase(Locale.ROOT).replaceAll("[.,]+$", ""));
        }
        return found;
    }

    private CuratedAnswer.Draft checked(String tenantId, CuratedAnswer.Draft draft) {
        if (draft == null) {
            throw ServiceException.invalid(ErrorCode.INVALID_CURATED, "A curated answer needs a question and an answer.");
        }
        List<String> problems = new ArrayList<>();
        String question = draft.question() == null ? "" : draft.question().strip();
        if (question.isEmpty()) {
            problems.add("question: required");
        } else if (question.length() > MAX_QUESTION) {
            problems.add("question: at most " + MAX_QUESTION + " characters");
        }
        List<String> variants = draft.variants() == null ? List.of() : draft.variants().stream()
                .map(v -> v == null ? "" : v.strip()).filter(v -> !v.isEmpty()).distinct().toList();
        if (variants.size() > MAX_VARIANTS) {
            problems.add("variants: at most " + MAX_VARIANTS);
        }
        if (variants.stream().anyMatch(v -> v.length() > MAX_QUESTION || v.contains("\n"))) {
            problems.add("variants: each one line of at most " + MAX_QUESTION + " characters");
        }
        boolean abstain = Boolean.TRUE.equals(draft.abstain());
        String answer = draft.answer() == null || draft.answer().isBlank() ? null : draft.answer().strip();
        if (abstain && answer != null) {
            problems.add("answer: a curated abstention has no answer text");
        } else if (!abstain && answer == null) {
            problems.add("answer: required (or abstain: true to decline the question)");
        } else if (answer != null && answer.length() > MAX_ANSWER) {
            problems.add("answer: at most " + MAX_ANSWER + " characters");
        }
        List<String> documents = draft.documents() == null ? List.of() : draft.documents().stream()
                .filter(d -> d != null && !d.isBlank()).map(String::strip).distinct().toList();
        if (abstain && !documents.isEmpty()) {
            problems.add("documents: a curated abstention cites nothing");
        }
        if (documents.size() > MAX_DOCUMENTS) {
            problems.add("documents: at most " + MAX_DOCUMENTS);
        }
        for (String document : documents) {
            Integer found = jdbc.queryForObject("SELECT COUNT(*) FROM document WHERE tenant_id = ? AND id = ?",
                    Integer.class, tenantId, document);
            if (found == null || found == 0) {
                problems.add("documents: tenant '" + tenantId + "' has no document '" + document + "'");
            }
        }
        String run = draft.sourceRun() == null || draft.sourceRun().isBlank() ? null : draft.sourceRun().strip();
        if (run != null) {
            Integer found = jdbc.queryForObject("SELECT COUNT(*) FROM run WHERE tenant_id = ? AND id = ?", Integer.class,
                    tenantId, run);
            if (found == null || found == 0) {
                problems.add("sourceRun: tenant '" + tenantId + "' has no run '" + run + "'");
            }
        }
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_CURATED, "The curated answer cannot be saved: "
                    + String.join("; ", problems) + ".");
        }
        return new CuratedAnswer.Draft(question, variants, answer, abstain, documents, run);
    }

    /** The title of a document of the tenant, for a citation; its id when it has gone. */
    public String title(String tenantId, String documentId) {
        return jdbc.query("SELECT name FROM document WHERE tenant_id = ? AND id = ?", (rs, n) -> rs.getString(1),
                tenantId, documentId).stream().findFirst().orElse(documentId);
    }

    private static String lines(List<String> values) {
        return values.isEmpty() ? null : String.join("\n", values);
    }

    private static List<String> split(String value) {
        return value == null || value.isEmpty() ? List.of() : Arrays.asList(value.split("\n"));
    }

    private static final String SELECT = "SELECT id, version, question, variants, answer, documents, source_run, "
            + "updated_by, created_at, updated_at FROM curated_answer";

    private static final RowMapper<CuratedAnswer> ROW = (rs, n) -> new CuratedAnswer(rs.getLong(1), rs.getInt(2),
            rs.getString(3), split(rs.getString(4)), rs.getString(5), split(rs.getString(6)), rs.getString(7),
            rs.getString(8), rs.getObject(9, OffsetDateTime.class).toInstant(),
            rs.getObject(10, OffsetDateTime.class).toInstant());
}
