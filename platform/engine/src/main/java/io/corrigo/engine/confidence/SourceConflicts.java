package io.corrigo.engine.confidence;

import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.api.answer.AnswerCandidate;
import io.corrigo.api.answer.AnswerType;
import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.api.answer.Sufficiency;
import io.corrigo.engine.generate.GenerationStage;
import io.corrigo.engine.generate.Localized;
import io.corrigo.engine.settings.ConflictPolicy;
import io.corrigo.engine.trace.PassageTrace;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.StripTrace;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Sources that disagree, named: when the sentences refinement kept from two or more documents state different
 * figures or dates for the asked detail (each the candidate bound to the question's subject, as the grader reads it),
 * the trace flags the conflict and the answer, by the pipeline's {@link ConflictPolicy}, says so with a citation for
 * each value, or abstains. Names are not compared: two names for one person are too often the same answer.
 */
public final class SourceConflicts {

    /** The answer types whose values are compared: figures and dates, written alike whoever writes them. */
    static final Set<AnswerType> COMPARED = EnumSet.of(AnswerType.DATE, AnswerType.YEAR, AnswerType.DURATION,
            AnswerType.COUNT, AnswerType.MONEY, AnswerType.PERCENTAGE, AnswerType.QUANTITY, AnswerType.AGE);

    /** One source's value for the asked detail. */
    record Stated(Source source, String value, String sentence) {
    }

    private final ConflictPolicy policy;

    public SourceConflicts(ConflictPolicy policy) {
        this.policy = policy;
    }

    /** {@code answer} to {@code asked}, with a conflict among the kept sentences of {@code trace} named or abstained on. */
    public Answer apply(Query asked, Answer answer, TraceRecorder trace) {
        if (answer.abstained()) {
            return answer;
        }
        QuestionAnalysis analysis = QuestionAnalysis.of(asked);
        if (!COMPARED.contains(analysis.type()) || !analysis.structural()) {
            return answer;
        }
        List<Stated> stated = stated(analysis, trace.finish(false));
        if (stated.size() < 2) {
            return answer;
        }
        StringBuilder said = new StringBuilder();
        for (Stated s : stated) {
            said.append(said.isEmpty() ? "" : "; ").append('\'').append(s.source().label()).append("' gives ")
                    .append(s.value());
        }
        trace.notice(Stage.GENERATE, "the sources disagree on the asked " + analysis.type().name().toLowerCase(Locale.ROOT)
                + ": " + said + " (" + policy.name() + ")", false);
        return switch (policy) {
            case IGNORE -> answer;
            case ABSTAIN -> Answer.abstain(Localized.in(asked.text(), GenerationStage.NOTHING_RELEVANT)
                    + " The sources disagree: " + said + ".");
            case NAME_BOTH -> stating(answer, stated);
        };
    }

    /** The answer opened by what each source gives, each with its citation (added when the answer had none for it). */
    private static Answer stating(Answer answer, List<Stated> stated) {
        List<Citation> citations = new ArrayList<>(answer.citations());
        StringBuilder lead = new StringBuilder("The sources disagree:");
        for (int i = 0; i < stated.size(); i++) {
            Stated s = stated.get(i);
            int number = citations.stream().filter(c -> c.source().documentId().equals(s.source().documentId()))
                    .mapToInt(Citation::number).findFirst().orElse(-1);
            if (number < 0) {
                number = citations.stream().mapToInt(Citation::number).max().orElse(0) + 1;
                citations.add(new Citation(number, s.source(), s.sentence()));
            }
            lead.append(i == 0 ? " " : "; ").append('[').append(number).append("] gives ").append(s.value());
        }
        lead.append(". ");
        return new Answer(lead + answer.text(), citations, false, answer.reflection(), answer.usage());
    }

    /**
     * The first value each document's kept sentences give for the asked detail, documents in the order their sentences
     * were kept; empty unless at least two different values are given.
     */
    static List<Stated> stated(QuestionAnalysis analysis, RunTrace trace) {
        Map<String, PassageTrace> passages = new HashMap<>();
        trace.retrieved().forEach(p -> passages.put(p.id(), p));
        trace.searchResults().forEach(p -> passages.put(p.id(), p));
        Map<String, Stated> byDocument = new LinkedHashMap<>();
        for (StripTrace strip : trace.strips()) {
            PassageTrace passage = passages.get(strip.passageId());
            if (!strip.kept() || passage == null || byDocument.containsKey(passage.documentId())) {
                continue;
            }
            Sufficiency.candidateIn(analysis, strip.text()).map(AnswerCandidate::text).ifPresent(value ->
                    byDocument.put(passage.documentId(), new Stated(new Source(passage.origin(), passage.documentId(),
                            passage.title(), passage.origin() == io.corrigo.api.Origin.WEB ? passage.documentId() : null),
                            value, strip.text())));
        }
        List<Stated> all = new ArrayList<>(byDocument.values());
        long distinct = all.stream().map(s -> normalised(s.value())).distinct().count();
        return distinct < 2 ? List.of() : all;
    }

    private static String normalised(String value) {
        return value.toLowerCase(Locale.ROOT).replaceAll("[\\s,]", "");
    }
}
