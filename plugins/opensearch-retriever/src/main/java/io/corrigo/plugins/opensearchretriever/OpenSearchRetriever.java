package io.corrigo.plugins.opensearchretriever;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Origin;
import io.corrigo.api.Passage;
import io.corrigo.api.PassageFilter;
import io.corrigo.api.Query;
import io.corrigo.api.Retriever;
import io.corrigo.api.Source;
import io.corrigo.plugins.hybrid.FusionSettings;
import io.corrigo.plugins.hybrid.IndexModel;
import io.corrigo.plugins.hybrid.RankFusion;
import io.corrigo.plugins.hybrid.StoredJson;
import io.corrigo.plugins.hybrid.Vectors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One tenant's knowledge base in an OpenSearch index.
 *
 * <p>Each passage is one document: its text (BM25), its embedding (a {@code knn_vector} with an HNSW graph on the
 * {@code lucene} engine, cosine), and, stored but not indexed, its sentence strips with their embeddings, so that
 * grading and refining cost no embedding calls. A query runs BM25 and k-NN in one {@code _msearch} (ids only), fuses
 * the two lists by weighted reciprocal rank ({@link RankFusion}) and fetches the kept passages whole with one {@code _mget}. Writes use {@code refresh=true}: a passage is retrievable when
 * {@link #upsert} returns, on every host. The index records the embedding model it was built with and refuses another.
 */
final class OpenSearchRetriever implements Retriever, KnowledgeIndex {

    /**
     * @param fusion   how the BM25 and k-NN lists are fused
     * @param replicas replica shards of a new index
     */
    record Settings(FusionSettings fusion, int replicas) {
    }

    private static final ObjectMapper JSON = OpenSearchClient.json();
    /** The object holding a passage's scope as keywords (see {@link #filter}). */
    private static final String SCOPE = "scope";
    private static final String SCOPE_UPDATED = "scope_updated";

    private final OpenSearchClient client;
    private final String index;
    private final EmbeddingService embeddings;
    private final Settings settings;
    private volatile boolean ready;

    OpenSearchRetriever(OpenSearchClient client, String index, EmbeddingService embeddings, Settings settings) {
        this.client = client;
        this.index = index;
        this.embeddings = embeddings;
        this.settings = settings;
    }

    /** The index's name. */
    String index() {
        return index;
    }

    /** Creates the index on first use, or checks that an existing one holds vectors of this host's model. */
    private void ensureIndex() {
        if (ready) {
            return;
        }
        synchronized (this) {
            if (ready) {
                return;
            }
            int status = client.head("/" + index);
            if (status == 404) {
                try {
                    client.put("/" + index, definition());
                } catch (OpenSearchClient.OpenSearchException e) {
                    if (!e.getMessage().contains("already exists")) { // another host created it first
                        throw e;
                    }
                }
            } else if (status / 100 != 2) {
                throw new IllegalStateException("OpenSearch answered HTTP " + status + " for index " + index);
            }
            JsonNode meta = client.get("/" + index + "/_mapping").path(index).path("mappings").path("_meta").path("corrigo");
            IndexModel found = meta.isObject() ? new IndexModel(meta.path("model").asText(""), meta.path("dimension").asInt(-1)) : null;
            IndexModel.of(embeddings).requireSame(found, "index " + index);
            ready = true;
        }
    }

    private ObjectNode definition() {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode indexSettings = root.putObject("settings").putObject("index");
        indexSettings.put("knn", true);
        indexSettings.put("number_of_shards", 1);
        indexSettings.put("number_of_replicas", settings.replicas());
        ObjectNode mappings = root.putObject("mappings");
        ObjectNode meta = mappings.putObject("_meta").putObject("corrigo");
        meta.put("model", embeddings.modelId());
        meta.put("dimension", embeddings.dimension());
        ObjectNode properties = mappings.putObject("properties");
        properties.putObject("document_id").put("type", "keyword");
        properties.putObject("title").put("type", "text");
        properties.putObject("uri").put("type", "keyword").put("index", false);
        properties.putObject("origin").put("type", "keyword");
        properties.putObject("text").put("type", "text");
        ObjectNode vector = properties.putObject("embedding");
        vector.put("type", "knn_vector");
        vector.put("dimension", embeddings.dimension());
        ObjectNode method = vector.putObject("method");
        method.put("name", "hnsw");
        method.put("space_type", "cosinesimil");
        method.put("engine", "lucene"); // faiss and nmslib need native libraries; lucene runs wherever OpenSearch does
        properties.putObject("strips").put("type", "object").put("enabled", false);
        properties.putObject("metadata").put("type", "object").put("enabled", false);
        // the passage's scope, searchable: every value a keyword (what filters match), the update day a date
        properties.putObject(SCOPE).put("type", "object").put("dynamic", true);
        properties.putObject(SCOPE_UPDATED).put("type", "date").put("format", "yyyy-MM-dd");
        ObjectNode keywords = mappings.putArray("dynamic_templates").addObject().putObject("scope_keywords");
        keywords.put("path_match", SCOPE + ".*");
        keywords.put("match_mapping_type", "string");
        keywords.putObject("mapping").put("type", "keyword").put("ignore_above", 200);
        return root;
    }

    @Override
    public void upsert(List<Passage> passages) {
        if (passages.isEmpty()) {
            return;
        }
        ensureIndex();
        StringBuilder bulk = new StringBuilder();
        try {
            for (Passage passage : passages) {
                ObjectNode action = JSON.createObjectNode();
                action.putObject("index").put("_index", index).put("_id", passage.id());
                bulk.append(JSON.writeValueAsString(action)).append('\n');
                bulk.append(JSON.writeValueAsString(document(passage))).append('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        JsonNode answer = client.postNdjson("/_bulk?refresh=true", bulk.toString());
        if (answer.path("errors").asBoolean(false)) {
            for (JsonNode item : answer.path("items")) {
                JsonNode error = item.path("index").path("error");
                if (!error.isMissingNode()) {
                    throw new IllegalStateException("OpenSearch refused passage " + item.path("index").path("_id").asText()
                            + ": " + error.path("reason").asText(error.toString()));
                }
            }
        }
    }

    private ObjectNode document(Passage passage) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("document_id", passage.source().documentId());
        doc.put("title", passage.source().title());
        doc.put("uri", passage.source().uri());
        doc.put("origin", passage.source().origin().name());
        doc.put("text", passage.text());
        doc.set("embedding", StoredJson.vector(Vectors.of(passage, embeddings)));
        doc.set("strips", StoredJson.strips(passage.strips(), embeddings));
        doc.set("metadata", StoredJson.metadata(passage.metadata()));
        ObjectNode scope = doc.putObject(SCOPE);
        passage.metadata().forEach((key, value) -> {
            if (!key.contains(".") && !key.isBlank()) { // a dot would make an object path of the key
                ArrayNode values = scope.putArray(key);
                PassageFilter.values(key, value).forEach(values::add);
            }
        });
        java.time.LocalDate updated = PassageFilter.updatedOf(passage);
        if (updated != null) {
            doc.put(SCOPE_UPDATED, updated.toString());
        }
        return doc;
    }

    @Override
    public void deleteDocument(String documentId) {
        ensureIndex();
        ObjectNode query = JSON.createObjectNode();
        query.putObject("query").putObject("term").put("document_id", documentId);
        client.post("/" + index + "/_delete_by_query?refresh=true&conflicts=proceed", query);
    }

    @Override
    public long size() {
        ensureIndex();
        return client.get("/" + index + "/_count").path("count").asLong();
    }

    @Override
    public List<Passage> retrieve(Query query, int maxResults) {
        ensureIndex();
        FusionSettings fusion = settings.fusion();
        int candidates = fusion.candidates(maxResults);
        boolean vectors = fusion.usesVectors(query.embedding() != null);
        StringBuilder searches = new StringBuilder();
        try {
            ObjectNode header = JSON.createObjectNode().put("index", index);
            ObjectNode lexical = JSON.createObjectNode().put("size", candidates).put("_source", false);
            ObjectNode filter = filter(query.filter());
            if (filter == null) {
                lexical.putObject("query").putObject("match").put("text", query.text());
            } else {
                ObjectNode bool = lexical.putObject("query").putObject("bool");
                bool.putObject("must").putObject("match").put("text", query.text());
                bool.set("filter", filter);
            }
            searches.append(JSON.writeValueAsString(header)).append('\n').append(JSON.writeValueAsString(lexical)).append('\n');
            if (vectors) {
                ObjectNode knn = JSON.createObjectNode().put("size", candidates).put("_source", false);
                ObjectNode field = knn.putObject("query").putObject("knn").putObject("embedding");
                field.set("vector", StoredJson.vector(query.embedding()));
                field.put("k", candidates);
                if (filter != null) {
                    field.set("filter", filter); // efficient k-NN filtering: the graph is searched among kept passages
                }
                searches.append(JSON.writeValueAsString(header)).append('\n').append(JSON.writeValueAsString(knn)).append('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        JsonNode responses = client.postNdjson("/_msearch", searches.toString()).path("responses");
        RankFusion<String> fused = new RankFusion<>(fusion.rrfK());
        for (int list = 0; list < responses.size(); list++) {
            JsonNode response = responses.get(list);
            if (response.has("error")) {
                throw new IllegalStateException("OpenSearch search failed: " + response.path("error").path("reason").asText());
            }
            List<String> ids = new ArrayList<>();
            response.path("hits").path("hits").forEach(hit -> ids.add(hit.path("_id").asText()));
            if (list == 0) {
                fused.add("bm25", ids, fusion.lexicalWeight(vectors));
            } else {
                fused.add("knn", ids, fusion.vectorWeight());
            }
        }
        List<RankFusion.Fused<String>> best = fused.top(maxResults);
        if (best.isEmpty()) {
            return List.of();
        }
        // the candidate lists carry ids only; the few passages kept are fetched whole (text, strips, vectors)
        ObjectNode ids = JSON.createObjectNode();
        ArrayNode idList = ids.putArray("ids");
        best.forEach(hit -> idList.add(hit.key()));
        Map<String, JsonNode> sources = new HashMap<>();
        for (JsonNode doc : client.post("/" + index + "/_mget", ids).path("docs")) {
            if (doc.path("found").asBoolean(false)) {
                sources.put(doc.path("_id").asText(), doc.path("_source"));
            }
        }
        List<Passage> result = new ArrayList<>();
        for (RankFusion.Fused<String> hit : best) {
            JsonNode source = sources.get(hit.key());
            if (source != null) { // deleted between the search and the fetch
                result.add(passage(hit.key(), source, hit.score(), hit.ranks()));
            }
        }
        return result;
    }

    /** The filter as an OpenSearch {@code bool} query of filter clauses, or {@code null} when it keeps everything. */
    private static ObjectNode filter(PassageFilter filter) {
        if (filter.isNone()) {
            return null;
        }
        ObjectNode root = JSON.createObjectNode();
        ArrayNode clauses = root.putObject("bool").putArray("filter");
        if (!filter.collections().isEmpty()) {
            ArrayNode values = clauses.addObject().putObject("terms").putArray(SCOPE + "." + PassageFilter.COLLECTIONS);
            filter.collections().forEach(values::add);
        }
        filter.metadata().forEach((key, value) -> clauses.addObject().putObject("term").put(SCOPE + "." + key, value));
        if (filter.updatedAfter() != null || filter.updatedBefore() != null) {
            ObjectNode range = clauses.addObject().putObject("range").putObject(SCOPE_UPDATED);
            if (filter.updatedAfter() != null) {
                range.put("gte", filter.updatedAfter().toString());
            }
            if (filter.updatedBefore() != null) {
                range.put("lte", filter.updatedBefore().toString());
            }
        }
        if (filter.readers() != null) {
            // readable by one of the caller's groups, or by everyone (no readers named)
            ObjectNode readable = clauses.addObject().putObject("bool");
            readable.put("minimum_should_match", 1);
            ArrayNode should = readable.putArray("should");
            ArrayNode groups = should.addObject().putObject("terms").putArray(SCOPE + "." + PassageFilter.READERS);
            filter.readerTerms().forEach(groups::add);
            should.addObject().putObject("bool").putObject("must_not").putObject("exists")
                    .put("field", SCOPE + "." + PassageFilter.READERS);
        }
        return root;
    }

    private static Passage passage(String id, JsonNode source, double score, String ranks) {
        Map<String, String> metadata = StoredJson.metadata(source.path("metadata"));
        metadata.put("ranks", ranks);
        Origin origin = Origin.valueOf(source.path("origin").asText(Origin.KNOWLEDGE_BASE.name()));
        String uri = source.path("uri").isNull() ? null : source.path("uri").asText(null);
        return new Passage(id, source.path("text").asText(), new Source(origin, source.path("document_id").asText(),
                source.path("title").asText(null), uri), score, StoredJson.embedding(source.path("embedding")),
                StoredJson.strips(source.path("strips")), metadata);
    }
}
