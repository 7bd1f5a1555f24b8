package io.corrigo.ui.widget;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LanguageBridgeTest {

    @Test
    void should_warn_of_a_widget_language_the_knowledge_base_lacks__through_an_english_only_embedder() {
        // given: German starter questions, an English knowledge base, the shipped English embedder
        Set<String> asked = LanguageBridge.asked(List.of(), List.of("Wie viele Urlaubstage habe ich im Jahr?"));

        // then
        assertThat(asked).containsExactly("de");
        assertThat(LanguageBridge.warning(asked, Map.of("en", 12L), "all-minilm-l6-v2")).hasValueSatisfying(w ->
                assertThat(w).contains("German").contains("English 12").contains("all-minilm-l6-v2"));
    }

    @Test
    void should_not_warn_when_the_language_is_held__the_knowledge_base_is_empty__or_the_embedder_bridges_languages() {
        assertThat(LanguageBridge.warning(Set.of("de"), Map.of("en", 3L, "de", 1L), "all-minilm-l6-v2")).isEmpty();
        assertThat(LanguageBridge.warning(Set.of("de"), Map.of(), "all-minilm-l6-v2")).isEmpty();
        assertThat(LanguageBridge.warning(Set.of("de"), Map.of("en", 3L), "bge-m3")).isEmpty();
        assertThat(LanguageBridge.warning(Set.of("de"), Map.of("en", 3L), "paraphrase-multilingual-minilm-l12-v2")).isEmpty();
        assertThat(LanguageBridge.englishOnly("bge-small-en-v1.5")).isTrue();
    }
}
