package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.EvaluatorFactory;
import io.corrigo.api.config.ConfigProperty;
import java.util.List;
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
    public List<ConfigProperty> configProperties() {
        return List.of(ConfigProperty.bool("sufficiencyGate", "Sufficiency gate", true)
                .withDescription("Grade INCORRECT every passage that lacks what the question asks: no figure, date or "
                        + "name of the asked type bound to its focus, or an anchor or place of the question it never "
                        + "mentions. Its reason is in the trace. Off: the probability alone decides."),
                ConfigProperty.bool("answerReader", "Answer reader", true)
                        .withDescription("For questions asking a figure, a date or a name, also read each passage that passes the "
                                + "gate with the shipped answer reader (a small transformer, about 10-30 ms a passage on "
                                + "the CPU) and grade INCORRECT where it finds no answer."),
                ConfigProperty.bool("answerCheck", "Answer check", false)
                        .withDescription("Read the sentences of each passage most like the question with the shipped "
                                + "answer check (a small transformer trained to tell whether a sentence states what is "
                                + "asked) and grade INCORRECT a passage none of whose sentences it accepts; refinement "
                                + "keeps the sentences it accepts. On, the answer reader no longer grades."),
                ConfigProperty.decimal("checkThreshold", "Answer check threshold", DEFAULT_CHECK_THRESHOLD)
                        .withRange(0, 1)
                        .withDescription("The check's probability a sentence needs to be accepted. Higher abstains more."),
                ConfigProperty.decimal("readerThreshold", "Answer reader threshold", DEFAULT_READER_THRESHOLD)
                        .withRange(-20, 20)
                        .withDescription("The reader's margin (best answer span minus no answer) below which a passage "
                                + "holds no answer. Lower keeps more passages."));
    }

    /** Chosen on the development benchmark and the trust set (see the plugin README). */
    static final double DEFAULT_READER_THRESHOLD = -6.0;
    /**
     * Between the shipped check's probabilities for the trust set's answering sentences (tuning half, median 0.08) and
     * for the other sentences of their passages (upper quartile 0.03); see the plugin README's model card.
     */
    static final double DEFAULT_CHECK_THRESHOLD = 0.05;

    @Override
    public RetrievalEvaluator create(PluginContext context, PluginConfig config) {
        return new AnswerhoodEvaluator(model, context.embeddings(), config.bool("sufficiencyGate"),
                config.bool("answerReader") ? AnswerReader::shipped : null, config.decimal("readerThreshold"),
                AnswerhoodEvaluator.READ_FLOOR, config.bool("answerCheck") ? AnswerCheck::shipped : null,
                config.decimal("checkThreshold"));
    }
}
