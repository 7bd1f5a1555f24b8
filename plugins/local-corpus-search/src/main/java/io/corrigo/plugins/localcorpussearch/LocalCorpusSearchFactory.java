package io.corrigo.plugins.localcorpussearch;

import io.corrigo.api.PluginContext;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchProviderFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pf4j.Extension;

/** Registers the local-corpus search provider. */
@Extension
public class LocalCorpusSearchFactory implements SearchProviderFactory {

    public static final String ID = "local-corpus-search";

    @Override
    public String id() {
        return ID;
    }

    /** Searches a file on this host in this process: nothing remote to wait for or to protect from load. */
    @Override
    public boolean inProcess() {
        return true;
    }

    @Override
    public String description() {
        return "Searches a local corpus with BM25 instead of the web: a JSONL file (one {\"id\",\"text\",\"title\",\"url\"} "
                + "object per line) or a folder of .txt/.md files, inside the plugin's data directory for the tenant. For offline "
                + "installations, tests, and evaluation with a fixed fallback corpus.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.string("corpus", "Corpus path", null).asRequired()
                        .withDescription("A JSONL file or folder, relative to this plugin's data directory for the tenant."),
                ConfigProperty.integer("maxPassageWords", "Words per passage", 150).withRange(20, 2000)
                        .withDescription("Longer texts are cut into passages of about this many words on sentence boundaries."));
    }

    @Override
    public SearchProvider create(PluginContext context, PluginConfig config) {
        Path root = context.dataDirectory().toAbsolutePath().normalize();
        String relative = config.string("corpus").orElseThrow();
        Path corpus = root.resolve(relative).normalize();
        if (!corpus.startsWith(root)) {
            throw new IllegalArgumentException("corpus: '" + relative + "' points outside the plugin's data directory");
        }
        if (!Files.exists(corpus)) {
            throw new IllegalArgumentException("corpus: nothing at '" + relative + "' in the plugin's data directory");
        }
        return new LocalCorpusSearch(CorpusReader.read(corpus, (int) config.integer("maxPassageWords")));
    }
}
