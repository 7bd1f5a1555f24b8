package io.corrigo.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Judgement;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Strip;
import io.corrigo.api.TermStatistics;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link RetrievalEvaluator}: scores of passages and of strips in [0, 1] and finite, a verdict that
 * is never {@code null}, the passage that answers a question scored at least as high as the others, interrupt-safe,
 * the same scores from many threads.
 */
public abstract class RetrievalEvaluatorContract extends PluginFactoryContract<RetrievalEvaluator> {

    private final HashingEmbeddings embeddings = new HashingEmbeddings();

    /** The sample questions with the passages that answer them. */
    protected List<SampleCorpus.Entry> samples() {
        return SampleCorpus.entries(embeddings);
    }

    /** A query as the pipeline sends it: with the question's embedding. */
    protected final Query query(String text) {
        return new Query(text, embeddings.embed(text), TermStatistics.UNIFORM);
    }

    private static void assertScore(double score, String what) {
        assertThat(Double.isFinite(score)).as("%s is finite (was %s)", what, score).isTrue();
        assertThat(score).as(what).isBetween(0.0, 1.0);
    }

    @Test
    void scores_every_passage_and_strip_in_zero_to_one() {
        RetrievalEvaluator evaluator = newInstance();
        for (SampleCorpus.Entry question : samples()) {
            for (SampleCorpus.Entry other : samples()) {
                Passage passage = other.passage();
                Query query = query(question.question());
                assertScore(within(() -> evaluator.score(query, passage)), "score of " + passage.id());
                Judgement judgement = within(() -> evaluator.judge(query, passage));
                assertThat(judgement).as("judge(...) of %s", passage.id()).isNotNull();
                assertScore(judgement.score(), "judged score of " + passage.id());
                for (Strip strip : passage.strips()) {
                    assertScore(within(() -> evaluator.scoreStrip(query, passage, strip)), "strip score in " + passage.id());
                }
            }
        }
    }

    @Test
    void scores_the_answering_passage_at_least_as_high_as_the_others() {
        RetrievalEvaluator evaluator = newInstance();
        for (SampleCorpus.Entry question : samples()) {
            Query query = query(question.question());
            double answering = within(() -> evaluator.score(query, question.passage()));
            for (SampleCorpus.Entry other : samples()) {
                if (other != question) {
                    assertThat(within(() -> evaluator.score(query, other.passage())))
                            .as("\"%s\": %s must not outscore the passage that answers it", question.question(), other.passage().id())
                            .isLessThanOrEqualTo(answering);
                }
            }
        }
    }

    @Test
    void returns_or_throws_on_an_interrupted_thread() {
        RetrievalEvaluator evaluator = newInstance();
        SampleCorpus.Entry sample = samples().get(0);
        Object outcome = withInterruptedThread(() -> evaluator.score(query(sample.question()), sample.passage()));
        if (!(outcome instanceof Exception)) {
            assertScore((Double) outcome, "score on an interrupted thread");
        }
    }

    @Test
    void gives_the_same_scores_to_many_threads_at_once() {
        RetrievalEvaluator evaluator = newInstance();
        SampleCorpus.Entry sample = samples().get(1);
        Query query = query(sample.question());
        double alone = evaluator.score(query, sample.passage());
        List<Double> together = concurrently(4, () -> evaluator.score(query, sample.passage()));
        assertThat(together).as("scores under concurrent calls").allSatisfy(s -> assertThat(s).isEqualTo(alone));
    }
}
