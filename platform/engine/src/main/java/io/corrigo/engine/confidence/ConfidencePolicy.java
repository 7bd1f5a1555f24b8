package io.corrigo.engine.confidence;

import io.corrigo.api.Answer;
import io.corrigo.engine.generate.GenerationStage;
import io.corrigo.engine.generate.Localized;
import io.corrigo.engine.settings.MediumConfidence;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.Locale;

/**
 * The last step of a graded run: an answer of medium {@link AnswerConfidence} is served, served flagged or withheld,
 * as the pipeline's {@link PipelineSettings#mediumConfidence()} says; the trace says which and why. Abstentions and
 * naive runs (nothing graded) pass unchanged.
 */
public final class ConfidencePolicy {

    /** How the trace's notice of a withheld answer opens. */
    static final String WITHHELD = "withheld an answer of medium confidence";

    private final PipelineSettings settings;

    public ConfidencePolicy(PipelineSettings settings) {
        this.settings = settings;
    }

    /** {@code answer} after the policy: as it was, or withheld; the trace says which when it is not served plainly. */
    public Answer apply(String question, Answer answer, TraceRecorder trace) {
        if (answer.abstained() || settings.mode() == io.corrigo.engine.settings.Mode.NAIVE
                || settings.mediumConfidence() == MediumConfidence.SERVE) {
            return answer;
        }
        AnswerConfidence confidence = AnswerConfidence.of(answer, trace.finish(false), settings.confidenceHigh());
        if (confidence.level() == AnswerConfidence.Level.HIGH) {
            return answer;
        }
        String score = String.format(Locale.ROOT, "%.2f", confidence.score());
        if (settings.mediumConfidence() == MediumConfidence.FLAG) {
            trace.notice(Stage.CRITIQUE, "medium confidence (" + score + " below " + settings.confidenceHigh()
                    + "): check the answer against its sources", false);
            return answer;
        }
        trace.notice(Stage.CRITIQUE, WITHHELD + " (" + score + " below "
                + settings.confidenceHigh() + "; the pipeline withholds such answers)", false);
        return Answer.abstain(Localized.in(question, GenerationStage.NOTHING_RELEVANT));
    }
}
