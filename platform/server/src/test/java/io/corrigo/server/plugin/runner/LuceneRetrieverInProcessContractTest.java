package io.corrigo.server.plugin.runner;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.Retriever;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.testkit.RetrieverContract;

/** The shipped Lucene retriever, loaded from its plugin file and called in the host's JVM: the SDK's retriever contract. */
class LuceneRetrieverInProcessContractTest extends RetrieverContract {

    @Override
    protected PluginFactory<Retriever> factory() {
        return RunnerHosts.inProcess(StageKind.RETRIEVER, "lucene-retriever");
    }
}
