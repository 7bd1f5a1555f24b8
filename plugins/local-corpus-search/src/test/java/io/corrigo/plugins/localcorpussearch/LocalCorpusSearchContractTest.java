package io.corrigo.plugins.localcorpussearch;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.SearchProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import io.corrigo.testkit.SearchProviderContract;

/** The local-corpus search provider against the plugin API's search provider contract (test kit). */
class LocalCorpusSearchContractTest extends SearchProviderContract {

    @Override
    protected PluginFactory<SearchProvider> factory() {
        return new LocalCorpusSearchFactory();
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("corpus", "corpus.jsonl");
    }

    @Override
    protected void prepare(Path directory) throws Exception {
        Files.writeString(directory.resolve("corpus.jsonl"), """
                {"id":"tides","title":"Tides","url":"https://example.test/tides","text":"Ocean tides are caused by the gravitational pull of the Moon and, less, of the Sun."}
                {"id":"moon","title":"The Moon","url":"https://example.test/moon","text":"The Moon orbits the Earth every 27 days; its pull raises the ocean on the near side."}
                {"id":"bread","title":"Bread","url":"https://example.test/bread","text":"Sourdough rises because wild yeast ferments the dough."}
                """);
    }
}
