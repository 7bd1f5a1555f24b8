package io.corrigo.engine.refine;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Passage;
import io.corrigo.api.Strip;
import io.corrigo.api.text.Boilerplate;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Fills in what a passage lacks for grading and refinement: its embedding and its sentence strips with their
 * embeddings. Knowledge-base passages usually have both from index time and pass through untouched; web results
 * are embedded here, one passage per task: each sentence, and the passage as the normalised mean of its sentences
 * ({@link Embedding#meanOf}), exactly as ingestion embeds a knowledge-base passage. Their sentences are the prose
 * ones ({@link Boilerplate#proseSentences}): a URL, licence line or paragraph label is never a strip to quote.
 */
public final class PassageEmbedder {

    private final EmbeddingService embeddings;
    private final Executor executor;

    public PassageEmbedder(EmbeddingService embeddings, Executor executor) {
        this.embeddings = embeddings;
        this.executor = executor;
    }

    /** The passages, each with an embedding and embedded strips where the embedding service allows. */
    public List<Passage> ensureEmbedded(List<Passage> passages, TraceRecorder trace) {
        List<CompletableFuture<Passage>> futures = passages.stream()
                .map(p -> CompletableFuture.supplyAsync(() -> embed(p), executor))
                .toList();
        List<Passage> result = new ArrayList<>(passages.size());
        for (int i = 0; i < futures.size(); i++) {
            try {
                result.add(futures.get(i).join());
            } catch (RuntimeException e) {
                trace.notice(Stage.REFINE, "embedding passage " + passages.get(i).id() + " failed: "
                        + Failures.describe(e), true);
                result.add(withPlainStrips(passages.get(i)));
            }
        }
        return result;
    }

    private Passage embed(Passage passage) {
        boolean stripsComplete = !passage.strips().isEmpty()
                && passage.strips().stream().allMatch(s -> s.embedding() != null);
        if (passage.embedding() != null && stripsComplete) {
            return passage;
        }
        List<Strip> strips = new ArrayList<>();
        List<String> sentences = passage.strips().isEmpty()
                ? Boilerplate.proseSentences(passage.text())
                : passage.strips().stream().map(Strip::text).toList();
        for (int i = 0; i < sentences.size(); i++) {
            Strip existing = i < passage.strips().size() ? passage.strips().get(i) : null;
            Embedding e = existing != null && existing.embedding() != null ? existing.embedding() : embeddings.embed(sentences.get(i));
            strips.add(new Strip(i, sentences.get(i), e));
        }
        // as ingestion embeds a knowledge-base passage: the mean of its sentences (one model call less per result)
        Embedding passageEmbedding = passage.embedding() != null ? passage.embedding()
                : strips.isEmpty() ? embeddings.embed(passage.text())
                : Embedding.meanOf(strips.stream().map(Strip::embedding).toList());
        return passage.withEmbeddings(passageEmbedding, strips);
    }

    private static Passage withPlainStrips(Passage passage) {
        if (!passage.strips().isEmpty()) {
            return passage;
        }
        List<String> sentences = Boilerplate.proseSentences(passage.text());
        List<Strip> strips = new ArrayList<>();
        for (int i = 0; i < sentences.size(); i++) {
            strips.add(new Strip(i, sentences.get(i), null));
        }
        return passage.withEmbeddings(passage.embedding(), strips);
    }
}
