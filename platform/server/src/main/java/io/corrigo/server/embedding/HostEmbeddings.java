package io.corrigo.server.embedding;

import io.corrigo.api.EmbedderFactory;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.plugin.HostPluginContext;
import io.corrigo.server.plugin.PluginHost;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Service;

/**
 * The host's embedding model as every stage, plugin and index sees it: the built-in all-MiniLM-L6-v2
 * ({@link MiniLmEmbeddingService}: offline, English-first) unless the platform operator names an embedder a plugin
 * offers ({@code corrigo.embeddings.embedder}, e.g. {@code openai-embedder} or {@code ollama-embedder}, with its
 * settings under {@code corrigo.embeddings.embedder-settings.*}) — a multilingual model on a model server. Chosen
 * once, at start: a named embedder that no started plugin offers, or settings it refuses, stop the host with the
 * reason (a host that silently embedded with another model would fill its indexes with incomparable vectors).
 *
 * <p>Texts embedded lately are remembered ({@code corrigo.embeddings.cache-entries}, least recently used first out;
 * 0 switches it off): a web page's sentences that recur across questions, a question asked again, cost a map lookup
 * instead of a model run (≈ 4–8 ms on 2 cores for the built-in model, a network round trip for a remote one); texts
 * over 1,000 characters are not kept. Hits and misses are counted as {@code corrigo.embeddings.cache{result=hit|miss}},
 * the size as {@code corrigo.embeddings.cache.size}. About 1.6 KB a text at 384 dimensions (the vector and a
 * sentence): 20,000 entries ≈ 32 MB, at most ≈ 70 MB.
 */
@Service
public class HostEmbeddings implements EmbeddingService {

    /** Longer texts (whole passages, rare and seldom repeated) are not remembered: the bound is on entries. */
    static final int MAX_CACHED_CHARS = 1_000;

    private static final Logger log = LoggerFactory.getLogger(HostEmbeddings.class);

    private final EmbeddingService model;
    private final int capacity;
    private final Map<String, Embedding> recent;
    private final Counter hits;
    private final Counter misses;

    @Autowired
    HostEmbeddings(Environment environment, PluginHost plugins, CorrigoProperties properties, MeterRegistry meters) {
        this(chosen(environment, plugins, properties), environment.getProperty("corrigo.embeddings.cache-entries",
                Integer.class, 20_000), meters);
    }

