package io.corrigo.engine.judge;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Critic;
import io.corrigo.api.Critique;
import io.corrigo.api.CritiqueRequest;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.api.text.Sentences;
import io.corrigo.engine.PipelinePlugins;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A pipeline's plugins as judges of an answer made elsewhere, for offline measures (the evaluation's faithfulness and
 * answer relevancy): its critic judges each sentence against a context, its retrieval evaluator how well the answer,
 * read as a passage, answers the question. Never part of a run; a judge that fails gives no figure, not a guess.
 */
public final class OfflineJudge {

    private final Critic critic;
    private final RetrievalEvaluator evaluator;
    private final EmbeddingService embeddings;

    public OfflineJudge(PipelinePlugins plugins) {
        this.critic = plugins.critic();
        this.evaluator = plugins.evaluator();
        this.embeddings = plugins.embeddings();
    }

    /**
     * Judges {@code answer} to {@code question} against {@code context} (its sentences) as the pipeline's critic
     * judges a candidate answer: each sentence supported fully, partly or not. Empty without a critic, for a blank
     * answer, or when the critic fails.
     */
    public Optional<Critique> critique(String question, List<String> context, String answer) {
        if (critic == null || answer == null || answer.isBlank()) {
            return Optional.empty();
        }
        try {
            Query query = new Query(question, embeddings.embed(question), null);
            List<ContextStrip> strips = new ArrayList<>();
            for (int i = 0; i < context.size(); i++) {
                strips.add(new ContextStrip(i + 1, context.get(i), Source.knowledgeBase("context", "context"), 1.0,
                        embeddings.embed(context.get(i))));
            }
            return Optional.ofNullable(critic.critique(new CritiqueRequest(query, strips, new Answer(answer, List.of(), false))));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * How well {@code answer} answers {@code question}: the probability the pipeline's retrieval evaluator gives the
     * answer read as a passage (answer relevancy, 0–1). Empty for a blank answer or when the evaluator fails.
     */
    public OptionalDouble relevance(String question, String answer) {
        if (answer == null || answer.isBlank()) {
            return OptionalDouble.empty();
        }
        try {
            Query query = new Query(question, embeddings.embed(question), null);
            List<Strip> strips = new ArrayList<>();
            List<String> sentences = Sentences.split(answer);
            for (int i = 0; i < sentences.size(); i++) {
                strips.add(new Strip(i, sentences.get(i), embeddings.embed(sentences.get(i))));
            }
            Passage passage = Passage.of("answer", answer, Source.knowledgeBase("answer", "answer"))
                    .withEmbeddings(embeddings.embed(answer), strips);
            double score = evaluator.score(query, passage);
            return Double.isNaN(score) ? OptionalDouble.empty() : OptionalDouble.of(Math.max(0, Math.min(1, score)));
        } catch (RuntimeException e) {
            return OptionalDouble.empty();
        }
    }
}
