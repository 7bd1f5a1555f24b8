package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.EvaluatorFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.config.PluginConfig;
import org.pf4j.Extension;

/** Registers the answerhood grader: the offline default evaluator. */
@Extension
public class AnswerhoodEvaluatorFactory extends AnswerhoodModelFactory implements EvaluatorFactory {

    public static final String ID = "answerhood-evaluator";

    public AnswerhoodEvaluatorFactory() {
        super(ID, "Grades whether a passage ANSWERS the question, offline: a probability from a logistic model fitted on "
                + "SQuAD 2.0 (with its adversarial unanswerable questions) over the question's IDF-weighted coverage, "
                + "the expected answer type (a name, date, number or place the question does not already contain), "
                + "embedding similarity of question and best sentence, word order and negation. The same model picks "
                + "the sentences that carry the answer. The trace lists the probability and its features.");
    }

    @Override
    public RetrievalEvaluator create(PluginContext context, PluginConfig config) {
        return new AnswerhoodEvaluator(model, context.embeddings());
    }
}
