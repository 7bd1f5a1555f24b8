package io.corrigo.testkit;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Passage;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.api.text.Sentences;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A few passages on distinct topics, each with a question it answers, cut and embedded as the host hands
 * passages to a {@link io.corrigo.api.KnowledgeIndex}: passage embedding, sentence strips with their embeddings.
 */
public final class SampleCorpus {

    /** A passage and a question only it answers. */
    public record Entry(Passage passage, String question) {
    }

    private static final String[][] TEXTS = {
            {"doc-tides", "Tides", "Ocean tides are caused mainly by the gravitational pull of the Moon. The Sun adds a smaller effect, and spring tides happen when both align.",
                    "What causes ocean tides?"},
            {"doc-bread", "Sourdough", "Sourdough bread rises because wild yeast and lactic acid bacteria ferment the dough. The starter is fed with flour and water every day.",
                    "Why does sourdough bread rise?"},
            {"doc-volcano", "Volcanoes", "A volcano erupts when pressure from molten magma and dissolved gases forces it through the crust. Basaltic lava flows easily.",
                    "Why does a volcano erupt?"},
            {"doc-bees", "Honey bees", "Honey bees communicate the location of flowers with a waggle dance. The angle of the dance points to the direction of the food.",
                    "How do honey bees tell each other where flowers are?"},
            {"doc-copper", "Copper wire", "Copper is used for electrical wiring because it conducts electricity well and is ductile. Aluminium is cheaper but conducts worse.",
                    "Why is copper used for electrical wires?"},
            {"doc-chess", "Castling", "In chess, castling moves the king two squares towards a rook, and the rook jumps over the king. Neither piece may have moved before.",
                    "How does castling work in chess?"},
    };

    /**
     * The scope of each passage, by position: collections, readers (empty: everyone), language, last update, tags.
     * Chosen so that every filter of the retriever contract keeps some passages and drops others.
     */
    private static final String[][] SCOPES = {
            {"science", "", "en", "2024-05-01", "ocean,moon"},
            {"kitchen", "chefs", "de", "2025-02-01", "baking"},
            {"science", "geologists,chefs", "en", "2025-06-01", "earth"},
            {"science,nature", "", "en", "2023-01-01", "insects"},
            {"engineering", "engineers", "en", "2025-09-01", "metals"},
            {"games", "", "fr", "2022-01-01", "board games"},
    };

    private SampleCorpus() {
    }

    /**
     * The entries with a scope each in their metadata, as the host writes it ({@link io.corrigo.api.PassageFilter}):
     * collections, readers, {@code language}, {@code updated} and tags.
     */
    public static List<Entry> scoped(EmbeddingService embeddings) {
        List<Entry> plain = entries(embeddings);
        List<Entry> scoped = new ArrayList<>();
        for (int i = 0; i < plain.size(); i++) {
            Passage p = plain.get(i).passage();
            Map<String, String> metadata = new java.util.HashMap<>(Map.of(
                    io.corrigo.api.PassageFilter.COLLECTIONS, SCOPES[i][0], "language", SCOPES[i][2],
                    io.corrigo.api.PassageFilter.UPDATED, SCOPES[i][3], io.corrigo.api.PassageFilter.TAGS, SCOPES[i][4]));
            if (!SCOPES[i][1].isEmpty()) {
                metadata.put(io.corrigo.api.PassageFilter.READERS, SCOPES[i][1]);
            }
            scoped.add(new Entry(new Passage(p.id(), p.text(), p.source(), 0, p.embedding(), p.strips(), metadata),
                    plain.get(i).question()));
        }
        return scoped;
    }

    /** The entries, embedded with {@code embeddings}. */
    public static List<Entry> entries(EmbeddingService embeddings) {
        List<Entry> entries = new ArrayList<>();
        for (String[] t : TEXTS) {
            List<String> sentences = Sentences.split(t[2]);
            List<Strip> strips = new ArrayList<>();
            for (int i = 0; i < sentences.size(); i++) {
                strips.add(new Strip(i, sentences.get(i), embeddings.embed(sentences.get(i))));
            }
            Passage passage = new Passage(t[0] + "#0", t[2], Source.knowledgeBase(t[0], t[1]), 0,
                    embeddings.embed(t[2]), strips, Map.of());
            entries.add(new Entry(passage, t[3]));
        }
        return entries;
    }
}
