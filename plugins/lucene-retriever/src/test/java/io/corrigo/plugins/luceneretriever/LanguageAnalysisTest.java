package io.corrigo.plugins.luceneretriever;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.plugins.hybrid.FusionSettings;
import io.corrigo.testkit.HashingEmbeddings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each language's own words: a German question finds a German passage by its stem ("Häuser" → "Haus"), which English
 * analysis leaves apart; by the passage's language metadata or by its words; English passages and questions as before.
 */
class LanguageAnalysisTest {

    @TempDir
    Path dir;

    private final HashingEmbeddings embeddings = new HashingEmbeddings();

    private Passage passage(String id, String text, Map<String, String> metadata) {
        return new Passage(id, text, Source.knowledgeBase("d-" + id, id), 0, embeddings.embed(text), List.of(), metadata);
    }

    @Test
    void should_find_a_german_passage_by_its_german_stem_with_words_alone_ranking_it() throws Exception {
        // lexical ranking alone: the vector list has no weight
        try (LuceneRetriever retriever = new LuceneRetriever(dir, embeddings, new FusionSettings(20, 60, 0.0), null)) {
            // given the decoys first (a tie would keep them first), then the passages that hold the answers
            retriever.upsert(List.of(
                    passage("baum", "Ein alter Baum steht in Tallinn neben der Kirche.", Map.of()),
                    passage("brot", "Le pain est cuit chaque matin dans le four.", Map.of()),
                    passage("haus", "Das alte Haus steht in Tallinn neben der Kirche.", Map.of("language", "de")),
                    passage("zug", "Die Züge fahren stündlich nach Berlin und zurück.", Map.of()),
                    passage("maison", "Les maisons du port sont bleues et blanches.", Map.of()),
                    passage("houses", "The old houses stand in Tallinn next to the church.", Map.of())));

            // then: the German and French stems meet, and English as before
            assertThat(retriever.retrieve(Query.of("Welche Häuser gibt es?"), 1)).first()
                    .satisfies(p -> assertThat(p.id()).isEqualTo("haus"));
            assertThat(retriever.retrieve(Query.of("Wie oft fährt ein Zug?"), 1)).first().as("detected as German")
                    .satisfies(p -> assertThat(p.id()).isEqualTo("zug"));
            assertThat(retriever.retrieve(Query.of("De quelle couleur est une maison du port ?"), 1)).first()
                    .satisfies(p -> assertThat(p.id()).isEqualTo("maison"));
            assertThat(retriever.retrieve(Query.of("Where is the old house?"), 1)).first()
                    .satisfies(p -> assertThat(p.id()).isEqualTo("houses"));
        }
    }

    @Test
    void should_read_a_passage_s_language_from_its_metadata_before_its_words() {
        assertThat(LanguageAnalysis.of("Das alte Haus steht neben der Kirche.", null)).contains("de");
        assertThat(LanguageAnalysis.of("Tallinn 1890", "de")).contains("de");
        assertThat(LanguageAnalysis.of("Das alte Haus steht neben der Kirche.", "en")).isEmpty();
        assertThat(LanguageAnalysis.of("The old house stands next to the church.", null)).as("English: the text field").isEmpty();
        assertThat(LanguageAnalysis.of("Stary dom stoi obok kościoła.", "pl")).as("no analysis of its own").isEmpty();
    }
}
