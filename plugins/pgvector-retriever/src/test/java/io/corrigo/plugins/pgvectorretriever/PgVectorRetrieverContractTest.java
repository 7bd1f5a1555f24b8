package io.corrigo.plugins.pgvectorretriever;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.Retriever;
import io.corrigo.plugins.pgvectorretriever.testing.PgliteServer;
import io.corrigo.testkit.RetrieverContract;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** The pgvector retriever, against a real PostgreSQL with pgvector (PGlite), checked by the retriever contract (test kit). */
class PgVectorRetrieverContractTest extends RetrieverContract {

    private static final AtomicInteger TABLES = new AtomicInteger();

    @Override
    protected PluginFactory<Retriever> factory() {
        return new PgVectorRetrieverFactory();
    }

    /** A fresh table per instance: each test starts from an empty knowledge base. */
    @Override
    protected Map<String, String> settings() {
        return PgliteServer.settings("contract" + TABLES.incrementAndGet());
    }
}
