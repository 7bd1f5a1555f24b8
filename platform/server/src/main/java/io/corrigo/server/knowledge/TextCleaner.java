package io.corrigo.server.knowledge;

import io.corrigo.api.text.Boilerplate;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Cleans extracted text before it is cut into sentences, so that what is graded and quoted is prose:
 * <ul>
 *   <li><b>headings</b> (Markdown {@code #} lines, DOCX and HTML heading styles as the parser marks them, a short
 *       line without end punctuation standing alone in a paragraph, or a short PDF line followed by a capitalised
 *       one) become section titles: kept for citations, never sentences;</li>
 *   <li><b>PDF lines</b> are joined into sentences: a line that does not end a sentence continues on the next
 *       (across a blank line too, since PDF extraction often puts one between lines), and a word hyphenated at a
 *       line end is put back together ("treat-" + "ment" → "treatment");</li>
 *   <li><b>boilerplate</b> lines ({@link Boilerplate#isBoilerplate}: URLs, DOIs, licences, dates, author lists) are
 *       dropped, and paragraph labels ("Abstract:", "Text:", "BACKGROUND/AIM:") are stripped.</li>
 * </ul>
 */
final class TextCleaner {

    /** A whole sentence inside a line: four words or more, ending in a full stop after a small letter or a digit. */
    private static final java.util.regex.Pattern HOLDS_A_SENTENCE = java.util.regex.Pattern.compile(
            "(?:^|\\s)(?:\\S+\\s+){3,}\\S*[\\p{Ll}\\d][.!?](?=\\s+\\S)");

    /** How the text was laid out by its source. */
    enum Layout {
        /** Plain text or a JSONL row: paragraphs separated by blank lines. */
        PLAIN,
        /** Markdown, or a parsed DOCX/HTML whose headings the parser wrote as {@code #} lines. */
        MARKDOWN,
        /** PDF: one line per printed line, blank lines where the extractor guessed paragraphs. */
        PDF
    }

    /** A run of paragraphs under one heading ({@code null} before the first heading). */
    record Section(String heading, String text) {
    }

    /**
     * The cleaned text.
     *
     * @param title    the first heading, or {@code null}: a document title when the source names none
     * @param sections the sections in order, each with its paragraphs separated by blank lines
     */
    record Cleaned(String title, List<Section> sections) {

        /** All sections' text, paragraphs separated by blank lines. */
        String text() {
            return String.join("\n\n", sections.stream().map(Section::text).filter(t -> !t.isBlank()).toList());
        }
    }

    private static final Pattern MARKDOWN_HEADING = Pattern.compile("^#{1,6}\\s+(.+?)\\s*#*\\s*$");
    private static final Pattern SENTENCE_END = Pattern.compile("[.!?…:;][\"'”’)\\]]*$");

    private TextCleaner() {
    }

    static Cleaned clean(String text, Layout layout) {
        List<String> lines = List.of(text.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1));
        List<Section> sections = new ArrayList<>();
        String heading = null;
        String title = null;
        List<String> paragraphs = new ArrayList<>();
        StringBuilder paragraph = new StringBuilder();
        boolean inFence = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replaceAll("[ \\t\\x0B\\f\\u00A0]+", " ").strip();
            if (layout == Layout.MARKDOWN && line.startsWith("```")) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                continue;
            }
            String newHeading = null;
            var md = MARKDOWN_HEADING.matcher(line);
            if (layout != Layout.PDF && md.matches()) {
                newHeading = markdownInline(md.group(1));
            } else if (!line.isEmpty() && isStandaloneHeading(lines, i, layout, paragraph)) {
                newHeading = line;
            }
            if (newHeading != null) {
                flush(paragraph, paragraphs);
                if (!paragraphs.isEmpty() || heading != null) {
                    sections.add(new Section(heading, String.join("\n\n", paragraphs)));
                    paragraphs.clear();
                }
                heading = newHeading;
                title = title == null ? newHeading : title;
                continue;
            }
            if (line.isEmpty()) {
                if (layout != Layout.PDF || endsSentence(paragraph)) {
                    flush(paragraph, paragraphs);
                }
                continue;
            }
            if (Boilerplate.isBoilerplate(line)) {
                continue;
            }
            if (layout == Layout.MARKDOWN) {
                line = markdownInline(line.replaceFirst("^(?:[-*+]|\\d+[.)])\\s+", "").replaceFirst("^>\\s*", ""));
            }
            if (paragraph.isEmpty()) {
                paragraph.append(line);
            } else if (layout == Layout.PDF && endsWithHyphenatedWord(paragraph) && Character.isLowerCase(line.charAt(0))) {
                paragraph.setLength(paragraph.length() - 1);
                paragraph.append(line);
            } else if (layout == Layout.PDF && endsSentence(paragraph) && !Character.isLowerCase(line.charAt(0))
                    && isShortLine(lines, i - 1)) {
                // a short line that ended a sentence: the end of a printed paragraph
                flush(paragraph, paragraphs);
                paragraph.append(line);
            } else {
                paragraph.append(' ').append(line);
            }
        }
        flush(paragraph, paragraphs);
        if (!paragraphs.isEmpty() || heading != null) {
            sections.add(new Section(heading, String.join("\n\n", paragraphs)));
        }
        return new Cleaned(title, sections);
    }

    /**
     * A heading that is not marked up: a short line without end punctuation that stands alone (plain text: a paragraph
     * of its own; PDF: at a paragraph start, followed by a line that starts with a capital).
     */
    private static boolean isStandaloneHeading(List<String> lines, int i, Layout layout, StringBuilder paragraph) {
        String line = lines.get(i).strip();
        if (!Boilerplate.looksLikeHeading(line) || HOLDS_A_SENTENCE.matcher(line).find()) {
            // "VPN sessions end automatically after 10 hours. Back": a sentence and a link's text, not a heading
            return false;
        }
        String next = nextNonBlank(lines, i);
        if (layout == Layout.PDF) {
            return (paragraph.isEmpty() || endsSentence(paragraph)) && isShortLine(lines, i) && next != null
                    && (Character.isUpperCase(next.charAt(0)) || Character.isDigit(next.charAt(0)));
        }
        boolean aloneBefore = i == 0 || lines.get(i - 1).isBlank();
        boolean aloneAfter = i + 1 >= lines.size() || lines.get(i + 1).isBlank();
        return paragraph.isEmpty() && aloneBefore && aloneAfter;
    }

    private static String nextNonBlank(List<String> lines, int i) {
        for (int j = i + 1; j < lines.size(); j++) {
            String s = lines.get(j).strip();
            if (!s.isEmpty()) {
                return s;
            }
        }
        return null;
    }

    /**
     * A line clearly shorter than the text lines around it (up to four either side, blank lines skipped: extraction
     * often puts several between printed lines): a heading, or a paragraph's last line, in a PDF.
     */
    private static boolean isShortLine(List<String> lines, int i) {
        if (i < 0) {
            return false;
        }
        int longest = 0;
        for (int step : new int[] {-1, 1}) {
            int seen = 0;
            for (int j = i + step; j >= 0 && j < lines.size() && seen < 4; j += step) {
                int length = lines.get(j).strip().length();
                if (length > 0) {
                    longest = Math.max(longest, length);
                    seen++;
                }
            }
        }
        return lines.get(i).strip().length() < 0.7 * longest;
    }

    private static boolean endsSentence(CharSequence paragraph) {
        return paragraph.isEmpty() || SENTENCE_END.matcher(paragraph).find();
    }

    private static boolean endsWithHyphenatedWord(StringBuilder paragraph) {
        int n = paragraph.length();
        return n >= 2 && paragraph.charAt(n - 1) == '-' && Character.isLetter(paragraph.charAt(n - 2));
    }

    private static void flush(StringBuilder paragraph, List<String> paragraphs) {
        if (!paragraph.isEmpty()) {
            paragraphs.add(Boilerplate.stripLabel(paragraph.toString()));
            paragraph.setLength(0);
        }
    }

    /** Markdown inline markup dropped: images and links keep their text, emphasis and code marks go. */
    private static String markdownInline(String line) {
        return line.replaceAll("!?\\[([^]]*)]\\([^)]*\\)", "$1")
                .replaceAll("[*_`]{1,3}([^*_`]+)[*_`]{1,3}", "$1");
    }
}
