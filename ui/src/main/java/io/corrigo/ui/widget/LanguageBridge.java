package io.corrigo.ui.widget;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.UI;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Whether visitors asking in the widget's languages can be answered from the knowledge base: a question in a language
 * no document is written in is matched through the embedder only, and an English-only embedder does not bridge
 * languages, so such questions abstain. The warning names the languages at risk, what the knowledge base holds, and
 * what to do.
 */
final class LanguageBridge {

    private LanguageBridge() {
    }

    /**
     * The warning for {@code asked} (the widget's languages: its texts' and its starter questions'), or empty when
     * nothing is at risk: an empty knowledge base, every language present in it, or an embedder not known to be
     * English-only.
     *
     * @param documents the knowledge base's documents per detected language (documents without one left out)
     * @param embedder  the host embedder's model id
     */
    static Optional<String> warning(Set<String> asked, Map<String, Long> documents, String embedder) {
        if (documents.isEmpty() || !englishOnly(embedder)) {
            return Optional.empty();
        }
        Set<String> missing = new LinkedHashSet<>(asked);
        missing.removeAll(documents.keySet());
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Long> held = new TreeMap<>(documents);
        StringBuilder holds = new StringBuilder();
        held.forEach((language, n) -> holds.append(holds.isEmpty() ? "" : ", ").append(name(language)).append(" ").append(n));
        return Optional.of(t("Questions in {0} will mostly go unanswered: no document of the knowledge base is written in it (documents by language: {1}), and the embedder {2} matches English only. Add documents in that language, or set a multilingual embedder (see the operations guide).",
                String.join(", ", missing.stream().map(LanguageBridge::name).toList()), holds, embedder));
    }

    /** Whether {@code modelId} names an embedding model that matches English only (the shipped MiniLM, "-en" models). */
    static boolean englishOnly(String modelId) {
        String id = modelId == null ? "" : modelId.toLowerCase(Locale.ROOT);
        if (id.contains("multilingual") || id.contains("m3") || id.contains("labse") || id.contains("xlm")) {
            return false;
        }
        return id.contains("all-minilm") || id.matches(".*[-_]en([-_@.].*)?$") || id.contains("-en-");
    }

    /** The languages of {@code texts} (its language tabs) and of {@code starters} (detected), English by default. */
    static Set<String> asked(List<String> texts, List<String> starters) {
        Set<String> languages = new LinkedHashSet<>(texts);
        for (String question : starters) {
            io.corrigo.api.text.Languages.detect(question).ifPresent(languages::add);
        }
        return languages;
    }

    private static String name(String code) {
        Locale shown = UI.getCurrent() == null ? Locale.ENGLISH : UI.getCurrent().getLocale();
        String name = Locale.forLanguageTag(code).getDisplayLanguage(shown);
        return name.isEmpty() ? code : name;
    }
}
