package io.corrigo.plugins.luceneretriever;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.Retriever;
import io.corrigo.testkit.RetrieverContract;

/** The lucene retriever against the plugin API's retriever contract (test kit). */
class LuceneRetrieverContractTest extends RetrieverContract {

    @Override
    protected PluginFactory<Retriever> factory() {
        return new LuceneRetrieverFactory();
    }
}
