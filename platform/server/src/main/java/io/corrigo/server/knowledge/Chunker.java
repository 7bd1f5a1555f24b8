package io.corrigo.server.knowledge;

import io.corrigo.api.text.Sentences;
import io.corrigo.api.text.Terms;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts text into chunks of whole sentences, at most {@code maxWords} words each (a longer single sentence is a
 * chunk of its own). With an overlap of n sentences, each chunk starts with the last n sentences of the one before
 * (at most all but one, so every chunk brings something new). Each chunk keeps its sentences: they become its strips.
 */
final class Chunker {

    record Chunk(String text, List<String> sentences) {
    }

    private final int maxWords;
    private final int overlapSentences;

    Chunker(int maxWords, int overlapSentences) {
        this.maxWords = maxWords;
        this.overlapSentences = overlapSentences;
    }

    List<Chunk> chunk(String text) {
        List<Chunk> chunks = new ArrayList<>();
        List<String> current = new ArrayList<>();
        int words = 0;
        for (String sentence : Sentences.split(text)) {
            int n = Terms.tokens(sentence).size();
            if (!current.isEmpty() && words + n > maxWords) {
                chunks.add(new Chunk(String.join(" ", current), List.copyOf(current)));
                List<String> carried = new ArrayList<>(
                        current.subList(current.size() - Math.min(overlapSentences, current.size() - 1), current.size()));
                current.clear();
                current.addAll(carried);
                words = carried.stream().mapToInt(c -> Terms.tokens(c).size()).sum();
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
