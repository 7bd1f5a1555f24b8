package io.corrigo.plugins.localcorpussearch;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.config.PluginConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A corpus path that could never be read (absolute, or out of the data directory) is refused when the stage is saved. */
class LocalCorpusSearchProblemsTest {

    private final LocalCorpusSearchFactory factory = new LocalCorpusSearchFactory();

    private java.util.List<String> problems(String corpus) {
        return factory.problems(PluginConfig.resolve(factory.configProperties(), Map.of("corpus", corpus)));
    }

    @Test
    void should_refuse_paths_outside_the_data_directory_and_accept_one_inside() {
        assertThat(problems("/etc/passwd")).singleElement().asString().startsWith("corpus: a path inside");
        assertThat(problems("../../other-tenant/corpus.jsonl")).hasSize(1);
        assertThat(problems("docs/../../x")).hasSize(1);
        assertThat(problems("~/corpus")).hasSize(1);
        assertThat(problems("corpus\u0000.jsonl")).singleElement().asString().startsWith("corpus: not a path");
        assertThat(problems("web/corpus.jsonl")).isEmpty();
    }
}
