package io.corrigo.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Passage;
import io.corrigo.api.PluginContext;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Retriever;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.Source;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The contracts can fail: each is run (through the JUnit launcher) against a plugin that keeps the API's promises,
 * which passes every check, and against plugins that break one promise each, which fail exactly the check for it.
 */
class ContractsTest {

    /** Outcome of each contract test method, by method name. */
    private static Map<String, TestExecutionResult.Status> run(Class<?> contract) {
        Map<String, TestExecutionResult.Status> outcomes = new ConcurrentHashMap<>();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(contract)).build(),
                new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                        if (id.isTest()) {
                            outcomes.put(id.getDisplayName().replace("()", ""), result.getStatus());
                        }
                    }
                });
        assertThat(outcomes).as("tests run of %s", contract.getSimpleName()).isNotEmpty();
        return outcomes;
    }

    private static List<String> failed(Map<String, TestExecutionResult.Status> outcomes) {
        return outcomes.entrySet().stream().filter(e -> e.getValue() == TestExecutionResult.Status.FAILED)
                .map(Map.Entry::getKey).sorted().toList();
    }

    /** A tiny in-memory knowledge index: word overlap, best first. {@code broken} changes one behaviour. */
    static final class WordIndex implements Retriever, KnowledgeIndex {
        private final Map<String, Passage> passages = new ConcurrentHashMap<>();
        private final String broken;

        WordIndex(String broken) {
            this.broken = broken;
        }

        @Override
        public List<Passage> retrieve(Query query, int maxResults) {
            List<String> words = List.of(query.text().toLowerCase().split("\\W+"));
            List<Passage> scored = new ArrayList<>();
            for (Passage p : passages.values()) {
                if (!"ignores-filter".equals(broken) && !"drops-afterwards".equals(broken) && !query.filter().matches(p)) {
                    continue; // the filter applied in the search
                }
                long hits = words.stream().filter(w -> w.length() > 3 && p.text().toLowerCase().contains(w)).count();
                if (hits > 0) {
                    scored.add(p.withRetrievalScore(hits));
                }
            }
            scored.sort(Comparator.comparingDouble(Passage::retrievalScore).reversed().thenComparing(Passage::id));
            if ("worst-first".equals(broken)) {
                scored.sort(Comparator.comparingDouble(Passage::retrievalScore));
            }
            if ("drops-afterwards".equals(broken)) {
                return scored.subList(0, Math.min(maxResults, scored.size())).stream().filter(query.filter()::matches).toList();
            }
            return "too-many".equals(broken) ? scored : scored.subList(0, Math.min(maxResults, scored.size()));
        }

        @Override
        public void upsert(List<Passage> list) {
            list.forEach(p -> passages.put(p.id(), p));
        }

        @Override
        public void deleteDocument(String documentId) {
            if (!"no-delete".equals(broken)) {
                passages.values().removeIf(p -> p.source().documentId().equals(documentId));
            }
        }

        @Override
        public long size() {
            return passages.size();
        }
    }

    record Factory<T>(String id, Function<PluginConfig, T> create, List<ConfigProperty> properties) implements PluginFactory<T> {
        @Override
        public String description() {
            return "for the test kit's own tests";
        }

        @Override
        public List<ConfigProperty> configProperties() {
            return properties;
        }

        @Override
        public T create(PluginContext context, PluginConfig config) {
            return create.apply(config);
        }
    }

    static class GoodRetriever extends RetrieverContract {
        protected PluginFactory<Retriever> factory() {
            return new Factory<>("good-index", c -> new WordIndex(""), List.of());
        }
    }

    static class WorstFirstRetriever extends RetrieverContract {
        protected PluginFactory<Retriever> factory() {
            return new Factory<>("worst-first", c -> new WordIndex("worst-first"), List.of());
        }
    }

    static class TooManyRetriever extends RetrieverContract {
        protected PluginFactory<Retriever> factory() {
            return new Factory<>("too-many", c -> new WordIndex("too-many"), List.of());
        }
    }

    static class NoDeleteRetriever extends RetrieverContract {
        protected PluginFactory<Retriever> factory() {
            return new Factory<>("no-delete", c -> new WordIndex("no-delete"), List.of());
        }
    }

    static class IgnoresFilterRetriever extends RetrieverContract {
        protected PluginFactory<Retriever> factory() {
            return new Factory<>("ignores-filter", c -> new WordIndex("ignores-filter"), List.of());
        }
    }

    static class DropsAfterwardsRetriever extends RetrieverContract {
        protected PluginFactory<Retriever> factory() {
            return new Factory<>("drops-afterwards", c -> new WordIndex("drops-afterwards"), List.of());
        }
    }

    static class BadConfigRetriever extends RetrieverContract {
        protected PluginFactory<Retriever> factory() {
            return new Factory<>("Bad_Id", c -> new WordIndex(""), List.of(
                    ConfigProperty.string("apiKey", "API key", "sk-shipped-in-the-jar").asSecret(),
                    ConfigProperty.integer("k", "k", 50).withRange(1, 10)));
        }
    }

    @Test
    void should_pass_a_retriever_that_keeps_every_promise() {
        assertThat(failed(run(GoodRetriever.class))).isEmpty();
    }

    @Test
    void should_fail_retrievers_that_break_one_promise_each() {
        assertThat(failed(run(WorstFirstRetriever.class))).containsExactly("returns_passages_best_first_with_finite_scores");
        assertThat(failed(run(TooManyRetriever.class))).containsExactly("returns_a_list_without_nulls_and_at_most_max_results");
        assertThat(failed(run(NoDeleteRetriever.class))).containsExactly("knowledge_index_changes_are_visible_when_the_call_returns");
        assertThat(failed(run(BadConfigRetriever.class))).contains("factory_id_is_stable_and_well_formed", "config_properties_are_valid");
        assertThat(failed(run(IgnoresFilterRetriever.class))).containsExactly("a_caller_never_gets_a_passage_outside_their_groups",
                "a_narrow_filter_is_applied_in_the_search_not_to_its_results",
                "returns_only_passages_within_the_filter_and_the_best_of_them");
        assertThat(failed(run(DropsAfterwardsRetriever.class))).contains("a_narrow_filter_is_applied_in_the_search_not_to_its_results")
                .doesNotContain("a_caller_never_gets_a_passage_outside_their_groups");
    }

    /** Word overlap in [0, 1]; {@code nan} scores unrelated passages NaN, {@code racy} shares a counter unsafely. */
    static RetrievalEvaluator overlapEvaluator(String broken) {
        AtomicInteger calls = new AtomicInteger();
        return (query, passage) -> {
            List<String> words = List.of(query.text().toLowerCase().split("\\W+"));
            long hits = words.stream().filter(w -> w.length() > 3 && passage.text().toLowerCase().contains(w)).count();
            double score = words.isEmpty() ? 0 : (double) hits / words.size();
            if ("nan".equals(broken) && hits == 0) {
                return Double.NaN;
            }
            if ("racy".equals(broken) && calls.incrementAndGet() > 1) {
                return Math.min(1, score + calls.get() * 1e-6);
            }
            if ("inverted".equals(broken)) {
                return 1 - score;
            }
            return score;
        };
    }

    static class GoodEvaluator extends RetrievalEvaluatorContract {
        protected PluginFactory<RetrievalEvaluator> factory() {
            return new Factory<>("good-evaluator", c -> overlapEvaluator(""), List.of());
        }
    }

    static class NanEvaluator extends RetrievalEvaluatorContract {
        protected PluginFactory<RetrievalEvaluator> factory() {
            return new Factory<>("nan-evaluator", c -> overlapEvaluator("nan"), List.of());
        }
    }

    static class InvertedEvaluator extends RetrievalEvaluatorContract {
        protected PluginFactory<RetrievalEvaluator> factory() {
            return new Factory<>("inverted-evaluator", c -> overlapEvaluator("inverted"), List.of());
        }
    }

    static class RacyEvaluator extends RetrievalEvaluatorContract {
        protected PluginFactory<RetrievalEvaluator> factory() {
            return new Factory<>("racy-evaluator", c -> overlapEvaluator("racy"), List.of());
        }
    }

    @Test
    void should_pass_a_good_evaluator_and_fail_nan_inverted_and_unstable_ones() {
        assertThat(failed(run(GoodEvaluator.class))).isEmpty();
        assertThat(failed(run(NanEvaluator.class))).contains("scores_every_passage_and_strip_in_zero_to_one");
        assertThat(failed(run(InvertedEvaluator.class))).containsExactly("scores_the_answering_passage_at_least_as_high_as_the_others");
        assertThat(failed(run(RacyEvaluator.class))).contains("gives_the_same_scores_to_many_threads_at_once");
    }

    /** Answers with the first context strip, or abstains; {@code broken} changes one behaviour. */
    static Generator firstStripGenerator(String broken) {
        return request -> {
            if (request.context().isEmpty()) {
                return "never-abstains".equals(broken) ? new Answer("I think so.", List.of(), false) : Answer.abstain("No answer.");
            }
            var strip = request.context().get(0);
            int number = "wrong-citation".equals(broken) ? strip.citation() + 40 : strip.citation();
            return new Answer(strip.text() + " [" + number + "]", List.of(new Citation(number, strip.source(), strip.text())), false);
        };
    }

    static class GoodGenerator extends GeneratorContract {
        protected PluginFactory<Generator> factory() {
            return new Factory<>("good-generator", c -> firstStripGenerator(""), List.of());
        }
    }

    static class WrongCitationGenerator extends GeneratorContract {
        protected PluginFactory<Generator> factory() {
            return new Factory<>("wrong-citation", c -> firstStripGenerator("wrong-citation"), List.of());
        }
    }

    static class NeverAbstainsGenerator extends GeneratorContract {
        protected PluginFactory<Generator> factory() {
            return new Factory<>("never-abstains", c -> firstStripGenerator("never-abstains"), List.of());
        }
    }

    @Test
    void should_pass_a_good_generator_and_fail_wrong_citations_and_guessing() {
        assertThat(failed(run(GoodGenerator.class))).isEmpty();
        assertThat(failed(run(WrongCitationGenerator.class))).containsExactly("answers_from_the_context_citing_only_its_sources");
        assertThat(failed(run(NeverAbstainsGenerator.class))).containsExactly("abstains_when_the_context_is_empty");
    }

    /** Three web results; {@code broken} changes one behaviour. */
    static SearchProvider webProvider(String broken) {
        return request -> {
            if ("hangs".equals(broken)) {
                // ignores interrupts and hangs on (for 3 s, so the test JVM is not kept busy)
                long until = System.nanoTime() + 3_000_000_000L;
                while (System.nanoTime() < until) {
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException ignored) {
                        // swallowed on purpose
                    }
                }
            }
            List<Passage> results = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Source source = "no-url".equals(broken) ? Source.knowledgeBase("d" + i, "T" + i) : Source.web("d" + i, "T" + i, "https://example.test/" + i);
                results.add(Passage.of("r" + i, "Ocean tides result " + i, source));
            }
            return results.subList(0, Math.min(request.maxResults(), results.size()));
        };
    }

    static class GoodSearch extends SearchProviderContract {
        protected PluginFactory<SearchProvider> factory() {
            return new Factory<>("good-search", c -> webProvider(""), List.of());
        }
    }

    static class NoUrlSearch extends SearchProviderContract {
        protected PluginFactory<SearchProvider> factory() {
            return new Factory<>("no-url", c -> webProvider("no-url"), List.of());
        }
    }

    static class HangingSearch extends SearchProviderContract {
        protected PluginFactory<SearchProvider> factory() {
            return new Factory<>("hangs", c -> webProvider("hangs"), List.of());
        }

        @Override
        protected java.time.Duration callTimeout() {
            return java.time.Duration.ofMillis(300);
        }
    }

    @Test
    void should_pass_a_good_search_provider_and_fail_missing_urls_and_hangs() {
        Map<String, TestExecutionResult.Status> good = run(GoodSearch.class);
        assertThat(failed(good)).isEmpty();
        assertThat(good).containsEntry("throws_when_the_source_cannot_be_reached", TestExecutionResult.Status.ABORTED);
        assertThat(failed(run(NoUrlSearch.class))).containsExactly("returns_web_passages_with_urls_and_at_most_max_results");
        assertThat(failed(run(HangingSearch.class))).contains("returns_web_passages_with_urls_and_at_most_max_results",
                "returns_or_throws_on_an_interrupted_thread");
    }
}
