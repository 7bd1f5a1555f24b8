package io.corrigo.api;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One document of a {@link Connector}'s source, as listed.
 *
 * @param id       stable while the item exists (a URL, a path, an object key)
 * @param name     the file name it is indexed under, its extension saying its type where the content does not
 *                 ({@code guide.md}, {@code index.html})
 * @param version  what changes when the item changes (an ETag, modification time and size, a hash)
 * @param metadata what the source says of it: {@code source_url}, {@code updated} / {@code created} (ISO dates),
 *                 {@code author}, {@code language}, {@code title}, own keys
 * @param readers  the groups that may read it where the source has permissions, or {@code null} when it has none
 *                 (the connector's own readers then apply)
 * @since 1.6.0
 */
public record SourceItem(String id, String name, String version, Map<String, String> metadata, Set<String> readers) {

    public SourceItem {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
        readers = readers == null ? null : Set.copyOf(readers);
    }

    public SourceItem(String id, String name, String version, Map<String, String> metadata) {
        this(id, name, version, metadata, null);
    }
}
