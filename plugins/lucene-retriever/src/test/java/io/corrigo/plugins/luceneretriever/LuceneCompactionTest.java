package io.corrigo.plugins.luceneretriever;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.plugins.hybrid.FusionSettings;
import io.corrigo.testkit.HashingEmbeddings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The end of a bulk load: many segments merged down to a few, every passage still found, updates still applied. */
class LuceneCompactionTest {

    @TempDir
    Path dir;

    private final HashingEmbeddings embeddings = new HashingEmbeddings();

    private Passage passage(int i, String text) {
        return Passage.of("p" + i, text, Source.knowledgeBase("d" + (i % 7), "doc " + (i % 7)))
                .withEmbeddings(embeddings.embed(text), List.of());
    }

    @Test
    void should_merge_a_bulk_load_down_to_few_segments__and_still_find_and_replace_every_passage() throws Exception {
        try (LuceneRetriever retriever = new LuceneRetriever(dir, embeddings, new FusionSettings(20, 60, 0.5), null)) {
            // given: a load in many small commits, each a segment of its own (merges are lazy at this size)
            for (int batch = 0; batch < 30; batch++) {
                List<Passage> passages = new ArrayList<>();
                for (int i = batch * 10; i < batch * 10 + 10; i++) {
                    passages.add(passage(i, "Record " + i + " tells of the zebra number z" + i + " in the park."));
                }
                retriever.upsert(passages);
            }
            int before = retriever.segments();

            // when
            retriever.compact(2);

            // then
            assertThat(before).as("the load left several segments").isGreaterThan(2);
            assertThat(retriever.segments()).isLessThanOrEqualTo(2);
            assertThat(retriever.size()).isEqualTo(300);
            for (int i : new int[] {0, 137, 299}) {
                assertThat(retriever.retrieve(Query.of("zebra z" + i), 3)).first()
                        .satisfies(p -> assertThat(p.id()).isEqualTo("p" + i));
            }
            retriever.upsert(List.of(passage(137, "Record 137 now tells of the okapi o137.")));
            assertThat(retriever.size()).isEqualTo(300);
            assertThat(retriever.retrieve(Query.of("okapi o137"), 1)).first()
                    .satisfies(p -> assertThat(p.text()).contains("okapi"));
        }
    }
}
