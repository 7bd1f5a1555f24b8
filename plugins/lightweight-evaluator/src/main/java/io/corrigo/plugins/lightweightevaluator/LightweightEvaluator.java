package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Strip;
import io.corrigo.api.text.LexicalCoverage;
import io.corrigo.api.text.Terms;
import java.util.List;

/**
 * Relevance from two cheap signals:
 * <ul>
 *   <li><b>semantic</b>: the cosine of the question with the passage and with its best sentence (a passage that
 *       answers usually has one sentence very close to the question), averaged and rescaled from
 *       [floor, ceiling] to [0, 1];</li>
 *   <li><b>lexical</b>: IDF-weighted coverage of the question's content words ({@link LexicalCoverage}), which
 *       catches a missing decisive word that embeddings blur over.</li>
 * </ul>
 * score = w · semantic + (1 − w) · lexical. Embeddings missing from a passage are computed with the host's
 * service; with no query embedding at all the score is lexical only.
 */
final class LightweightEvaluator implements RetrievalEvaluator {

    /** The calibration; defaults chosen on the development split of the Corrigo benchmark. */
    record Calibration(double semanticWeight, double cosineFloor, double cosineCeiling) {
        static final Calibration DEFAULT = new Calibration(0.7, 0.15, 0.75);

        Calibration {
            if (cosineCeiling <= cosineFloor) {
                throw new IllegalArgumentException("cosineCeiling must be above cosineFloor");
            }
        }
    }

    private final Calibration calibration;
    private final EmbeddingService embeddings;

    LightweightEvaluator(Calibration calibration, EmbeddingService embeddings) {
        this.calibration = calibration;
        this.embeddings = embeddings;
    }

    @Override
    public double score(Query query, Passage passage) {
        double lexical = LexicalCoverage.of(Terms.contentTerms(query.text()), passage.text(), query.termStatistics());
        if (query.embedding() == null) {
            return lexical;
        }
        Embedding passageVector = passage.embedding() != null ? passage.embedding() : embeddings.embed(passage.text());
        double whole = query.embedding().cosine(passageVector);
        double bestSentence = whole;
        for (Strip strip : passage.strips()) {
            if (strip.embedding() != null) {
                bestSentence = Math.max(bestSentence, query.embedding().cosine(strip.embedding()));
            }
        }
        return blend((whole + bestSentence) / 2, lexical);
    }

    @Override
    public double scoreStrip(Query query, Passage passage, Strip strip) {
        double lexical = LexicalCoverage.of(Terms.contentTerms(query.text()), strip.text(), query.termStatistics());
        if (query.embedding() == null) {
            return lexical;
        }
        Embedding vector = strip.embedding() != null ? strip.embedding() : embeddings.embed(strip.text());
        return blend(query.embedding().cosine(vector), lexical);
    }

    private double blend(double cosine, double lexical) {
        double semantic = (cosine - calibration.cosineFloor()) / (calibration.cosineCeiling() - calibration.cosineFloor());
        semantic = Math.max(0, Math.min(1, semantic));
        double w = calibration.semanticWeight();
        return Math.max(0, Math.min(1, w * semantic + (1 - w) * lexical));
    }

}