    /** {@code model} behind a cache of {@code capacity} texts. */
    public HostEmbeddings(EmbeddingService model, int capacity, MeterRegistry meters) {
        this.model = model;
        this.capacity = Math.max(0, capacity);
        this.recent = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Embedding> eldest) {
                return size() > HostEmbeddings.this.capacity;
            }
        };
        this.hits = Counter.builder("corrigo.embeddings.cache").tag("result", "hit")
                .description("Embeddings served from the host's cache").register(meters);
        this.misses = Counter.builder("corrigo.embeddings.cache").tag("result", "miss")
                .description("Embeddings computed by the model").register(meters);
        Gauge.builder("corrigo.embeddings.cache.size", this, s -> s.cached()).register(meters);
    }

    /** The embedder the operator named (built by its plugin), else the built-in model. */
    static EmbeddingService chosen(Environment environment, PluginHost plugins, CorrigoProperties properties) {
        int threads = environment.getProperty("corrigo.embeddings.model-threads", Integer.class, 1);
        String id = environment.getProperty("corrigo.embeddings.embedder", "").strip();
        if (id.isEmpty()) {
            return new MiniLmEmbeddingService(threads);
        }
        // the plugin's factory gets the built-in model in its context; it is loaded only if the factory uses it
        MiniLmEmbeddingService builtIn = MiniLmEmbeddingService.onFirstUse(threads);
        Map<String, String> raw = Binder.get(environment)
                .bind("corrigo.embeddings.embedder-settings", Bindable.mapOf(String.class, String.class)).orElse(Map.of());
        List<EmbedderFactory> offered = plugins.embedderFactories();
        EmbedderFactory factory = offered.stream().filter(f -> f.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("corrigo.embeddings.embedder is '" + id + "', which no started "
                        + "plugin offers (offered: " + (offered.isEmpty() ? "none" : String.join(", ",
                        offered.stream().map(EmbedderFactory::id).toList())) + "); unset it to embed with the built-in "
                        + builtIn.modelId()));
        PluginConfig config;
        try {
            config = PluginConfig.resolve(factory.configProperties(), declaredNames(factory.configProperties(), raw));
        } catch (InvalidConfigException e) {
            throw new IllegalStateException("corrigo.embeddings.embedder-settings for " + id + ": " + e.getMessage(), e);
        }
        List<String> problems = factory.problems(config);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("corrigo.embeddings.embedder-settings for " + id + ": " + String.join("; ", problems));
        }
        EmbeddingService made = factory.create(new HostPluginContext(null, properties.dataDir().resolve("embedder"),
                builtIn, Clock.systemUTC()), config);
        log.info("Embeddings: {} from the plugin embedder {} (the built-in {} is not used)", made.modelId(), id,
                builtIn.modelId());
        return made;
    }

    /**
     * The settings under the names the embedder declares: an environment variable arrives in lower case
     * ({@code CORRIGO_EMBEDDINGS_EMBEDDER_SETTINGS_BASEURL} → {@code baseurl}), a YAML key as written; dashes are
     * ignored too. A setting the embedder does not declare is refused by name.
     */
    static Map<String, String> declaredNames(List<ConfigProperty> declared, Map<String, String> raw) {
        Map<String, String> byLoose = new HashMap<>();
        declared.forEach(p -> byLoose.put(loose(p.name()), p.name()));
        Map<String, String> named = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>();
        raw.forEach((key, value) -> {
            String name = byLoose.get(loose(key));
            if (name == null) {
                unknown.add(key);
            } else {
                named.put(name, value);
            }
        });
        if (!unknown.isEmpty()) {
            throw new InvalidConfigException(List.of("unknown setting(s) " + unknown + "; the embedder takes "
                    + declared.stream().map(ConfigProperty::name).toList()));
        }
        return named;
    }

    private static String loose(String name) {
        return name.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    }

    @Override
    public Embedding embed(String text) {
        if (capacity == 0 || text.length() > MAX_CACHED_CHARS) {
            return model.embed(text);
        }
        Embedding known;
        synchronized (recent) {
            known = recent.get(text);
        }
        if (known != null) {
            hits.increment();
            return known;
        }
        misses.increment();
        Embedding computed = model.embed(text);
        synchronized (recent) {
            recent.put(text, computed);
        }
        return computed;
    }

    /** The texts the cache lacks go to the model in one call (one request to a model server). */
    @Override
    public List<Embedding> embedAll(List<String> texts) {
        Embedding[] result = new Embedding[texts.size()];
        List<Integer> missing = new ArrayList<>();
        synchronized (recent) {
            for (int i = 0; i < texts.size(); i++) {
                String text = texts.get(i);
                Embedding known = capacity == 0 || text.length() > MAX_CACHED_CHARS ? null : recent.get(text);
                if (known != null) {
                    result[i] = known;
                } else {
                    missing.add(i);
                }
            }
        }
        hits.increment(texts.size() - missing.size());
        if (!missing.isEmpty()) {
            misses.increment(missing.size());
            List<Embedding> computed = model.embedAll(missing.stream().map(texts::get).toList());
            synchronized (recent) {
                for (int j = 0; j < missing.size(); j++) {
                    int i = missing.get(j);
                    result[i] = computed.get(j);
                    if (capacity > 0 && texts.get(i).length() <= MAX_CACHED_CHARS) {
                        recent.put(texts.get(i), result[i]);
                    }
                }
            }
        }
        return List.of(result);
    }

    /** How many texts are remembered now. */
    int cached() {
        synchronized (recent) {
            return recent.size();
        }
    }

    @Override
    public int dimension() {
        return model.dimension();
    }

    @Override
    public String modelId() {
        return model.modelId();
    }
}
