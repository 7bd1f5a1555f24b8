package io.corrigo.server.pipeline;

import java.util.Map;
import java.util.Objects;

/**
 * One stage of a pipeline: the factory that serves it and its settings.
 *
 * @param factoryId  a plugin factory id, e.g. {@code lucene-retriever}
 * @param properties settings by name, as text
 */
public record StageConfig(String factoryId, Map<String, String> properties) {

    public StageConfig {
        Objects.requireNonNull(factoryId, "factoryId");
        properties = properties == null ? Map.of() : Map.copyOf(properties);
    }
}
