package io.corrigo.plugins.localcorpussearch;

import io.corrigo.api.EmbeddingService;
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

    private final java.util.Map<String, CorpusEmbeddings> corpora = new java.util.concurrent.ConcurrentHashMap<>();
    /** Embeds corpora one after another, at low priority, on one daemon thread. */
    private final java.util.concurrent.ExecutorService background = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "local-corpus-embeddings");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        return thread;
    });

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

    /** A corpus path that is absolute or climbs out of the data directory can never work: refused when saved. */
    @Override
    public List<String> problems(PluginConfig config) {
        String relative = config.string("corpus").orElse("");
        Path path;
        try {
            path = Path.of(relative).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            return List.of("corpus: not a path (" + e.getReason() + ")");
        }
        if (path.isAbsolute() || path.startsWith("..") || relative.startsWith("~")) {
            return List.of("corpus: a path inside this plugin's data directory for the tenant, not '" + relative + "'");
        }
        return List.of();
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
        int maxWords = (int) config.integer("maxPassageWords");
        List<CorpusReader.Entry> entries = CorpusReader.read(corpus, maxWords);
        EmbeddingService service = context.embeddings();
        if (service == null) {
            return new LocalCorpusSearch(entries, null);
        }
        // one set of vectors per corpus file and cut, shared by every pipeline version that searches it; a changed
        // corpus or model replaces it
        String fingerprint = CorpusEmbeddings.fingerprint(entries, service);
        CorpusEmbeddings vectors = corpora.compute(corpus + "|" + maxWords, (key, existing) -> {
            if (existing != null && existing.fingerprint().equals(fingerprint)) {
                return existing;
            }
            if (existing != null) {
                existing.stop();
            }
            Path kept = root.resolve(".corpus-embeddings").resolve(corpus.getFileName() + "-" + maxWords + ".bin");
            CorpusEmbeddings created = new CorpusEmbeddings(entries, service, kept);
            if (created.embedded() < created.size()) {
                background.execute(created::fill);
            }
            return created;
        });
        return new LocalCorpusSearch(entries, vectors);
    }

    /** Stops embedding corpora in the background (the host stops the plugin). */
    @Override
    public void close() {
        corpora.values().forEach(CorpusEmbeddings::stop);
        background.shutdownNow();
        corpora.clear();
    }
}
