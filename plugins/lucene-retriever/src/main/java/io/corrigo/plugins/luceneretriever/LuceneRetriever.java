package io.corrigo.plugins.luceneretriever;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Origin;
import io.corrigo.api.Passage;
import io.corrigo.api.PassageFilter;
import io.corrigo.api.Query;
import io.corrigo.api.Retriever;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.api.TermStatistics;
import io.corrigo.plugins.hybrid.FusionSettings;
import io.corrigo.plugins.hybrid.RankFusion;
import io.corrigo.plugins.hybrid.Vectors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.FilterCodec;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * A tenant's knowledge base in one Lucene index: hybrid BM25 + HNSW retrieval, fused by weighted reciprocal
 * rank. Each document is one passage; its strips and all embeddings are stored fields, returned with every hit.
 * Thread-safe: one {@link IndexWriter}, readers through a {@link SearcherManager}.
 *
 * <p>Built for millions of passages on one host: the passage vectors' HNSW graph is int8 scalar-quantized
 * ({@link Lucene99HnswScalarQuantizedVectorsFormat}: a quarter of the memory, faster graph search; the full vectors
 * are kept for re-scoring), ingestion's many small commits are merged into few large segments (a tiered policy with
 * few segments per tier and a large floor), and the segments of a query are searched concurrently on the factory's
 * executor. Indexes written before keep their format: Lucene reads each segment with the format it was written in.
 */
final class LuceneRetriever implements Retriever, KnowledgeIndex, AutoCloseable {

    private static final String ID = "id";
    private static final String DOC_ID = "doc_id";
    private static final String TITLE = "title";
    private static final String URI = "uri";
    private static final String TEXT = "text";
    private static final String VECTOR = "vector";
    private static final String VECTOR_BYTES = "vector_bytes";
    private static final String STRIP = "strip";
    private static final String STRIP_VECTOR = "strip_vector";
    private static final String META_PREFIX = "meta.";
    /** Indexed (not stored) terms of the passage's scope, one field per metadata key: what filters search. */
    private static final String FILTER_PREFIX = "f.";
    /** Present on a passage readable by named groups only; a passage without it is readable by everyone. */
    private static final String RESTRICTED = "f#restricted";
    private static final String UPDATED_DAY = "f#updated";
    /** Metadata values longer than this are stored but not filterable (no one filters on a paragraph). */
    private static final int MAX_FILTER_VALUE = 200;

