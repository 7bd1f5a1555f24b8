package io.corrigo.engine.critique;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Critic;
import io.corrigo.api.Critique;
import io.corrigo.api.CritiqueRequest;
import io.corrigo.api.Query;
import io.corrigo.api.SentenceSupport;
import io.corrigo.api.Support;
import io.corrigo.api.text.Sentences;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.List;
import java.util.function.Consumer;

/**
 * Live answers with the critique on: a candidate's sentences reach the reader one by one, each as soon as the critic
 * has judged it supported, before the critique of the whole answer (and any regeneration) decides what is served. A
 * sentence the critic finds unsupported is never released. What was released is a preview: the served answer (the
 * pipeline's result, the {@code done} event of a stream) is authoritative, and may be shorter or, after a
 * regeneration, different. Costs one critic call per sentence on top of the loop's.
 */
public final class JudgedRelease {

    private final Critic critic;

    public JudgedRelease(Critic critic) {
        this.critic = critic;
    }

    /**
     * Judges {@code candidate} sentence by sentence and hands each supported one to {@code tokens}.
     *
     * @return the released text (empty when nothing was released)
     */
    public String release(Query query, List<ContextStrip> context, Answer candidate, TraceRecorder trace,
                          Consumer<String> tokens) {
        if (candidate.abstained() || candidate.text().isBlank()) {
            return "";
        }
        StringBuilder released = new StringBuilder();
        for (String sentence : Sentences.ofAnswer(candidate.text())) {
            Critique verdict;
            try {
                verdict = critic.critique(new CritiqueRequest(query, context,
                        new Answer(sentence, candidate.citations(), false)));
            } catch (RuntimeException e) {
                trace.notice(Stage.CRITIQUE, "critic failed on a sentence: " + Failures.describe(e)
                        + "; the rest of the answer waits for the whole critique", false);
                break;
            }
            if (verdict != null && !verdict.sentences().isEmpty()
                    && verdict.sentences().stream().map(SentenceSupport::support).noneMatch(s -> s == Support.NONE)) {
                String piece = (released.length() == 0 ? "" : " ") + sentence;
                released.append(piece);
                tokens.accept(piece);
            }
        }
        return released.toString();
    }
}
