package io.corrigo.server.knowledge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A PDF's page furniture taken out before its text is cleaned and split: the running headers and footers printed on
 * most pages (a document's title, a company name, "Confidential", "Page 3 of 12") and page numbers standing alone at a
 * page's top or bottom. Left in, they are indexed as sentences, glued to the sentences beside them, and retrieved.
 * A line is furniture when it stands among the first or last {@value #EDGE} lines of a page, is short (at most
 * {@value #MAX_CHARS} characters) and the same line (digits aside) stands there on at least half the pages, three at
 * least; a bare page number at the edge always is.
 */
final class PageFurniture {

    /** How many lines at a page's top and bottom are looked at. */
    static final int EDGE = 2;
    /** The fewest pages on which a line must repeat to be furniture. */
    static final int MIN_PAGES = 3;
    /** The longest line taken for a running head or foot. */
    static final int MAX_CHARS = 100;
    private static final Pattern PAGE_NUMBER = Pattern.compile(
            "(?i)^[\\s\\-–—|]*(?:(?:page|seite|p\\.)\\s*)?\\d{1,4}(?:\\s*(?:/|of|von)\\s*\\d{1,4})?[\\s\\-–—|]*$");

    private PageFurniture() {
    }

    /** {@code extracted} (pages separated by {@link PageMap#MARK}) without its furniture; as it is without marks. */
    static String remove(String extracted) {
        if (!extracted.contains(PageMap.MARK)) {
            return extracted;
        }
        String[] pages = extracted.split(Pattern.quote(PageMap.MARK), -1);
        List<List<String>> lines = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        int printed = 0;
        for (String page : pages) {
            List<String> pageLines = List.of(page.split("\n", -1));
            lines.add(pageLines);
            if (page.isBlank()) {
                continue;
            }
            printed++;
            Set<String> edges = new HashSet<>();
            for (int i : edgeIndexes(pageLines)) {
                edges.add(key(pageLines.get(i)));
            }
            edges.forEach(k -> seen.merge(k, 1, Integer::sum));
        }
        int needed = Math.max(MIN_PAGES, (printed + 1) / 2);
        StringBuilder out = new StringBuilder(extracted.length());
        for (int p = 0; p < lines.size(); p++) {
            if (p > 0) {
                out.append(PageMap.MARK);
            }
            List<String> pageLines = lines.get(p);
            Set<Integer> drop = new HashSet<>();
            for (int i : edgeIndexes(pageLines)) {
                String line = pageLines.get(i);
                if (PAGE_NUMBER.matcher(line).matches()
                        || line.strip().length() <= MAX_CHARS && seen.getOrDefault(key(line), 0) >= needed) {
                    drop.add(i);
                }
            }
            for (int i = 0; i < pageLines.size(); i++) {
                if (i > 0) {
                    out.append('\n');
                }
                if (!drop.contains(i)) {
                    out.append(pageLines.get(i));
                }
            }
        }
        return out.toString();
    }

    /** The indexes of the first and last {@value #EDGE} non-blank lines of a page. */
    private static List<Integer> edgeIndexes(List<String> pageLines) {
        List<Integer> filled = new ArrayList<>();
        for (int i = 0; i < pageLines.size(); i++) {
            if (!pageLines.get(i).isBlank()) {
                filled.add(i);
            }
        }
        Set<Integer> edges = new java.util.TreeSet<>();
        for (int k = 0; k < Math.min(EDGE, filled.size()); k++) {
            edges.add(filled.get(k));
            edges.add(filled.get(filled.size() - 1 - k));
        }
        return new ArrayList<>(edges);
    }

    /** A line as repeated furniture is compared: digits as one mark (page numbers change), spacing and case aside. */
    private static String key(String line) {
        return line.strip().toLowerCase(Locale.ROOT).replaceAll("\\d+", "#").replaceAll("\\s+", " ");
    }
}
