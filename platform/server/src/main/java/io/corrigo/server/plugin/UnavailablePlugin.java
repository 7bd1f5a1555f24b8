package io.corrigo.server.plugin;

import io.corrigo.api.Answer;
import io.corrigo.api.Critic;
import io.corrigo.api.Critique;
import io.corrigo.api.CritiqueRequest;
import io.corrigo.api.QueryRewriter;
import io.corrigo.api.Reranker;
import io.corrigo.api.RewritePurpose;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Retriever;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import java.util.List;

/**
 * Stands in for a stage whose plugin could not be created (missing, disabled, invalid settings, or its factory
 * threw). Every call fails with the reason, so the engine degrades the answer and the trace says why, instead of
 * the query failing.
 */
final class UnavailablePlugin implements Retriever, RetrievalEvaluator, SearchProvider, Generator, Critic,
        QueryRewriter, Reranker {

    private final String reason;

    UnavailablePlugin(String reason) {
        this.reason = reason;
    }

    @Override
    public List<Passage> retrieve(Query query, int maxResults) {
        throw failure();
    }

    @Override
    public double score(Query query, Passage passage) {
        throw failure();
    }

    @Override
    public List<Passage> search(SearchRequest request) {
        throw failure();
    }

    @Override
    public Answer generate(GenerationRequest request) {
        throw failure();
    }

    @Override
    public Critique critique(CritiqueRequest request) {
        throw failure();
    }

    @Override
    public List<Passage> rerank(Query query, List<Passage> candidates) {
        throw failure();
    }

    @Override
    public String rewrite(String question, RewritePurpose purpose, String feedback) {
        throw failure();
    }

    private IllegalStateException failure() {
        return new IllegalStateException("plugin unavailable: " + reason);
    }
}
