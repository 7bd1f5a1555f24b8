package io.corrigo.plugins.pgvectorretriever;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Origin;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Retriever;
import io.corrigo.api.Source;
import io.corrigo.plugins.hybrid.FusionSettings;
import io.corrigo.plugins.hybrid.IndexModel;
import io.corrigo.plugins.hybrid.StoredJson;
import io.corrigo.plugins.hybrid.Vectors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * One tenant's knowledge base in a PostgreSQL table with pgvector.
 *
 * <p>Each passage is one row: its text with a generated {@code tsvector} (GIN index, full-text search), its embedding (a
 * {@code vector} column with an HNSW index, cosine), and its sentence strips with their embeddings as {@code jsonb}, so
 * that grading and refining cost no embedding calls. A query is one statement: the full-text and the nearest-neighbour
 * candidate lists, fused by weighted reciprocal rank, joined back to the kept rows. Writes commit before {@link #upsert}
 * returns, so a passage is retrievable on every host at once. The table's comment records the embedding model it was
 * built with and another model's vectors are refused.
 */
final class PgVectorRetriever implements Retriever, KnowledgeIndex, AutoCloseable {

    /**
     * @param fusion   how the full-text and vector lists are fused (in SQL, by the same rule as {@code RankFusion})
     * @param language the text search configuration (e.g. {@code english}, {@code simple})
     */
    record Settings(FusionSettings fusion, String language) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final DataSource database;
    private final AutoCloseable pool;
    private final String table;
    private final EmbeddingService embeddings;
    private final Settings settings;
    private volatile boolean ready;

    PgVectorRetriever(DataSource database, AutoCloseable pool, String table, EmbeddingService embeddings, Settings settings) {
        this.database = database;
        this.pool = pool;
        this.table = table;
        this.embeddings = embeddings;
        this.settings = settings;
    }

    /** The table's name. */
    String table() {
        return table;
    }

    private String quoted() {
        return '"' + table + '"';
    }

    /** Creates the table on first use, or checks that an existing one holds vectors of this host's model. */
    private void ensureTable() {
        if (ready) {
            return;
        }
        synchronized (this) {
            if (ready) {
                return;
            }
            IndexModel expected = IndexModel.of(embeddings);
            try (Connection c = database.getConnection()) {
                c.setAutoCommit(false);
                try (Statement s = c.createStatement()) {
                    // two hosts may create the same tenant's table at once: one at a time, per table
                    s.execute("SELECT pg_advisory_xact_lock(hashtext('corrigo:" + table + "'))");
                    if (!exists(c)) {
                        s.execute("CREATE EXTENSION IF NOT EXISTS vector");
                        s.execute("CREATE TABLE " + quoted() + " ("
                                + "id text PRIMARY KEY, document_id text NOT NULL, title text, uri text, origin text NOT NULL, "
                                + "text text NOT NULL, "
                                + "tsv tsvector GENERATED ALWAYS AS (to_tsvector('" + settings.language() + "'::regconfig, text)) STORED, "
                                + "embedding vector(" + embeddings.dimension() + ") NOT NULL, "
                                + "strips jsonb NOT NULL, metadata jsonb NOT NULL)");
                        s.execute("CREATE INDEX \"" + table + "_tsv\" ON " + quoted() + " USING gin (tsv)");
                        s.execute("CREATE INDEX \"" + table + "_embedding\" ON " + quoted() + " USING hnsw (embedding vector_cosine_ops)");
                        s.execute("CREATE INDEX \"" + table + "_document\" ON " + quoted() + " (document_id)");
                        s.execute("COMMENT ON TABLE " + quoted() + " IS '" + expected.marker().replace("'", "''") + "'");
                    }
                }
                String found;
                try (PreparedStatement p = c.prepareStatement("SELECT obj_description(to_regclass(?), 'pg_class')")) {
                    p.setString(1, quoted());
                    try (ResultSet r = p.executeQuery()) {
                        r.next();
                        found = r.getString(1);
                    }
                }
                c.commit();
                expected.requireSame(IndexModel.parse(found), "table " + table);
                ready = true;
            } catch (SQLException e) {
                throw failure("preparing table " + table, e);
            }
        }
    }

    private boolean exists(Connection c) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            p.setString(1, quoted());
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getBoolean(1);
            }
        }
    }

    @Override
    public void upsert(List<Passage> passages) {
        if (passages.isEmpty()) {
            return;
        }
        ensureTable();
        String sql = "INSERT INTO " + quoted() + " (id, document_id, title, uri, origin, text, embedding, strips, metadata) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?::vector, ?::jsonb, ?::jsonb) ON CONFLICT (id) DO UPDATE SET "
                + "document_id = excluded.document_id, title = excluded.title, uri = excluded.uri, origin = excluded.origin, "
                + "text = excluded.text, embedding = excluded.embedding, strips = excluded.strips, metadata = excluded.metadata";
        try (Connection c = database.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement p = c.prepareStatement(sql)) {
                for (Passage passage : passages) {
                    p.setString(1, passage.id());
                    p.setString(2, passage.source().documentId());
                    p.setString(3, passage.source().title());
                    p.setString(4, passage.source().uri());
                    p.setString(5, passage.source().origin().name());
                    p.setString(6, passage.text());
                    p.setString(7, literal(Vectors.of(passage, embeddings)));
                    p.setString(8, JSON.writeValueAsString(StoredJson.strips(passage.strips(), embeddings)));
                    p.setString(9, JSON.writeValueAsString(passage.metadata()));
                    p.addBatch();
                }
                p.executeBatch();
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw failure("writing " + passages.size() + " passages to " + table, e);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void deleteDocument(String documentId) {
        ensureTable();
        try (Connection c = database.getConnection();
             PreparedStatement p = c.prepareStatement("DELETE FROM " + quoted() + " WHERE document_id = ?")) {
            p.setString(1, documentId);
            p.executeUpdate();
        } catch (SQLException e) {
            throw failure("deleting document " + documentId + " from " + table, e);
        }
    }

    @Override
    public long size() {
        ensureTable();
        try (Connection c = database.getConnection();
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM " + quoted())) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            throw failure("counting " + table, e);
        }
    }

    @Override
    public List<Passage> retrieve(Query query, int maxResults) {
        ensureTable();
        FusionSettings fusion = settings.fusion();
        int candidates = fusion.candidates(maxResults);
        boolean vectors = fusion.usesVectors(query.embedding() != null);
        SqlFilter scope = SqlFilter.of(query.filter());
        // full text: any of the query's words (plainto_tsquery would demand all of them), ranked by cover density
        StringBuilder sql = new StringBuilder("WITH q AS (SELECT replace(plainto_tsquery('" + settings.language()
                + "'::regconfig, ?)::text, ' & ', ' | ')::tsquery AS words), "
                + "lexical AS (SELECT id, row_number() OVER (ORDER BY rank DESC, id) AS r FROM ("
                + "SELECT t.id, ts_rank_cd(t.tsv, q.words) AS rank FROM " + quoted() + " t, q WHERE t.tsv @@ q.words"
                + scope.and() + " ORDER BY rank DESC, t.id LIMIT ?) l)");
        if (vectors) {
            // ORDER BY distance LIMIT n is what the HNSW index serves; ranks are numbered afterwards. Under a filter
            // the index scan goes on until it has n rows within it (iterative scan, set below)
            sql.append(", semantic AS (SELECT id, row_number() OVER (ORDER BY distance, id) AS r FROM ("
                    + "SELECT t.id, t.embedding <=> ?::vector AS distance FROM " + quoted() + " t"
                    + (scope.isEmpty() ? "" : " WHERE " + scope.condition())
                    + " ORDER BY t.embedding <=> ?::vector LIMIT ?) v)");
        }
        sql.append(", fused AS (SELECT id, sum(score) AS score FROM (SELECT id, ? / (? + r) AS score FROM lexical");
        if (vectors) {
            sql.append(" UNION ALL SELECT id, ? / (? + r) FROM semantic");
        }
        sql.append(") s GROUP BY id ORDER BY score DESC, id LIMIT ?) "
                + "SELECT t.id, t.document_id, t.title, t.uri, t.origin, t.text, t.embedding::text, t.strips::text, "
                + "t.metadata::text, f.score FROM fused f JOIN " + quoted() + " t ON t.id = f.id ORDER BY f.score DESC, t.id");
        try (Connection c = database.getConnection()) {
            boolean scoped = !scope.isEmpty() && vectors;
            if (scoped) {
                c.setAutoCommit(false);
                iterativeScan(c);
            }
            try (PreparedStatement p = c.prepareStatement(sql.toString())) {
                int i = 1;
                p.setString(i++, query.text());
                i = scope.bind(c, p, i);
                p.setInt(i++, candidates);
                if (vectors) {
                    String vector = literal(query.embedding());
                    p.setString(i++, vector);
                    i = scope.bind(c, p, i);
                    p.setString(i++, vector);
                    p.setInt(i++, candidates);
                }
                p.setDouble(i++, fusion.lexicalWeight(vectors));
                p.setInt(i++, fusion.rrfK());
                if (vectors) {
                    p.setDouble(i++, fusion.vectorWeight());
                    p.setInt(i++, fusion.rrfK());
                }
                p.setInt(i, maxResults);
                List<Passage> result = new ArrayList<>();
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        result.add(passage(r));
                    }
                }
                return result;
            } finally {
                if (scoped) {
                    c.rollback(); // nothing was written: ends the transaction and its SET LOCAL
                    c.setAutoCommit(true);
                }
            }
        } catch (SQLException e) {
            throw failure("searching " + table, e);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable row in " + table + ": " + e.getOriginalMessage(), e);
        }
    }

    /** Whether the server's pgvector knows iterative index scans (0.8 and later); {@code null} until tried. */
    private volatile Boolean iterative;

    /**
     * Lets a filtered HNSW scan go on until it has enough rows within the filter (pgvector 0.8+), for the open
     * transaction only. Without it (older pgvector) a narrow filter falls back to the planner's choice: an exact scan
     * of the kept rows where it expects few.
     */
    private void iterativeScan(Connection c) throws SQLException {
        if (Boolean.FALSE.equals(iterative)) {
            return;
        }
        try (Statement s = c.createStatement()) {
            s.execute("SAVEPOINT scan");
            s.execute("SET LOCAL hnsw.iterative_scan = strict_order");
            iterative = true;
        } catch (SQLException unknown) {
            iterative = false;
            try (Statement s = c.createStatement()) {
                s.execute("ROLLBACK TO SAVEPOINT scan");
            }
        }
    }

    private static Passage passage(ResultSet r) throws SQLException, JsonProcessingException {
        Source source = new Source(Origin.valueOf(r.getString(5)), r.getString(2), r.getString(3), r.getString(4));
        return new Passage(r.getString(1), r.getString(6), source, r.getDouble(10),
                StoredJson.embedding(JSON.readTree(r.getString(7))), StoredJson.strips(JSON.readTree(r.getString(8))),
                StoredJson.metadata(JSON.readTree(r.getString(9))));
    }

    /** pgvector's text form, {@code [0.1,0.2,...]}. */
    static String literal(Embedding embedding) {
        float[] values = embedding.toArray();
        StringBuilder text = new StringBuilder(values.length * 12).append('[');
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                text.append(',');
            }
            text.append(values[i]);
        }
        return text.append(']').toString();
    }

    /** The server's reason, without the statement and its vectors that the driver puts into a batch's message. */
    private static RuntimeException failure(String what, SQLException e) {
        SQLException reason = e.getNextException() != null ? e.getNextException() : e;
        String message = String.valueOf(reason.getMessage());
        if (message.length() > 300) {
            message = message.substring(0, 300) + "...";
        }
        return new IllegalStateException("PostgreSQL failed " + what + ": " + message, e);
    }

    @Override
    public void close() throws Exception {
        pool.close();
    }
}
