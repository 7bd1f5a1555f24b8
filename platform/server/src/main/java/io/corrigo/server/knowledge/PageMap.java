package io.corrigo.server.knowledge;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which printed page a piece of a PDF's cleaned text is on. Cleaning joins lines, mends hyphenation and drops
 * boilerplate, so offsets in the cleaned text do not map to the extracted text; letters and digits do. The map keeps
 * the extracted text's letters and digits (lower-case) with the offset where each page starts, and finds a sentence
 * by its own letters and digits.
 */
final class PageMap {

    /** The line {@link StructuredText} writes where a PDF page starts. */
    static final String MARK = "\n\f\n";
    /** How many of a sentence's letters and digits identify it. */
    private static final int PROBE = 48;

    private final String letters;
    private final int[] pageStarts;

    private PageMap(String letters, int[] pageStarts) {
        this.letters = letters;
        this.pageStarts = pageStarts;
    }

    /** The pages of extracted text with page marks, or {@code null} when it has none (not a PDF). */
    static PageMap of(String extracted) {
        if (!extracted.contains(MARK)) {
            return null;
        }
        String[] pages = extracted.split(java.util.regex.Pattern.quote(MARK), -1);
        StringBuilder all = new StringBuilder();
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < pages.length; i++) {
            if (i == 0 && pages[0].isBlank()) {
                continue; // the text before the first page mark
            }
            starts.add(all.length());
            all.append(fingerprint(pages[i]));
        }
        return new PageMap(all.toString(), starts.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The letters and digits of {@code text}, lower-case. */
    static String fingerprint(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().filter(Character::isLetterOrDigit)
                .forEach(c -> out.appendCodePoint(Character.toLowerCase(c)));
        return out.toString().toLowerCase(Locale.ROOT);
    }

    /** How many pages. */
    int pages() {
        return pageStarts.length;
    }

    /** The page (from 1) that {@code sentence} starts on, or 0 when it cannot be found. */
    int pageOf(String sentence) {
        String probe = fingerprint(sentence);
        if (probe.isEmpty()) {
            return 0;
        }
        int at = letters.indexOf(probe.substring(0, Math.min(PROBE, probe.length())));
        if (at < 0) {
            return 0;
        }
        int page = 0;
        while (page + 1 < pageStarts.length && pageStarts[page + 1] <= at) {
            page++;
        }
        return page + 1;
    }
}
