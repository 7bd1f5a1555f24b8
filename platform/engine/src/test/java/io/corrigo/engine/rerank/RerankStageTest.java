package io.corrigo.engine.rerank;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.trace.Notice;
import io.corrigo.engine.trace.Reranking;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.engine.trace.TraceRecorder;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The reranking stage on its own: the wider net, the reranker's order, and a reranker that breaks its contract. */
class RerankStageTest {

    private static final Query QUERY = Query.of("how long is the incubation period");

    private static List<Passage> candidates(int n) {
        return IntStream.rangeClosed(1, n)
                .mapToObj(i -> Passage.of("p" + i, "text " + i, Source.knowledgeBase("doc" + i, "Title " + i))).toList();
    }

    private static TraceRecorder trace() {
        return new TraceRecorder(QUERY.text(), PipelineSettings.DEFAULTS, List.of(), Clock.systemUTC());
    }

    @Test
    void should_grade_the_retrievers_own_top_k_without_a_reranker() {
        RerankStage none = new RerankStage(null);
        TraceRecorder trace = trace();

        assertThat(none.configured()).isFalse();
        assertThat(none.candidates(8)).isEqualTo(8);
        assertThat(none.rerank(QUERY, candidates(5), 3, trace)).extracting(Passage::id).containsExactly("p1", "p2", "p3");
        assertThat(trace.finish(false).reranking()).isNull();
    }

    @Test
    void should_retrieve_three_times_the_top_k_and_keep_the_best_top_k_of_the_rerankers_order() {
        RerankStage stage = new RerankStage((query, passages) -> {
            List<Passage> reversed = new ArrayList<>(passages);
            java.util.Collections.reverse(reversed);
            return reversed;
        });
        TraceRecorder trace = trace();

        assertThat(stage.candidates(8)).isEqualTo(24);
        assertThat(stage.candidates(50)).isEqualTo(RerankStage.MAX_CANDIDATES);
        List<Passage> kept = stage.rerank(QUERY, candidates(6), 2, trace);

        assertThat(kept).extracting(Passage::id).containsExactly("p6", "p5");
        Reranking reranking = trace.finish(false).reranking();
        assertThat(reranking.candidates()).isEqualTo(6);
        assertThat(reranking.kept()).containsExactly(new Reranking.Move("p6", "Title 6", 6, 1),
                new Reranking.Move("p5", "Title 5", 5, 2));
    }

    @Test
    void should_skip_made_up_repeated_and_null_passages_with_a_notice_that_does_not_degrade() {
        List<Passage> offered = candidates(3);
        Passage madeUp = Passage.of("p1", "another text under a candidate's id", Source.knowledgeBase("x", "X"));
        List<Passage> answer = new ArrayList<>(List.of(offered.get(2), madeUp, offered.get(2)));
        answer.add(null);
        answer.add(offered.get(0));
        TraceRecorder trace = trace();

        List<Passage> kept = new RerankStage((query, passages) -> answer).rerank(QUERY, offered, 3, trace);

        assertThat(kept).containsExactly(offered.get(2), offered.get(0));
        RunTrace finished = trace.finish(false);
        assertThat(finished.notices()).extracting(Notice::message).anyMatch(m -> m.contains("3 passage(s)"));
        assertThat(finished.degraded()).isFalse();
    }

    @Test
    void should_keep_the_retrievers_order_and_degrade_the_run_when_the_reranker_fails() {
        TraceRecorder trace = trace();

        List<Passage> kept = new RerankStage((query, passages) -> {
            throw new IllegalStateException("model server down");
        }).rerank(QUERY, candidates(4), 2, trace);

        assertThat(kept).extracting(Passage::id).containsExactly("p1", "p2");
        RunTrace finished = trace.finish(false);
        assertThat(finished.degraded()).isTrue();
        assertThat(finished.notices()).extracting(Notice::message).anyMatch(m -> m.contains("model server down"));
    }
}
