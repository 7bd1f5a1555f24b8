package io.corrigo.api;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns text into {@link Embedding}s with the host's embedding model.
 *
 * <p>Offered to plugins through {@link PluginContext#embeddings()}. All vectors of one tenant come from one
 * model, so a retriever can store them at index time and an evaluator can compare them at query time. Plugins
 * should not assume a particular model: ask {@link #modelId()} and {@link #dimension()} and store them with
 * any index built from these vectors, so that a model change is noticed and the index rebuilt.
 *
 * <p>Implementations are thread-safe.
 */
public interface EmbeddingService {

    /** Embeds one text. */
    Embedding embed(String text);

    /** Embeds several texts, in order. The default embeds them one by one. */
    default List<Embedding> embedAll(List<String> texts) {
        List<Embedding> result = new ArrayList<>(texts.size());
        for (String text : texts) {
            result.add(embed(text));
        }
        return result;
    }

    /** The number of dimensions of every vector this service returns. */
    int dimension();

    /** A stable name of the model, e.g. {@code all-minilm-l6-v2-q}. */
    String modelId();
}
