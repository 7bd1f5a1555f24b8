package io.corrigo.engine.confidence;

import static io.corrigo.engine.fakes.Fakes.kb;
import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Passage;
import io.corrigo.engine.CorrectivePipeline;
import io.corrigo.engine.PipelinePlugins;
import io.corrigo.engine.RunResult;
import io.corrigo.engine.fakes.Fakes;
import io.corrigo.engine.fakes.HashingEmbeddings;
import io.corrigo.engine.settings.MediumConfidence;
import io.corrigo.engine.settings.Mode;
import io.corrigo.engine.settings.PipelineSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfidencePolicyTest {

    private static final String QUESTION = "What is the incubation period of measles?";
    private final List<Passage> passages = List.of(
            kb("1", "The incubation period of measles is ten to twelve days."),
            kb("2", "Vaccination schedules differ between countries."));

    /** A pipeline whose evaluator grades the answering passage 0.75 and the other 0.1 (upper threshold 0.7). */
    private CorrectivePipeline pipeline(double high, MediumConfidence medium) {
        PipelineSettings settings = new PipelineSettings(Mode.CORRECTIVE, 5, 0.7, 0.3, 0.5, 200, 3)
                .withConfidence(high, medium);
        return CorrectivePipeline.builder().settings(settings)
                .plugins(new PipelinePlugins((query, max) -> passages, (query, p) -> p.text().contains("measles") ? 0.75 : 0.1,
                        request -> List.of(), new Fakes.EchoGenerator(), new HashingEmbeddings(), List.of()))
                .executor(Runnable::run).build();
    }

    /** The calibrated score of the answering passage's grade, 0.75. */
    private static final double SCORE = ConfidenceCalibration.DEFAULT.probability(0.75);
    /** A threshold the answer clears, and one it does not. */
    private static final double BELOW = Math.floor(SCORE * 100) / 100 - 0.01;
    private static final double ABOVE = Math.ceil(SCORE * 100) / 100 + 0.01;
    private static final String SHOWN = String.format(java.util.Locale.ROOT, "%.2f", SCORE);

    @Test
    void should_rate_an_answer_high_at_or_above_the_threshold_and_medium_below__by_its_best_passage() {
        // when
        RunResult sure = pipeline(BELOW, MediumConfidence.SERVE).run(QUESTION);
        RunResult unsure = pipeline(ABOVE, MediumConfidence.SERVE).run(QUESTION);

        // then: the score is the best kept passage's grade through the calibration, the level the threshold's side,
        // one source cited
        AnswerConfidence high = AnswerConfidence.of(sure.answer(), sure.trace(), BELOW);
        assertThat(high.evidence()).isEqualTo(0.75);
        assertThat(high.score()).isEqualTo(SCORE);
        assertThat(high.level()).isEqualTo(AnswerConfidence.Level.HIGH);
        assertThat(high.sources()).isEqualTo(1);
        assertThat(AnswerConfidence.of(unsure.answer(), unsure.trace(), ABOVE).level()).isEqualTo(AnswerConfidence.Level.MEDIUM);
        // and served as it is under SERVE: no notice
        assertThat(unsure.answer().abstained()).isFalse();
        assertThat(unsure.trace().notices()).noneSatisfy(n -> assertThat(n.message()).contains("confidence"));
    }

    @Test
    void should_withhold_a_medium_confidence_answer__when_the_pipeline_withholds_them() {
        // when
        RunResult result = pipeline(ABOVE, MediumConfidence.WITHHOLD).run(QUESTION);

        // then: an abstention, and the trace says why
        assertThat(result.answer().abstained()).isTrue();
        assertThat(result.answer().text()).doesNotContain("ten to twelve");
        assertThat(result.trace().abstained()).isTrue();
        assertThat(result.trace().notices()).anySatisfy(n -> assertThat(n.message())
                .contains("withheld an answer of medium confidence (" + SHOWN + " below " + ABOVE));
        assertThat(AnswerConfidence.of(result.answer(), result.trace(), ABOVE)).isNull();
    }

    @Test
    void should_serve_a_high_confidence_answer_under_withhold__and_flag_a_medium_one_under_flag() {
        // when
        RunResult high = pipeline(BELOW, MediumConfidence.WITHHOLD).run(QUESTION);
        RunResult flagged = pipeline(ABOVE, MediumConfidence.FLAG).run(QUESTION);

        // then
        assertThat(high.answer().abstained()).isFalse();
        assertThat(high.answer().text()).contains("ten to twelve");
        assertThat(flagged.answer().abstained()).isFalse();
        assertThat(flagged.trace().notices()).anySatisfy(n -> assertThat(n.message())
                .contains("medium confidence (" + SHOWN + " below " + ABOVE + "): check the answer against its sources"));
    }

    @Test
    void should_never_withhold_a_naive_run__whose_answer_nothing_graded() {
        // when: the naive baseline of a pipeline that withholds medium answers
        CorrectivePipeline strict = pipeline(0.8, MediumConfidence.WITHHOLD);
        RunResult naive = strict.withSettings(strict.settings().withMode(Mode.NAIVE)).run(QUESTION);

        // then: the naive baseline answers, its confidence the ungraded middle
        assertThat(naive.answer().abstained()).isFalse();
        assertThat(AnswerConfidence.of(naive.answer(), naive.trace(), 0.8).score()).isEqualTo(AnswerConfidence.UNGRADED);
        assertThat(AnswerConfidence.of(naive.answer(), naive.trace(), 0.8).evidence()).isNull();
    }
}
