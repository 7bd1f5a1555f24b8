package io.corrigo.plugins.hybrid;

import io.corrigo.api.EmbeddingService;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The embedding model whose vectors an index holds. An index records it when it is created, and a retriever refuses
 * an index built with another model: vectors of two models are not comparable, and a silent mix would rank nonsense.
 *
 * @param modelId   the model's id
 * @param dimension its vectors' dimension
 */
public record IndexModel(String modelId, int dimension) {

    private static final Pattern MARKER = Pattern.compile("corrigo model=(.*) dimension=(-?\\d+)");

    /** The model this host embeds with. */
    public static IndexModel of(EmbeddingService embeddings) {
        return new IndexModel(embeddings.modelId(), embeddings.dimension());
    }

    /** The model a {@link #marker()} names, or {@code null} for text that is no marker (an index from elsewhere). */
    public static IndexModel parse(String marker) {
        Matcher m = marker == null ? null : MARKER.matcher(marker);
        return m != null && m.matches() ? new IndexModel(m.group(1), Integer.parseInt(m.group(2))) : null;
    }

    /** The model as one line of text, for an index that can keep a comment but no structured metadata. */
    public String marker() {
        return "corrigo model=" + modelId + " dimension=" + dimension;
    }

    /**
     * Checks that {@code index} (named {@code name}, e.g. "index corrigo-t1-kb") holds this model's vectors.
     *
     * @param found the model the index recorded, or {@code null} when it recorded none
     * @throws IllegalStateException naming both models and the way out
     */
    public void requireSame(IndexModel found, String name) {
        if (!equals(found)) {
            String held = found == null ? "an unknown model" : "model '" + found.modelId + "' (" + found.dimension + " dimensions)";
            throw new IllegalStateException(name + " holds vectors of " + held + ", this host embeds with '" + modelId
                    + "' (" + dimension + "): delete it and re-index the tenant's documents");
        }
    }
}
