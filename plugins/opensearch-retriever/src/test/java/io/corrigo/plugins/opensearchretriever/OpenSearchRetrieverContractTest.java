package io.corrigo.plugins.opensearchretriever;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.Retriever;
import io.corrigo.plugins.opensearchretriever.testing.OpenSearchNode;
import io.corrigo.testkit.RetrieverContract;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** The OpenSearch retriever, against a real OpenSearch node, checked by the retriever contract (test kit). */
class OpenSearchRetrieverContractTest extends RetrieverContract {

    private static final AtomicInteger INDEXES = new AtomicInteger();

    @Override
    protected PluginFactory<Retriever> factory() {
        return new OpenSearchRetrieverFactory();
    }

    /** A fresh index per instance: each test starts from an empty knowledge base. */
    @Override
    protected Map<String, String> settings() {
        return Map.of("url", OpenSearchNode.url(), "indexPrefix", "contract" + INDEXES.incrementAndGet());
    }
}
