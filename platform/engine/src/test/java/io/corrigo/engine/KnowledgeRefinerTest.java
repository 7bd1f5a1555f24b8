package io.corrigo.engine;

import io.corrigo.engine.settings.PipelineSettings;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.ContextStrip;
import io.corrigo.api.Grade;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.ScoredPassage;
import io.corrigo.engine.fakes.Fakes;
import io.corrigo.engine.fakes.HashingEmbeddings;
import io.corrigo.engine.refine.KnowledgeRefiner;
import io.corrigo.engine.refine.PassageEmbedder;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.engine.trace.StripTrace;
import io.corrigo.engine.trace.TraceRecorder;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

class KnowledgeRefinerTest {

    private final HashingEmbeddings embeddings = new HashingEmbeddings();
    private final KnowledgeRefiner refiner = new KnowledgeRefiner(Fakes.overlapEvaluator(),
            new PassageEmbedder(embeddings, Runnable::run), Runnable::run);
    private final TraceRecorder trace = new TraceRecorder("q", PipelineSettings.DEFAULTS, List.of(), Clock.systemUTC());

    private static ScoredPassage scored(Passage p) {
        return new ScoredPassage(p, 1, Grade.CORRECT, null);
    }

    @Test
    void should_stop_at_the_token_budget__keeping_the_best_strips() {
        // given: three relevant sentences of 6 words (score 6/7), 7 words (7/7) and 8 words (3/7); 14 words of budget
        Passage p = Fakes.kb("1", "Alpha beta gamma delta epsilon zeta. "
                + "Alpha beta gamma delta epsilon zeta eta. Alpha beta gamma one two three four five.");
        Query query = Query.of("alpha beta gamma delta epsilon zeta eta");

        // when
        List<ContextStrip> context = refiner.refine(query, List.of(scored(p)), 0.3, 0, 14, trace);

        // then
        assertThat(context).extracting(ContextStrip::text).containsExactly(
                "Alpha beta gamma delta epsilon zeta.", "Alpha beta gamma delta epsilon zeta eta.");
        RunTrace finished = trace.finish(false);
        assertThat(finished.contextTokens()).isEqualTo(13);
        assertThat(finished.strips()).filteredOn(s -> s.text().contains("one two")).singleElement()
                .satisfies(s -> assertThat(s.reason()).isEqualTo("over the token budget (14)"));
    }

    @Test
    void should_keep_only_strips_close_to_the_best__with_a_strip_ratio() {
        // given: strips scoring 7/7, 6/7 and 3/7 of the question's words; all clear the absolute threshold of 0.3
        Passage p = Fakes.kb("1", "Alpha beta gamma delta epsilon zeta. "
                + "Alpha beta gamma delta epsilon zeta eta. Alpha beta gamma one two three four five.");
        Query query = Query.of("alpha beta gamma delta epsilon zeta eta");

        // when: only strips at 80 % of the best score or more
        List<ContextStrip> context = refiner.refine(query, List.of(scored(p)), 0.3, 0.8, 500, trace);

        // then
        assertThat(context).extracting(ContextStrip::text).containsExactly(
                "Alpha beta gamma delta epsilon zeta.", "Alpha beta gamma delta epsilon zeta eta.");
        assertThat(trace.finish(false).strips()).filteredOn(s -> s.text().contains("one two")).singleElement()
                .satisfies(s -> assertThat(s.reason()).startsWith("below 80 % of the best sentence's score"));
    }

    @Test
    void should_group_strips_by_passage_in_reading_order__with_one_citation_number_per_passage() {
        // given
        Passage first = Fakes.kb("1", "Cats purr when they are content and calm. Dogs bark at strangers and passing cars. Cats also purr when hurt or stressed.");
        Passage second = Fakes.kb("2", "Some cats purr very loudly at night.");
        Query query = Query.of("why do cats purr when content"); // first passage holds the best strip (3 of 3 words)

        // when
        List<ContextStrip> context = refiner.refine(query, List.of(scored(second), scored(first)), 0.5, 0, 500, trace);

        // then
        assertThat(context).extracting(ContextStrip::citation, ContextStrip::text).containsExactly(
                org.assertj.core.groups.Tuple.tuple(1, "Cats purr when they are content and calm."),
                org.assertj.core.groups.Tuple.tuple(1, "Cats also purr when hurt or stressed."),
                org.assertj.core.groups.Tuple.tuple(2, "Some cats purr very loudly at night."));
    }

    @Test
    void should_take_a_repeated_sentence_once() {
        // given
        Passage a = Fakes.kb("1", "Aspirin thins the blood in most adults.");
        Passage b = Fakes.web("w", "Aspirin thins the blood in most adults.");

        // when
        List<ContextStrip> context = refiner.refine(Query.of("does aspirin thin blood"), List.of(scored(a), scored(b)),
                0.3, 0, 500, trace);

        // then
        assertThat(context).hasSize(1);
        assertThat(trace.finish(false).strips()).extracting(StripTrace::reason).contains("repeats a kept sentence");
    }

    @Test
    void should_use_strip_embeddings_from_index_time_without_embedding_again() {
        // given
        Passage raw = Fakes.kb("1", "Lucene stores vectors. It also stores text.");
        Passage indexed = new PassageEmbedder(embeddings, Runnable::run).ensureEmbedded(List.of(raw), trace).get(0);
        int callsAfterIndexing = embeddings.calls.get();

        // when
        refiner.refine(Query.of("lucene vectors"), List.of(scored(indexed)), 0.3, 0, 500, trace);

        // then
        assertThat(indexed.strips()).hasSize(2).allSatisfy(s -> assertThat(s.embedding()).isNotNull());
        assertThat(embeddings.calls.get()).isEqualTo(callsAfterIndexing);
    }
}