    private final FusionSettings settings;
    private final EmbeddingService embeddings;
    private final Analyzer analyzer = LanguageAnalysis.analyzer();
    private final FSDirectory directory;
    private final IndexWriter writer;
    private final SearcherManager searchers;
    /** Runs the compaction after a bulk load; one daemon thread, created with the retriever. */
    private final java.util.concurrent.ScheduledExecutorService settling =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "lucene-compaction");
                t.setDaemon(true);
                return t;
            });
    private final java.util.concurrent.atomic.AtomicLong addedSinceCompaction = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicLong lastWrite = new java.util.concurrent.atomic.AtomicLong();
    private volatile boolean compacting;

    /** A bulk load is this many passages or more: once writes pause, the index is merged down to few segments. */
    static final int BULK_PASSAGES = 20_000;
    /** How long writes must pause before a bulk load counts as over. */
    static final long SETTLE_MILLIS = 10_000;
    /** The segments a compaction leaves: every query searches each segment's HNSW graph on its own. */
    static final int COMPACT_SEGMENTS = 4;

    LuceneRetriever(Path indexDirectory, EmbeddingService embeddings, FusionSettings settings) {
        this(indexDirectory, embeddings, settings, null);
    }

    /** @param segmentSearch where a query's segments are searched concurrently, or {@code null} for one thread */
    LuceneRetriever(Path indexDirectory, EmbeddingService embeddings, FusionSettings settings,
                    java.util.concurrent.Executor segmentSearch) {
        this.settings = settings;
        this.embeddings = embeddings;
        try {
            Files.createDirectories(indexDirectory);
            this.directory = FSDirectory.open(indexDirectory);
            TieredMergePolicy merges = new TieredMergePolicy();
            merges.setSegmentsPerTier(4); // fewer, larger segments: fewer HNSW graphs for every query to search
            merges.setFloorSegmentMB(64); // ingestion's 1,000-passage commits are merged up early
            this.writer = new IndexWriter(directory, new IndexWriterConfig(analyzer)
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                    .setCodec(codec())
                    .setRAMBufferSizeMB(128)
                    .setMergePolicy(merges));
            this.searchers = new SearcherManager(writer, new SearcherFactory() {
                @Override
                public IndexSearcher newSearcher(IndexReader reader, IndexReader previous) {
                    return new IndexSearcher(reader, segmentSearch);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the Lucene index at " + indexDirectory, e);
        }
    }

    /** How many segments the index has now (each searched on its own). */
    int segments() throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            return searcher.getIndexReader().leaves().size();
        } finally {
            searchers.release(searcher);
        }
    }

    /** The default codec, with the passage vectors' graph int8-quantized. */
    private static Codec codec() {
        KnnVectorsFormat quantized = new Lucene99HnswScalarQuantizedVectorsFormat();
        return new FilterCodec(Codec.getDefault().getName(), Codec.getDefault()) {
            private final KnnVectorsFormat perField = new PerFieldKnnVectorsFormat() {
                @Override
                public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                    return quantized;
                }
            };

            @Override
            public KnnVectorsFormat knnVectorsFormat() {
                return perField;
            }
        };
    }

    @Override
    public List<Passage> retrieve(Query query, int maxResults) {
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                int candidates = settings.candidates(maxResults);
                boolean vectors = query.embedding() != null && searcher.getIndexReader().numDocs() > 0;
                RankFusion<Integer> fused = new RankFusion<>(settings.rrfK());
                org.apache.lucene.search.Query scope = LuceneFilters.of(query.filter());
                org.apache.lucene.search.Query lexical = lexicalQuery(query.text());
                if (lexical != null) {
                    fused.add("bm25", docs(searcher.search(LuceneFilters.within(lexical, scope), candidates).scoreDocs),
                            1 - settings.vectorWeight());
                }
                if (vectors) {
                    // the scope is the k-NN search's own filter: Lucene searches the graph (or, for a narrow scope,
                    // every kept vector exactly) among the kept passages only
                    KnnFloatVectorQuery knn = new KnnFloatVectorQuery(VECTOR, query.embedding().toArray(), candidates, scope);
                    fused.add("vector", docs(searcher.search(knn, candidates).scoreDocs), settings.vectorWeight());
                }
                List<Passage> result = new ArrayList<>();
                for (RankFusion.Fused<Integer> hit : fused.top(maxResults)) {
                    Document doc = searcher.storedFields().document(hit.key());
                    result.add(toPassage(doc, hit.score(), hit.ranks()));
                }
                return result;
            } finally {
                searchers.release(searcher);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Lucene search failed", e);
        }
    }

    private static List<Integer> docs(ScoreDoc[] hits) {
        List<Integer> docs = new ArrayList<>(hits.length);
        for (ScoreDoc hit : hits) {
            docs.add(hit.doc);
        }
        return docs;
    }

    /** The question's words on the English field, and on its own language's field when it is in one. */
    private org.apache.lucene.search.Query lexicalQuery(String text) throws IOException {
        BooleanQuery.Builder builder = new BooleanQuery.Builder();
        Optional<String> language = LanguageAnalysis.of(text, null);
        int clauses = terms(builder, TEXT, language.map(l -> LanguageAnalysis.withoutStopWords(text, l)).orElse(text), 0);
        if (language.isPresent()) {
            clauses = terms(builder, LanguageAnalysis.field(language.get()), text, clauses);
        }
        return clauses == 0 ? null : builder.build();
    }

    private int terms(BooleanQuery.Builder builder, String field, String text, int clauses) throws IOException {
        try (TokenStream stream = analyzer.tokenStream(field, text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken() && clauses < BooleanQuery.getMaxClauseCount()) {
                builder.add(new TermQuery(new Term(field, term.toString())), BooleanClause.Occur.SHOULD);
                clauses++;
            }
            stream.end();
        }
        return clauses;
    }

    @Override
    public Optional<TermStatistics> termStatistics() {
        return Optional.of(word -> {
            try {
                String analysed = analyseOne(word);
                if (analysed == null) {
                    return 0.0; // a stop word to Lucene: carries nothing
                }
                IndexSearcher searcher = searchers.acquire();
                try {
                    IndexReader reader = searcher.getIndexReader();
                    long n = reader.numDocs();
                    long df = reader.docFreq(new Term(TEXT, analysed));
                    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
                } finally {
                    searchers.release(searcher);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private String analyseOne(String word) throws IOException {
        try (TokenStream stream = analyzer.tokenStream(TEXT, word)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            String first = stream.incrementToken() ? term.toString() : null;
            stream.end();
            return first;
        }
    }

    @Override
    public void upsert(List<Passage> passages) {
        try {
            for (Passage passage : passages) {
                writer.updateDocument(new Term(ID, passage.id()), toDocument(passage));
            }
            writer.commit();
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new UncheckedIOException("indexing failed", e);
        }
        lastWrite.set(System.nanoTime());
        if (addedSinceCompaction.addAndGet(passages.size()) >= BULK_PASSAGES) {
            settling.schedule(this::settleIfQuiet, SETTLE_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
    }

    /** Compacts after a bulk load once writes have paused for {@link #SETTLE_MILLIS}; retried by the next write. */
    private void settleIfQuiet() {
        long quiet = (System.nanoTime() - lastWrite.get()) / 1_000_000;
        if (quiet < SETTLE_MILLIS || addedSinceCompaction.get() < BULK_PASSAGES) {
            return; // still loading: a later write schedules another check
        }
        try {
            compact(COMPACT_SEGMENTS);
        } catch (IOException | RuntimeException e) {
            // the index stays as it was, only slower to search; a later bulk load tries again
            System.getLogger(LuceneRetriever.class.getName()).log(System.Logger.Level.WARNING,
                    "Compacting the index failed: " + e);
        }
    }

    /** Merges the index down to {@link #COMPACT_SEGMENTS} segments now (see {@link #compact(int)}). */
    @Override
    public void compact() {
        try {
            compact(COMPACT_SEGMENTS);
        } catch (IOException e) {
            throw new UncheckedIOException("compacting the index failed", e);
        }
    }

    /**
     * Merges the index down to at most {@code maxSegments} segments and makes the result visible: the end of a bulk
     * load, which leaves dozens of segments whose HNSW graphs every query would search one by one. Queries and writes
     * go on meanwhile; closing the retriever aborts it (every write is already committed, so nothing is lost).
     */
    void compact(int maxSegments) throws IOException {
        compacting = true;
        try {
            addedSinceCompaction.set(0);
            writer.forceMerge(maxSegments);
            writer.commit();
            searchers.maybeRefreshBlocking();
        } finally {
            compacting = false;
        }
    }

    @Override
    public void deleteDocument(String documentId) {
        try {
            writer.deleteDocuments(new Term(DOC_ID, documentId));
            writer.commit();
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new UncheckedIOException("delete failed", e);
        }
    }

    @Override
    public long size() {
        return writer.getDocStats().numDocs;
    }

    private Document toDocument(Passage passage) {
        Embedding vector = Vectors.of(passage, embeddings);
        Document doc = new Document();
        doc.add(new StringField(ID, passage.id(), Field.Store.YES));
        doc.add(new StringField(DOC_ID, passage.source().documentId(), Field.Store.YES));
        if (passage.source().title() != null) {
            doc.add(new StoredField(TITLE, passage.source().title()));
        }
        if (passage.source().uri() != null) {
            doc.add(new StoredField(URI, passage.source().uri()));
        }
        doc.add(new TextField(TEXT, passage.text(), Field.Store.YES));
        LanguageAnalysis.of(passage.text(), passage.metadata().get("language"))
                .ifPresent(language -> doc.add(new TextField(LanguageAnalysis.field(language), passage.text(), Field.Store.NO)));
        doc.add(new KnnFloatVectorField(VECTOR, vector.toArray(), VectorSimilarityFunction.COSINE));
        doc.add(new StoredField(VECTOR_BYTES, toBytes(vector)));
        for (Strip strip : passage.strips()) {
            doc.add(new StoredField(STRIP, strip.text()));
            doc.add(new StoredField(STRIP_VECTOR, toBytes(Vectors.of(strip, embeddings))));
        }
        passage.metadata().forEach((k, v) -> doc.add(new StoredField(META_PREFIX + k, v)));
        indexScope(passage, doc);
        return doc;
    }

    /** The passage's scope as indexed terms (see {@link LuceneFilters}). */
    private static void indexScope(Passage passage, Document doc) {
        passage.metadata().forEach((key, value) -> {
            for (String v : PassageFilter.values(key, value)) {
                if (v.length() <= MAX_FILTER_VALUE) {
                    doc.add(new StringField(FILTER_PREFIX + key, v, Field.Store.NO));
                }
            }
        });
        if (!PassageFilter.values(passage, PassageFilter.READERS).isEmpty()) {
            doc.add(new StringField(RESTRICTED, "1", Field.Store.NO));
        }
        java.time.LocalDate updated = PassageFilter.updatedOf(passage);
        if (updated != null) {
            doc.add(new org.apache.lucene.document.LongPoint(UPDATED_DAY, updated.toEpochDay()));
        }
    }

    /** Builds the Lucene query of a {@link PassageFilter} over the fields {@link #indexScope} writes. */
    static final class LuceneFilters {

        private LuceneFilters() {
        }

        /** The filter as a query that only selects (scores nothing), or {@code null} when it keeps everything. */
        static org.apache.lucene.search.Query of(PassageFilter filter) {
            if (filter.isNone()) {
                return null;
            }
            BooleanQuery.Builder all = new BooleanQuery.Builder();
            if (!filter.collections().isEmpty()) {
                all.add(anyOf(PassageFilter.COLLECTIONS, filter.collections()), BooleanClause.Occur.FILTER);
            }
            filter.metadata().forEach((key, value) ->
                    all.add(new TermQuery(new Term(FILTER_PREFIX + key, value)), BooleanClause.Occur.FILTER));
            if (filter.updatedAfter() != null || filter.updatedBefore() != null) {
                long from = filter.updatedAfter() == null ? Long.MIN_VALUE : filter.updatedAfter().toEpochDay();
                long to = filter.updatedBefore() == null ? Long.MAX_VALUE : filter.updatedBefore().toEpochDay();
                all.add(org.apache.lucene.document.LongPoint.newRangeQuery(UPDATED_DAY, from, to), BooleanClause.Occur.FILTER);
            }
            if (filter.readers() != null) {
                // readable by one of the caller's groups, or by everyone (no readers named)
                BooleanQuery.Builder open = new BooleanQuery.Builder()
                        .add(new org.apache.lucene.search.MatchAllDocsQuery(), BooleanClause.Occur.FILTER)
                        .add(new TermQuery(new Term(RESTRICTED, "1")), BooleanClause.Occur.MUST_NOT);
                BooleanQuery.Builder readable = new BooleanQuery.Builder()
                        .add(anyOf(PassageFilter.READERS, filter.readerTerms()), BooleanClause.Occur.SHOULD)
                        .add(open.build(), BooleanClause.Occur.SHOULD);
                readable.setMinimumNumberShouldMatch(1);
                all.add(readable.build(), BooleanClause.Occur.FILTER);
            }
            return all.build();
        }

        private static org.apache.lucene.search.Query anyOf(String key, java.util.Collection<String> values) {
            return new org.apache.lucene.search.TermInSetQuery(FILTER_PREFIX + key,
                    values.stream().map(BytesRef::new).toList());
        }

        /** {@code query} restricted to the filter's passages, or {@code query} itself without one. */
        static org.apache.lucene.search.Query within(org.apache.lucene.search.Query query,
                                                     org.apache.lucene.search.Query scope) {
            if (scope == null) {
                return query;
            }
            return new BooleanQuery.Builder().add(query, BooleanClause.Occur.MUST)
                    .add(scope, BooleanClause.Occur.FILTER).build();
        }
    }

    private static Passage toPassage(Document doc, double score, String ranks) {
        Source source = new Source(Origin.KNOWLEDGE_BASE, doc.get(DOC_ID), doc.get(TITLE), doc.get(URI));
        String[] stripTexts = doc.getValues(STRIP);
        BytesRef[] stripVectors = doc.getBinaryValues(STRIP_VECTOR);
        List<Strip> strips = new ArrayList<>();
        for (int i = 0; i < stripTexts.length; i++) {
            strips.add(new Strip(i, stripTexts[i], i < stripVectors.length ? fromBytes(stripVectors[i]) : null));
        }
        Map<String, String> metadata = new HashMap<>();
        for (IndexableField field : doc.getFields()) {
            if (field.name().startsWith(META_PREFIX)) {
                metadata.put(field.name().substring(META_PREFIX.length()), field.stringValue());
            }
        }
        metadata.put("ranks", ranks);
        BytesRef vector = doc.getBinaryValue(VECTOR_BYTES);
        return new Passage(doc.get(ID), doc.get(TEXT), source, score, vector == null ? null : fromBytes(vector),
                strips, metadata);
    }

    private static BytesRef toBytes(Embedding embedding) {
        ByteBuffer buffer = ByteBuffer.allocate(embedding.dimension() * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < embedding.dimension(); i++) {
            buffer.putFloat(embedding.get(i));
        }
        return new BytesRef(buffer.array());
    }

    private static Embedding fromBytes(BytesRef bytes) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes.bytes, bytes.offset, bytes.length).order(ByteOrder.LITTLE_ENDIAN);
        float[] values = new float[bytes.length / Float.BYTES];
        for (int i = 0; i < values.length; i++) {
            values[i] = buffer.getFloat();
        }
        return Embedding.of(values);
    }

    @Override
    public void close() throws IOException {
        settling.shutdownNow();
        searchers.close();
        if (compacting) {
            writer.rollback(); // aborts the running merges at once; every write was committed when it was made
        } else {
            writer.close();
        }
        directory.close();
        analyzer.close();
    }
}
