package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.Embedding;
import io.corrigo.api.Grade;
import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.api.answer.Sufficiency;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Judgement;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Strip;
import io.corrigo.api.text.Boilerplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * CRAG's retrieval evaluator, offline: the probability that a passage <em>answers</em> the question, from the
 * fitted {@link AnswerhoodModel} over {@link AnswerFeatures}. The pipeline's thresholds cut the probability into
 * CORRECT / AMBIGUOUS / INCORRECT; the reason in the trace lists the probability and the features that carried it.
 * Sentences (refinement's strips) are scored by the model's sentence head: a strip is kept when it carries the
 * answer, not when it resembles the question.
 *
 * <p><b>Sufficiency gate</b> (on unless switched off): a passage that lacks what the question asks
 * ({@link Sufficiency}: no candidate of the asked type bound to its focus, or an anchor or place of the question it
 * never mentions) is graded INCORRECT whatever its probability and the pipeline's thresholds: a passage about the
 * topic without the asked detail is no answer. A sentence that holds an accepted candidate scores at least
 * {@link #CANDIDATE_FLOOR}; one without scores half its probability, so refinement keeps the answering sentence.
 *
 * <p><b>Answer reader</b> (on unless switched off): for a question whose type the gate checks (a figure, a date, a
 * name), a passage that passes the gate and scores at least {@link #READ_FLOOR} is also read by the
 * {@link AnswerReader}; below its margin threshold the reader
 * finds no answer there and the passage is graded INCORRECT (a near miss: a candidate of the asked type that answers
 * another question). Questions about two named things at once are left to the gate. The reader's span is in the
 * trace.
 *
 * <p>Passages without precomputed strips or embeddings (search results a caller did not embed) are split and
 * embedded with the host's service.
 */
final class AnswerhoodEvaluator implements RetrievalEvaluator {

    /** A sentence holding an accepted candidate scores at least this. */
    static final double CANDIDATE_FLOOR = 0.5;
    /**
     * Passages the model gives less than this are not read: below any sensible lower threshold they are INCORRECT
     * anyway, and reading them would cost the reader's time on most of a question's top passages.
     */
    static final double READ_FLOOR = 0.03;
    /** The answer check reads at most this many sentences of a passage when grading it (the most like the question). */
    static final int CHECKED_SENTENCES = 3;
    /** A passage failing the gate scores at most this. */
    static final double LACKING_CAP = 0.01;

    private final AnswerhoodModel model;
    private final EmbeddingService embeddings;
    private final boolean gate;
    private final java.util.function.Supplier<AnswerReader> reader;
    private final double readerThreshold;
    private final double readFloor;
    /** Why the reader cannot run here, once it failed to load; {@code null} while it works. */
    private volatile String readerProblem;
    private final Recent<Scoring> recent = new Recent<>(64);
    private final Recent<Checked> checkedStrips = new Recent<>(64);
    private final java.util.function.Supplier<AnswerCheck> check;
    private final double checkThreshold;
    /** Why the check cannot run here, once it failed to load; {@code null} while it works. */
    private volatile String checkProblem;

    private final Recent<Question> questions = new Recent<>(32);

    AnswerhoodEvaluator(AnswerhoodModel model, EmbeddingService embeddings) {
        this(model, embeddings, true, null, 0);
    }

    /**
     * @param gate            whether passages lacking the asked detail are graded INCORRECT (the sufficiency gate)
     * @param reader          the answer reader (loaded on first use), or {@code null} to grade without it
     * @param readerThreshold the reader's margin below which a passage holds no answer
     */
    AnswerhoodEvaluator(AnswerhoodModel model, EmbeddingService embeddings, boolean gate,
                        java.util.function.Supplier<AnswerReader> reader, double readerThreshold) {
        this(model, embeddings, gate, reader, readerThreshold, READ_FLOOR);
    }

    /** @param readFloor the model's probability below which a passage is not read ({@link #READ_FLOOR} as shipped) */
    AnswerhoodEvaluator(AnswerhoodModel model, EmbeddingService embeddings, boolean gate,
                        java.util.function.Supplier<AnswerReader> reader, double readerThreshold, double readFloor) {
        this(model, embeddings, gate, reader, readerThreshold, readFloor, null, 0);
    }

    /**
     * @param check          the answer check (loaded on first use), or {@code null} to grade without it; with it, the
     *                       reader no longer grades
     * @param checkThreshold the check's probability a sentence needs to be accepted
     */
    AnswerhoodEvaluator(AnswerhoodModel model, EmbeddingService embeddings, boolean gate,
                        java.util.function.Supplier<AnswerReader> reader, double readerThreshold, double readFloor,
                        java.util.function.Supplier<AnswerCheck> check, double checkThreshold) {
        this.model = model;
        this.embeddings = embeddings;
        this.gate = gate;
        this.reader = reader;
        this.readerThreshold = readerThreshold;
        this.readFloor = readFloor;
        this.check = check;
        this.checkThreshold = checkThreshold;
    }

    @Override
    public double score(Query query, Passage passage) {
        return judge(query, passage).score();
    }

    @Override
    public Judgement judge(Query query, Passage passage) {
        AnswerFeatures features = features(query);
        Passage embedded = embedded(passage);
        List<String> sentences = embedded.strips().stream().map(Strip::text).toList();
        List<Embedding> vectors = embedded.strips().stream().map(Strip::embedding).toList();
        double[] x = features.passage(embedded.text(), embedded.embedding(), sentences, vectors);
        double p = model.passage().probability(x);
        QuestionAnalysis analysis = question(query).analysis();
        if (!gate || !analysis.structural()) {
            return check != null ? checked(query, embedded, sentences, p, x, "") : new Judgement(p, null, explain(p, x));
        }
        Sufficiency.Verdict verdict = Sufficiency.ofPassage(analysis, withTitle(embedded), sentences);
        if (verdict.lacking()) {
            return new Judgement(Math.min(p, LACKING_CAP), Grade.INCORRECT, "insufficient (asked: " + asked(analysis)
                    + "): " + verdict.reason() + "; " + explain(p, x));
        }
        if (check != null) {
            return checked(query, embedded, sentences, p, x, analysis.type() + ", " + verdict.reason() + "; ");
        }
        String read = "";
        // a question about two named things confuses a reader trained on one answer: the parts are the gate's business;
        // a plain "where" is often answered by a phrase ("by the beta cells of the pancreas") the reader does not take
        boolean plainWhere = analysis.type() == io.corrigo.api.answer.AnswerType.PLACE && analysis.head() == null;
        // the reader was trained on English: a question read in another language is left to the gate
        if (reader != null && analysis.english() && !analysis.coordinated() && !plainWhere && p >= readFloor) {
            AnswerReader.Reading reading = read(query.text(), embedded.text());
            if (reading == null) {
                return new Judgement(p, null, "sufficient (" + analysis.type() + ", " + verdict.reason()
                        + "; the answer reader is unavailable: " + readerProblem + "); " + explain(p, x));
            }
            if (reading.margin() < readerThreshold) {
                return new Judgement(Math.min(p, LACKING_CAP), Grade.INCORRECT, String.format(Locale.ROOT,
                        "insufficient (asked: %s): the answer reader finds no answer here (margin %.2f < %.2f; its best "
                                + "span '%s'); %s", asked(analysis), reading.margin(), readerThreshold,
                        reading.answer(), explain(p, x)));
            }
            read = String.format(Locale.ROOT, "; reader: '%s' (margin %.2f)", reading.answer(), reading.margin());
        }
        return new Judgement(p, null, "sufficient (" + analysis.type() + ", " + verdict.reason() + read + "); "
                + explain(p, x));
    }

    /**
     * The answer check's judgement of a passage: as sufficient as its best sentence. The cheap lexical score picks the
     * {@value #CHECKED_SENTENCES} sentences most like the question (the cascade's pruning); the check reads them in one
     * batch; below {@code checkThreshold} for all of them the passage is INCORRECT, whatever the other scores say.
     * Passages the answerhood model gives less than the read floor are not read.
     */
    private Judgement checked(Query query, Passage passage, List<String> sentences, double p, double[] x, String rules) {
        if (p < readFloor || sentences.isEmpty()) {
            return new Judgement(p, null, rules + explain(p, x));
        }
        Question question = question(query);
        List<String> ranked = new ArrayList<>(sentences);
        java.util.Map<String, Double> lexical = new java.util.HashMap<>();
        for (String sentence : ranked) {
            lexical.put(sentence, io.corrigo.api.text.LexicalCoverage.of(question.terms(), sentence, query.termStatistics()));
        }
        ranked.sort(java.util.Comparator.comparingDouble((String s) -> lexical.get(s)).reversed());
        List<String> read = ranked.subList(0, Math.min(CHECKED_SENTENCES, ranked.size()));
        String title = title(passage);
        double[] probabilities = checkAll(query.text(), read.stream()
                .map(s -> AnswerCheck.Candidate.in(sentences, sentences.indexOf(s), title)).toList());
        if (probabilities == null) {
            return new Judgement(p, null, rules + "the answer check is unavailable: " + checkProblem + "; " + explain(p, x));
        }
        int best = 0;
        for (int i = 0; i < probabilities.length; i++) {
            if (io.corrigo.api.text.Snippets.isQuestion(read.get(i))) {
                probabilities[i] = 0; // a sentence that asks states nothing
            }
            best = probabilities[i] > probabilities[best] ? i : best;
        }
        String because = String.format(Locale.ROOT, "check %.3f for '%s' (%d of %d sentences read)",
                probabilities[best], AnswerCheck.shown(read.get(best)), read.size(), sentences.size());
        if (probabilities[best] < checkThreshold) {
            return new Judgement(Math.min(p, LACKING_CAP), Grade.INCORRECT, String.format(Locale.ROOT,
                    "insufficient: the answer check accepts no sentence (%.3f < %.3f): %s; %s%s", probabilities[best],
                    checkThreshold, because, rules, explain(p, x)));
        }
        return new Judgement(Math.max(p, probabilities[best]), null, "sufficient: " + because + "; " + rules + explain(p, x));
    }

    /** The check's probabilities, or {@code null} when it cannot run here (it failed to load once: it stays failed). */
    private double[] checkAll(String question, List<AnswerCheck.Candidate> candidates) {
        if (checkProblem != null) {
            return null;
        }
        try {
            return check.get().probabilities(question, candidates);
        } catch (LinkageError | RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            checkProblem = cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
            return null;
        }
    }

    private static String title(Passage passage) {
        return passage.source() == null ? null : passage.source().title();
    }

    /**
     * The reader's reading, or {@code null} when it cannot run here: its native libraries cannot load (a confined
     * runner forbids them) or its model is missing. The grader then judges by the gate alone, and says so in the reason;
     * it does not try again (a class that failed to initialise stays failed).
     */
    private AnswerReader.Reading read(String question, String passage) {
        if (readerProblem != null) {
            return null;
        }
        try {
            return reader.get().read(question, List.of(passage)).get(0);
        } catch (LinkageError | RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            readerProblem = cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
            return null;
        }
    }

    /** "COUNT, count of soldiers": the expected type and the focus, for a reason in the trace. */
    private static String asked(QuestionAnalysis analysis) {
        return analysis.type() + ", " + analysis.focus();
    }

    /** The passage's text with its title in front: a chunk of a document is about what its title names. */
    private static String withTitle(Passage passage) {
        String title = title(passage);
        return title == null || passage.text().startsWith(title) ? passage.text() : title + "\n" + passage.text();
    }

    @Override
    public double scoreStrip(Query query, Passage passage, Strip strip) {
        if (check != null && checkProblem == null) {
            // the check's probability for every sentence of the passage, read in one batch (the grader's are cached):
            // refinement keeps the sentences it accepts
            // once per passage, found by identity as the answerhood scores are: refinement asks strip by strip
            Checked checked = checkedStrips.find(c -> c.query() == query && c.passage() == passage);
            if (checked == null) {
                List<String> texts = passage.strips().stream().map(Strip::text).toList();
                String title = title(passage);
                List<AnswerCheck.Candidate> candidates = new ArrayList<>();
                for (int i = 0; i < texts.size(); i++) {
                    candidates.add(AnswerCheck.Candidate.in(texts, i, title));
                }
                checked = new Checked(query, passage, texts, checkAll(query.text(), candidates));
                checkedStrips.put(checked);
            }
            int at = checked.texts().indexOf(strip.text());
            if (checked.probabilities() != null && at >= 0) {
                return checked.probabilities()[at];
            }
        }
        Scoring scoring = recent.find(s -> s.query() == query && s.passage() == passage);
        if (scoring == null) {
            AnswerFeatures features = features(query);
            Passage embedded = embedded(passage);
            scoring = new Scoring(query, passage, features, features.passageContext(embedded.text(),
                    embedded.embedding(), embedded.strips().stream().map(Strip::text).toList(),
                    embedded.strips().stream().map(Strip::embedding).toList()), withTitle(embedded));
            recent.put(scoring);
        }
        Embedding vector = strip.embedding() != null ? strip.embedding()
                : query.embedding() == null ? null : embeddings.embed(strip.text());
        double p = model.sentence().probability(scoring.features().sentenceInPassage(strip.text(), vector, scoring.context()));
        QuestionAnalysis analysis = question(query).analysis();
        if (!gate || !analysis.structural()) {
            return p;
        }
        // the passage's anchors, the sentence's candidate: a sentence of a passage about the asked subject
        boolean holds = Sufficiency.ofPassage(analysis, scoring.passageText(), List.of(strip.text())).sufficient();
        return holds ? Math.max(p, CANDIDATE_FLOOR + p / 2) : p / 2;
    }

    /** The check's probabilities for every sentence of one passage ({@code null} when it could not run). */
    private record Checked(Query query, Passage passage, List<String> texts, double[] probabilities) {
    }

    /** What scoring the sentences of one passage for one question shares. */
    private record Scoring(Query query, Passage passage, AnswerFeatures features, AnswerFeatures.PassageContext context,
                           String passageText) {
    }

    /**
     * The last few values, found by identity of what they were computed for (a linear scan: a handful of entries).
     * Refinement scores a passage's strips one after another, and recomputing the passage's values for each strip
     * would make a passage cost the square of its sentences; every passage and strip of a run shares its question's.
     */
    private static final class Recent<T> {

        private final Object[] slots;
        private int next;

        Recent(int size) {
            slots = new Object[size];
        }

        @SuppressWarnings("unchecked")
        synchronized T find(java.util.function.Predicate<T> match) {
            for (Object slot : slots) {
                if (slot != null && match.test((T) slot)) {
                    return (T) slot;
                }
            }
            return null;
        }

        synchronized void put(T value) {
            slots[next] = value;
            next = (next + 1) % slots.length;
        }
    }

    /**
     * The question's features, computed once per question: its terms, their weights (index reads), its answer type
     * (regular expressions) are the same for every passage and sentence of a run. Found by identity among the last few
     * questions ({@link Recent}).
     */
    private AnswerFeatures features(Query query) {
        return question(query).features();
    }

    private Question question(Query query) {
        Question known = questions.find(q -> q.query() == query);
        if (known != null) {
            return known;
        }
        QuestionAnalysis analysis = QuestionAnalysis.of(query);
        Question question = new Question(query, new AnswerFeatures(query.text(), query.embedding(),
                query.termStatistics(), analysis), analysis, io.corrigo.api.text.Terms.contentTerms(query.text()));
        questions.put(question);
        return question;
    }

    /** A question, its features and what it asks. */
    private record Question(Query query, AnswerFeatures features, QuestionAnalysis analysis, List<String> terms) {
    }

    /** The passage with strips and embeddings, computing what is missing (only when the query has an embedding). */
    private Passage embedded(Passage passage) {
        boolean complete = !passage.strips().isEmpty() && passage.embedding() != null
                && passage.strips().stream().allMatch(s -> s.embedding() != null);
        if (complete) {
            return passage;
        }
        List<Strip> strips = new ArrayList<>();
        List<String> sentences = passage.strips().isEmpty() ? Boilerplate.proseSentences(passage.text())
                : passage.strips().stream().map(Strip::text).toList();
        for (int i = 0; i < sentences.size(); i++) {
            Strip given = i < passage.strips().size() ? passage.strips().get(i) : null;
            Embedding vector = given != null && given.embedding() != null ? given.embedding() : embeddings.embed(sentences.get(i));
            strips.add(new Strip(i, sentences.get(i), vector));
        }
        Embedding vector = passage.embedding() != null ? passage.embedding()
                : strips.isEmpty() ? embeddings.embed(passage.text())
                : Embedding.meanOf(strips.stream().map(Strip::embedding).toList());
        return passage.withEmbeddings(vector, strips);
    }

    /** "answers p=0.83 (model v1): coverage 0.71, typeMatch 1.00, cosine 0.62, …" for the trace. */
    private String explain(double p, double[] x) {
        StringBuilder reason = new StringBuilder(String.format(Locale.ROOT, "answers p=%.3f (answerhood v%s):", p,
                model.version()));
        for (int i = 0; i < AnswerFeatures.NAMES.size() - 2; i++) { // the last two are products of the others
            reason.append(String.format(Locale.ROOT, " %s %.2f%s", AnswerFeatures.NAMES.get(i), x[i],
                    i < AnswerFeatures.NAMES.size() - 3 ? "," : ""));
        }
        return reason.toString();
    }
}
