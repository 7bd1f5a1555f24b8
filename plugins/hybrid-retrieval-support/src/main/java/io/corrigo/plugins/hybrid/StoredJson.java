package io.corrigo.plugins.hybrid;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Strip;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A passage's stored parts as JSON, for engines that keep documents as JSON (OpenSearch's {@code _source}, a
 * PostgreSQL {@code jsonb} column): strips as {@code [{"index", "text", "embedding": [..]}]}, vectors as number
 * arrays, metadata as an object of strings. Needs Jackson, which the retriever bundles.
 */
public final class StoredJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private StoredJson() {
    }

    /** A vector as a JSON array of numbers. */
    public static ArrayNode vector(Embedding embedding) {
        ArrayNode array = NODES.arrayNode();
        for (float v : embedding.toArray()) {
            array.add(v);
        }
        return array;
    }

    /** The vector a JSON array holds, or {@code null} for a missing or empty one. */
    public static Embedding embedding(JsonNode array) {
        if (array == null || !array.isArray() || array.isEmpty()) {
            return null;
        }
        float[] values = new float[array.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) array.get(i).asDouble();
        }
        return Embedding.of(values);
    }

    /** The strips with their vectors (embedded when missing), in order. */
    public static ArrayNode strips(List<Strip> strips, EmbeddingService embeddings) {
        ArrayNode array = NODES.arrayNode();
        for (Strip strip : strips) {
            ObjectNode s = array.addObject();
            s.put("index", strip.index());
            s.put("text", strip.text());
            s.set("embedding", vector(Vectors.of(strip, embeddings)));
        }
        return array;
    }

    /** The strips a JSON array holds, ordered by their index. */
    public static List<Strip> strips(JsonNode array) {
        List<Strip> strips = new ArrayList<>();
        for (JsonNode s : array) {
            strips.add(new Strip(s.path("index").asInt(), s.path("text").asText(), embedding(s.path("embedding"))));
        }
        strips.sort(Comparator.comparingInt(Strip::index));
        return strips;
    }

    /** Metadata as a JSON object. */
    public static ObjectNode metadata(Map<String, String> metadata) {
        ObjectNode object = NODES.objectNode();
        metadata.forEach(object::put);
        return object;
    }

    /** The metadata a JSON object holds, every value as text. */
    public static Map<String, String> metadata(JsonNode object) {
        Map<String, String> metadata = new LinkedHashMap<>();
        object.fields().forEachRemaining(f -> metadata.put(f.getKey(), f.getValue().asText()));
        return metadata;
    }
}
