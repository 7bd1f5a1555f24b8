package io.corrigo.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.corrigo.api.Origin;
import io.corrigo.api.Passage;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.api.config.PluginConfig;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract of a {@link SearchProvider}: a list without {@code null}s of at most {@code maxResults} web passages,
 * each with a URL and text; a failure thrown rather than hidden; interrupt-safe; thread-safe.
 *
 * <p>Point {@link #settings()} at a source that has results for {@link #request()} (tests usually start a fake of
 * the remote API on 127.0.0.1). Override {@link #unreachableSettings()} to also check that an unreachable source
 * throws.
 */
public abstract class SearchProviderContract extends PluginFactoryContract<SearchProvider> {

    @TempDir
    private java.nio.file.Path unreachableDirectory;

    /** A request the source has results for. */
    protected SearchRequest request() {
        return new SearchRequest("ocean tides moon", "What causes ocean tides?", 5);
    }

    /** Settings under which the source cannot be reached (a closed port), or {@code null} to skip that check. */
    protected Map<String, String> unreachableSettings() {
        return null;
    }

    @Test
    void returns_web_passages_with_urls_and_at_most_max_results() {
        SearchProvider provider = newInstance();
        List<Passage> passages = within(() -> provider.search(request()));
        assertThat(passages).as("search results").isNotNull().doesNotContainNull().isNotEmpty()
                .hasSizeLessThanOrEqualTo(request().maxResults());
        for (Passage passage : passages) {
            assertThat(passage.source().origin()).as("origin of %s", passage.id()).isEqualTo(Origin.WEB);
            assertThat(passage.source().uri()).as("URL of %s", passage.id()).isNotBlank();
            assertThat(passage.text()).as("text of %s", passage.id()).isNotBlank();
        }
        SearchRequest one = new SearchRequest(request().keywords(), request().question(), 1);
        assertThat(within(() -> provider.search(one))).as("results for maxResults = 1").isNotNull().hasSizeLessThanOrEqualTo(1);
    }

    @Test
    void throws_when_the_source_cannot_be_reached() throws Exception {
        Map<String, String> settings = unreachableSettings();
        assumeTrue(settings != null, "unreachableSettings() not given");
        SearchProvider provider = factory().create(TestPluginContext.in(Files.createDirectories(unreachableDirectory.resolve("x"))),
                PluginConfig.resolve(factory().configProperties(), settings));
        assertThatThrownBy(() -> within(() -> provider.search(request())))
                .as("a provider that cannot reach its source throws (the host then degrades the run and counts the failure)")
                .isNotInstanceOf(AssertionError.class);
    }

    @Test
    void returns_or_throws_on_an_interrupted_thread() {
        SearchProvider provider = newInstance();
        Object outcome = withInterruptedThread(() -> provider.search(request()));
        if (!(outcome instanceof Exception)) {
            assertThat(outcome).as("search on an interrupted thread").isInstanceOf(List.class);
        }
    }

    @Test
    void gives_the_same_results_to_many_threads_at_once() {
        SearchProvider provider = newInstance();
        List<String> alone = provider.search(request()).stream().map(p -> p.source().uri()).toList();
        List<List<String>> together = concurrently(2, () -> provider.search(request()).stream().map(p -> p.source().uri()).toList());
        assertThat(together).as("results under concurrent calls").allSatisfy(urls -> assertThat(urls).isEqualTo(alone));
    }
}
