package io.corrigo.api.text;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Lines and labels of a document that are not prose and must never be quoted as an answer: URLs, DOIs, licence and
 * copyright lines, dates and author lists on a line of their own, and the section labels that papers and datasets put
 * in front of a paragraph ("Abstract:", "Text:", "BACKGROUND/AIM:"). Ingestion drops such lines and labels before a
 * document is cut into sentences; the pipeline does the same to search results it splits itself.
 */
public final class Boilerplate {

    private static final Pattern URL = Pattern.compile("^(?:<)?(?:https?://|www\\.)\\S+(?:>)?$", Pattern.CASE_INSENSITIVE);
    private static final Pattern DOI = Pattern.compile("^(?:doi|https?://(?:dx\\.)?doi\\.org/)\\s*:?\\s*10\\.\\S+.*$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern LICENCE = Pattern.compile(
            "^(?:licen[cs]e\\s*:|copyright\\b|©|\\(c\\)\\s*\\d{4}|all rights reserved|this (?:article|work) is licensed).*$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern DATE = Pattern.compile(
            "^(?:\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}/\\d{2,4}|(?:published|received|accepted)\\s*:?.{0,40}\\d{4})\\.?$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern EMAIL = Pattern.compile("^\\S+@\\S+\\.\\S+$");
    /** "Surname, Given; Surname, Given; …": two or more semicolon-separated names with commas. */
    private static final Pattern AUTHORS = Pattern.compile(
            "^(?:[\\p{Lu}][\\p{L}'’.-]+(?: [\\p{L}'’.-]+)*, [\\p{L}'’. -]+;\\s*){1,}[\\p{Lu}][\\p{L}'’.-]+(?: [\\p{L}'’.-]+)*, [\\p{L}'’. -]+$");
    /** A label before a paragraph: an upper-case run ("BACKGROUND/AIM:") or a common section word ("Abstract:"). */
    private static final Pattern LABEL = Pattern.compile(
            "^(?:[\\p{Lu}][\\p{Lu} /&-]{2,40}|Text|Abstract|Background|Methods?|Results?|Conclusions?|Objectives?|"
                    + "Introduction|Summary|Aims?|Purpose|Findings|Discussion|Keywords|Key words)\\s*:\\s*");

    /** A label after a sentence's end inside a paragraph (structured abstracts): "… used. RESULTS: Of 40 …". */
    private static final Pattern INLINE_LABEL = Pattern.compile(
            "(?<=[.!?] )(?:[\\p{Lu}][\\p{Lu} /&-]{2,40}|Methods?|Results?|Conclusions?|Objectives?|Findings|Discussion)"
                    + "\\s*:\\s+");

    private Boilerplate() {
    }

    /** Whether {@code line} (one line of a document) is a URL, DOI, licence, date, e-mail or author list. */
    public static boolean isBoilerplate(String line) {
        String s = line.strip();
        if (s.isEmpty()) {
            return false;
        }
        return URL.matcher(s).matches() || DOI.matcher(s).matches() || LICENCE.matcher(s).matches()
                || DATE.matcher(s).matches() || EMAIL.matcher(s).matches() || AUTHORS.matcher(s).matches();
    }

    /**
     * {@code text} without its section labels: leading ones, however many ("Abstract: BACKGROUND/AIM: The role …" →
     * "The role …"), and those that open a sentence inside it ("… was used. RESULTS: Of 40 …" → "… was used. Of 40 …").
     */
    public static String stripLabel(String text) {
        String s = text.strip();
        for (int i = 0; i < 4; i++) {
            String stripped = LABEL.matcher(s).replaceFirst("");
            // a label followed by nothing stays: it is the whole line
            if (stripped.isBlank() || stripped.equals(s)) {
                break;
            }
            s = stripped;
        }
        return INLINE_LABEL.matcher(s).replaceAll("");
    }

    /**
     * The sentences of {@code text} that are prose ({@link Sentences#split} after cleaning): boilerplate lines
     * dropped, paragraph labels stripped, and a paragraph that is a single heading-like line left out. For text that
     * did not come through ingestion's cleaning, such as search results.
     */
    public static List<String> proseSentences(String text) {
        List<String> sentences = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return sentences;
        }
        for (String paragraph : text.split("\\n\\s*\\n")) {
            StringBuilder prose = new StringBuilder();
            String[] lines = paragraph.split("\\n");
            for (String line : lines) {
                if (!isBoilerplate(line) && !line.isBlank()) {
                    prose.append(prose.isEmpty() ? stripLabel(line) : " " + line.strip());
                }
            }
            if (prose.isEmpty() || (lines.length == 1 && looksLikeHeading(prose.toString()))) {
                continue;
            }
            sentences.addAll(Sentences.split(prose.toString()));
        }
        return sentences;
    }

    /**
     * Whether {@code line} reads as a heading rather than prose: at most 30 words and 250 characters (papers have long
     * titles), starting with a capital or a digit, and not ending like a statement (full stop, exclamation mark, colon,
     * comma, semicolon). A question may be a heading ("Chikungunya: A Potentially Emerging Epidemic?", a FAQ entry).
     */
    public static boolean looksLikeHeading(String line) {
        String s = line.strip();
        if (s.isEmpty() || s.length() > 250 || Terms.tokens(s).size() > 30) {
            return false;
        }
        char first = s.charAt(0);
        char last = s.charAt(s.length() - 1);
        return (Character.isUpperCase(first) || Character.isDigit(first)) && ".!:,;".indexOf(last) < 0
                && !isBoilerplate(s);
    }
}
