package io.corrigo.server.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --synthetic-chunks}: the real Lucene retriever plugin file, loaded as the host loads it, indexed with a
 * small synthetic corpus, measured before and after compaction, the report written.
 */
class RetrievalScaleTest {

    @TempDir
    Path dir;

    @Test
    void should_index_synthetic_chunks_into_a_real_plugin__measure__compact__and_report() throws Exception {
        // given the shipped Lucene retriever's plugin file alone in a plugins directory
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Files.copy(Paths.get("target", "plugins", "corrigo-plugin-lucene-retriever.zip"),
                plugins.resolve("corrigo-plugin-lucene-retriever.zip"));
        Path report = dir.resolve("scale.json");
        RetrievalScale scale = BenchOptions.parseScale(List.of("--synthetic-chunks", "3000", "--queries", "20",
                "--plugins-dir", plugins.toString(), "--work-dir", dir.resolve("index").toString(), "--out", report.toString()));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        // when
        Map<String, Object> figures = scale.run(new PrintStream(printed, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        // then
        assertThat(figures.get("chunks")).isEqualTo(3000);
        assertThat(figures.get("retriever").toString()).startsWith("lucene-retriever");
        assertThat((Double) figures.get("indexingSeconds")).isPositive();
        @SuppressWarnings("unchecked")
        Map<String, Object> loaded = (Map<String, Object>) figures.get("asLoaded");
        @SuppressWarnings("unchecked")
        Map<String, Object> compacted = (Map<String, Object>) figures.get("compacted");
        assertThat((Long) loaded.get("segments")).as("three commits of 1,000 chunks").isGreaterThanOrEqualTo(1);
        assertThat((Long) compacted.get("segments")).isBetween(1L, 4L);
        @SuppressWarnings("unchecked")
        Map<String, Double> hybrid = (Map<String, Double>) compacted.get("hybrid");
        assertThat(hybrid.get("p50")).isPositive().isLessThanOrEqualTo(hybrid.get("p99"));
        // within one collection of 1 % (30 chunks), the chunk a query aims at is found: the filter is applied in the
        // search, not to a top 5 drawn from all 3,000
        assertThat((Double) compacted.get("filteredFound")).isGreaterThanOrEqualTo(0.9);
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("3,000 synthetic chunks").contains("compacted")
                .contains("filtered p50 / hybrid p50");
        assertThat(Files.readString(report)).contains("\"compactionSeconds\"").contains("\"textOnly\"");
    }

    @Test
    void should_refuse_a_retriever_that_no_plugin_offers__and_bad_sizes__with_a_reason() throws Exception {
        Path plugins = Files.createDirectories(dir.resolve("empty-plugins"));
        RetrievalScale missing = BenchOptions.parseScale(List.of("--synthetic-chunks", "1000", "--plugins-dir",
                plugins.toString(), "--retriever", "no-such-retriever"));
        assertThatThrownBy(() -> missing.run(System.out, System.err))
                .hasMessageContaining("no started plugin").hasMessageContaining("no-such-retriever");
        assertThatThrownBy(() -> BenchOptions.parseScale(List.of("--synthetic-chunks", "12")))
                .hasMessageContaining("--synthetic-chunks must be 1,000 to 100,000,000");
        assertThatThrownBy(() -> BenchOptions.parseScale(List.of("--synthetic-chunks", "5000", "--plugins-dir", "/no/such/dir")))
                .hasMessageContaining("no plugins directory");
    }
}
