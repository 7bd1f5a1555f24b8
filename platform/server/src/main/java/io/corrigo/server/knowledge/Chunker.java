package io.corrigo.server.knowledge;

import io.corrigo.api.text.Sentences;
import io.corrigo.api.text.Terms;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts text into chunks of whole sentences, at most {@code maxWords} words each (a longer single sentence is a
 * chunk of its own). Each chunk keeps its sentences: they become its strips.
 */
final class Chunker {

    record Chunk(String text, List<String> sentences) {
    }

    private final int maxWords;

    Chunker(int maxWords) {
        this.maxWords = maxWords;
    }

    List<Chunk> chunk(String text) {
        List<Chunk> chunks = new ArrayList<>();
        List<String> current = new ArrayList<>();
        int words = 0;
        for (String sentence : Sentences.split(text)) {
            int n = Terms.tokens(sentence).size();
            if (!current.isEmpty() && words + n > maxWords) {
                chunks.add(new Chunk(String.join(" ", current), List.copyOf(current)));
                current.clear();
                words = 0;
            }
            current.add(sentence);
            words += n;
        }
        if (!current.isEmpty()) {
            chunks.add(new Chunk(String.join(" ", current), List.copyOf(current)));
        }
        return chunks;
    }
}
