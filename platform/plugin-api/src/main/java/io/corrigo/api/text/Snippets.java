package io.corrigo.api.text;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Search-engine snippets as they come, made into plain prose before they are graded: a leading date or age
 * ("Jul 2, 2019 ...", "3 days ago —"), a breadcrumb trail of two or more steps ("Home › News › Science › "), and the ellipses that mark where
 * the engine cut the page ("... the vaccine was approved ...") are removed; an inner ellipsis that joins two
 * fragments becomes a sentence break, so that a fragment is never read as part of the sentence before it. Text
 * without those marks is returned as it is.
 *
 * <p>Whether a sentence is a question (a snippet often is: a forum title, a "People also ask" line) is
 * {@link #isQuestion(String)}: such a sentence states nothing and is never an answer.
 *
 * @since 1.8.0
 */
public final class Snippets {

    private static final String MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\\.?";
    private static final Pattern LEADING_DATE = Pattern.compile("^\\s*(?:"
            + MONTH + "\\s+\\d{1,2},?\\s+\\d{4}"
            + "|\\d{1,2}\\s+" + MONTH + ",?\\s+\\d{4}"
            + "|\\d{4}-\\d{2}-\\d{2}"
            + "|\\d{1,2}/\\d{1,2}/\\d{2,4}"
            + "|\\d+\\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\\s+ago"
            + ")\\s*(?:\\.{2,}|…|[-–—·|:])\\s*");
    private static final Pattern BREADCRUMB = Pattern.compile("^\\s*(?:[\\p{L}\\p{N}][\\p{L}\\p{N} .&'-]{0,40}?(?:\\s*[›»]|\\s>)\\s+){2,}");
    private static final Pattern EDGE_ELLIPSIS = Pattern.compile("^\\s*(?:\\.{3,}|…)\\s*|\\s*(?:\\.{3,}|…)\\s*$");
    private static final Pattern INNER_ELLIPSIS = Pattern.compile("\\s*(?:\\.{3,}|…)\\s+(?=\\S)");

    private Snippets() {
    }

    /** The snippet as prose: date prefix, breadcrumb and cut marks removed (see the class comment). */
    public static String clean(String snippet) {
        String text = snippet;
        // most passages have neither mark: the expressions that look for them are not run (removing never adds one)
        boolean ellipses = text.contains("...") || text.indexOf('…') >= 0;
        boolean crumbs = text.indexOf('›') >= 0 || text.indexOf('»') >= 0 || text.indexOf('>') >= 0;
        String before;
        do {
            before = text;
            text = LEADING_DATE.matcher(text).replaceFirst("");
            text = crumbs ? BREADCRUMB.matcher(text).replaceFirst("") : text;
            text = ellipses ? EDGE_ELLIPSIS.matcher(text).replaceAll("") : text;
        } while (!text.equals(before));
        text = ellipses ? INNER_ELLIPSIS.matcher(text).replaceAll(". ") : text;
        return text.isBlank() ? snippet.strip() : text.strip();
    }

    /**
     * Whether the sentence asks rather than states: it ends with a question mark (markers and quotes aside) and opens
     * with a question word or an auxiliary ("When will …?", "Is it …?"). A statement that ends with a title that asks
     * ("… appears in the film O Brother, Where Art Thou?") states.
     */
    public static boolean isQuestion(String sentence) {
        String s = sentence.replaceAll("\\[\\d+\\]", "").strip();
        while (!s.isEmpty() && "\"')”’".indexOf(s.charAt(s.length() - 1)) >= 0) {
            s = s.substring(0, s.length() - 1).strip();
        }
        if (!s.endsWith("?")) {
            return false;
        }
        Matcher first = FIRST_WORD.matcher(s);
        return first.find() && ASKING.contains(first.group().toLowerCase(java.util.Locale.ROOT));
    }

    private static final Pattern FIRST_WORD = Pattern.compile("\\p{L}+");
    private static final java.util.Set<String> ASKING = java.util.Set.of("who", "whom", "whose", "what", "which", "when",
            "where", "why", "how", "is", "are", "was", "were", "am", "do", "does", "did", "can", "could", "will", "would",
            "should", "shall", "may", "might", "must", "has", "have", "had");
}
