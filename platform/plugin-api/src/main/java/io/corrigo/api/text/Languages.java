package io.corrigo.api.text;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which language a text is in, by its function words: offline, deterministic and fast, good for a paragraph and for
 * most questions of five words or more; it says nothing ({@link Optional#empty()}) rather than guess when the words do
 * not tell (a title, a list of names, figures). Knows English ({@code en}), German ({@code de}), French ({@code fr}),
 * Spanish ({@code es}), Italian ({@code it}) and Dutch ({@code nl}), as ISO 639-1 codes.
 *
 * @since 1.6.0
 */
public final class Languages {

    private static final Map<String, Set<String>> WORDS = new LinkedHashMap<>();

    static {
        WORDS.put("en", Set.of("the", "and", "of", "to", "is", "in", "that", "it", "for", "with", "are", "was", "on",
                "as", "be", "by", "this", "what", "how", "which", "who", "when", "where", "why", "do", "does", "did",
                "many", "much", "an", "at", "from", "have", "has", "can", "not", "or", "their", "there", "they", "you"));
        WORDS.put("de", Set.of("der", "die", "das", "und", "ist", "nicht", "ein", "eine", "einen", "dem", "den", "des",
                "mit", "von", "zu", "für", "auf", "im", "sich", "auch", "wird", "werden", "sind", "wie", "viele", "viel",
                "was", "wer", "wann", "wo", "warum", "welche", "welcher", "welches", "pro", "oder", "bei", "nach",
                "aus", "man", "darf", "muss", "kann", "hat", "haben", "zum", "zur", "über", "unter", "vor"));
        WORDS.put("fr", Set.of("le", "la", "les", "et", "est", "des", "du", "un", "une", "que", "qui", "pour", "dans",
                "par", "sur", "pas", "sont", "avec", "au", "aux", "ce", "cette", "combien", "quel", "quelle", "quand",
                "où", "pourquoi", "comment", "il", "elle", "nous", "vous"));
        WORDS.put("es", Set.of("el", "la", "los", "las", "y", "es", "del", "un", "una", "que", "por", "para", "con",
                "en", "se", "no", "son", "al", "cuántos", "cuántas", "cuál", "cuándo", "dónde", "por qué", "cómo",
                "su", "sus", "como", "más"));
        WORDS.put("it", Set.of("il", "lo", "la", "gli", "le", "e", "è", "di", "del", "della", "un", "una", "che",
                "per", "con", "non", "sono", "nel", "nella", "quanti", "quante", "quale", "quando", "dove", "perché",
                "come", "si", "al"));
        WORDS.put("nl", Set.of("de", "het", "een", "en", "is", "van", "dat", "niet", "met", "voor", "op", "zijn",
                "er", "aan", "ook", "hoeveel", "wat", "wie", "wanneer", "waar", "waarom", "hoe", "welke", "worden",
                "wordt", "bij", "naar"));
    }

    private Languages() {
    }

    /** The languages this detector knows, as ISO 639-1 codes. */
    public static List<String> known() {
        return List.copyOf(WORDS.keySet());
    }

    /**
     * The language of {@code text}: the one whose function words it uses most, when at least two of its words are
     * such words and that language leads the next by a clear margin; else empty.
     */
    public static Optional<String> detect(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        String[] words = text.toLowerCase(Locale.ROOT).split("[^\\p{L}]+");
        Map<String, Integer> hits = new LinkedHashMap<>();
        int umlauts = 0;
        for (String word : words) {
            if (word.isEmpty()) {
                continue;
            }
            if (word.indexOf('ä') >= 0 || word.indexOf('ö') >= 0 || word.indexOf('ü') >= 0 || word.indexOf('ß') >= 0) {
                umlauts++;
            }
            WORDS.forEach((language, set) -> {
                if (set.contains(word)) {
                    hits.merge(language, 1, Integer::sum);
                }
            });
        }
        if (umlauts > 0) {
            hits.merge("de", Math.min(umlauts, 2), Integer::sum);
        }
        String best = null;
        int first = 0;
        int second = 0;
        for (Map.Entry<String, Integer> e : hits.entrySet()) {
            if (e.getValue() > first) {
                second = first;
                first = e.getValue();
                best = e.getKey();
            } else if (e.getValue() > second) {
                second = e.getValue();
            }
        }
        return first >= 2 && first >= second + Math.max(1, first / 4) ? Optional.of(best) : Optional.empty();
    }
}
