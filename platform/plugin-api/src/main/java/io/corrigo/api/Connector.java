package io.corrigo.api;

import java.util.List;
import java.util.Map;

/**
 * A source of documents that Corrigo keeps a knowledge base in step with — a website, a folder, a bucket, a
 * repository. The host calls {@link #list} on the connector's schedule, compares each item's {@link SourceItem#version()}
 * with the one it stored at the last sync, {@link #fetch}es only the new and changed items, indexes only those whose
 * content changed (by content hash), and removes the documents of items no longer listed. It keeps each item's
 * metadata (source URL, dates) and, where the source has them, its readers.
 *
 * <p><b>How to implement.</b> {@code list} says what the source holds now, cheaply: names and change markers (an
 * ETag, a modification time and size, a blob or object hash), not contents. Use {@code known} for conditional requests
 * (a crawler sends {@code If-None-Match} and reports the same version on a 304). Throw when the source cannot be read
 * at all — the host then removes nothing and reports the error; an item that alone fails may be left out of the list
 * only if it is really gone, else list it with its old version. Instances are used by one sync at a time.
 *
 * @since 1.6.0
 */
public interface Connector {

    /**
     * Everything the source holds now.
     *
     * @param known the version of each item as of the last sync, by item id; empty for a first sync
     * @return each item once, by a stable id
     */
    List<SourceItem> list(Map<String, String> known);

    /** The content of an item {@link #list} returned. */
    SourceContent fetch(SourceItem item);
}
