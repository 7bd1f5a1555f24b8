package io.corrigo.plugins.luceneretriever;

import io.corrigo.api.PluginContext;
import io.corrigo.api.Retriever;
import io.corrigo.api.RetrieverFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.plugins.hybrid.FusionSettings;
import java.util.List;
import org.pf4j.Extension;

/** Registers the Lucene retriever: one index per tenant under the tenant's data directory. */
@Extension
public class LuceneRetrieverFactory implements RetrieverFactory {

    public static final String ID = "lucene-retriever";

    /** Searches the segments of one query concurrently, for every tenant's index; stopped with the plugin. */
    private final java.util.concurrent.ExecutorService segmentSearch = java.util.concurrent.Executors.newFixedThreadPool(
            Math.max(1, Runtime.getRuntime().availableProcessors()), r -> {
                Thread thread = new Thread(r, "lucene-segment-search");
                thread.setDaemon(true);
                return thread;
            });

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Embedded hybrid search on Lucene 9: BM25 over the text and HNSW nearest neighbours over the passage "
                + "embeddings, fused by reciprocal rank. Stores each passage's sentence strips and their embeddings, "
                + "so grading and refining need no embedding calls at query time. Good up to a few million passages on one host.";
    }

    /** Searches and writes a local index in this process: bounded CPU time, nothing to wait for remotely. */
    @Override
    public boolean inProcess() {
        return true;
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return FusionSettings.properties("BM25", "vector search");
    }

    @Override
    public Retriever create(PluginContext context, PluginConfig config) {
        return new LuceneRetriever(context.dataDirectory().resolve("index"), context.embeddings(),
                FusionSettings.from(config), segmentSearch);
    }

    @Override
    public void close() {
        segmentSearch.shutdownNow();
    }
}
