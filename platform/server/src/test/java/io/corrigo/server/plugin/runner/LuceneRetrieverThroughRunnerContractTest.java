package io.corrigo.server.plugin.runner;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.Retriever;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.testkit.RetrieverContract;

/** The shipped Lucene retriever, loaded from its plugin file and called through a plugin runner (another JVM, over the runner protocol): the SDK's retriever contract. */
class LuceneRetrieverThroughRunnerContractTest extends RetrieverContract {

    @Override
    protected PluginFactory<Retriever> factory() {
        return RunnerHosts.throughRunner(StageKind.RETRIEVER, "lucene-retriever");
    }
}
