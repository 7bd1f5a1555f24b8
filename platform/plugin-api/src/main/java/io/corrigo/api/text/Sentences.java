package io.corrigo.api.text;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Splits text into sentences, the "strips" of Corrective RAG.
 *
 * <p>Built on the JDK's {@link BreakIterator}, with two repairs that matter for the papers and encyclopaedic
 * text Corrigo is fed: a break after a common abbreviation ("e.g.", "et al.", "Fig.", German "bzw.", "z. B."), inside
 * a German date ("am 31. März") or after a German ordinal ("bis zum 2. Werktag") is undone, and
 * fragments shorter than {@link #MIN_CHARS} characters are joined to the sentence before them. Line breaks
 * that separate paragraphs always end a sentence.
 */
public final class Sentences {

    /** Fragments shorter than this are joined to their neighbour. */
    public static final int MIN_CHARS = 20;

    private static final Set<String> ABBREVIATIONS = Set.of("e.g.", "i.e.", "al.", "fig.", "figs.", "vs.", "dr.",
            "mr.", "mrs.", "ms.", "prof.", "no.", "approx.", "ca.", "cf.", "etc.", "st.", "jr.", "sr.", "inc.",
            "ltd.", "u.s.", "ref.", "refs.", "eq.", "vol.", "p.",
            // German
            "bzw.", "usw.", "ggf.", "evtl.", "inkl.", "zzgl.", "nr.", "str.", "abs.", "vgl.", "bspw.", "mio.", "mrd.",
            "tel.", "abt.", "gem.", "u.a.", "z.b.", "d.h.", "s.o.", "s.u.", "o.ä.");
    /** A day before a month name ("am 31. März"): the full stop of a German date is no sentence end. */
    private static final java.util.regex.Pattern ORDINAL = java.util.regex.Pattern.compile("(?:^|\\s)\\d{1,2}\\.$");
    private static final java.util.regex.Pattern MONTH = java.util.regex.Pattern.compile("^(?:Januar|Jänner|Februar|März|"
            + "April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan|Feb|Mär|Apr|Jun|Jul|Aug|Sep|Sept|Okt|"
            + "Nov|Dez)\\b.*");
    /** The first half of a two-letter abbreviation written with a space ("z. B.", "d. h.", "u. a."). */
    private static final java.util.regex.Pattern LETTER = java.util.regex.Pattern.compile("(?:^|\\s)\\p{Ll}\\.$");
    private static final java.util.regex.Pattern LETTER_NEXT = java.util.regex.Pattern.compile("^\\p{L}\\.(?:\\s.*)?$");

    private Sentences() {
    }

    private static final java.util.regex.Pattern LEADING_MARKERS = java.util.regex.Pattern.compile("^((?:\\[\\d+\\]\\s*)+)");
    /** The end of a cited sentence: "days. [1]" or "days [1]." (with more markers), before whitespace or the end. */
    private static final java.util.regex.Pattern CITED_END = java.util.regex.Pattern.compile(
            "(?:[.!?]\\s*(?:\\[\\d+\\]\\s*)*\\[\\d+\\]|\\[\\d+\\][.!?](?:\\s*\\[\\d+\\])*)(?=\\s|$)");

    /**
     * The sentences of an answer with citation markers: like {@link #split}, but a marker that follows a sentence's
     * full stop ("… days. [1] Measles …") stays with that sentence, the one it cites for, and always ends it. Each
     * returned sentence is whitespace-normalised, so it can be found in the answer with its whitespace normalised.
     */
    public static List<String> ofAnswer(String answer) {
        List<String> result = new ArrayList<>();
        if (answer == null || answer.isBlank()) {
            return result;
        }
        java.util.regex.Matcher end = CITED_END.matcher(answer);
        int from = 0;
        while (end.find()) {
            addRepaired(split(answer.substring(from, end.end())), result);
            from = end.end();
        }
        addRepaired(split(answer.substring(from)), result);
        return result;
    }

    private static void addRepaired(List<String> sentences, List<String> result) {
        for (String sentence : sentences) {
            java.util.regex.Matcher m = LEADING_MARKERS.matcher(sentence);
            if (m.find() && !result.isEmpty()) {
                int last = result.size() - 1;
                result.set(last, result.get(last) + " " + m.group(1).trim());
                String rest = sentence.substring(m.end()).trim();
                if (!rest.isEmpty()) {
                    result.add(rest);
                }
            } else {
                result.add(sentence);
            }
        }
    }

    /** The sentences of {@code text}, trimmed, in order; empty for blank text. */
    public static List<String> split(String text) {
        List<String> result = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return result;
        }
        for (String paragraph : text.split("\\n\\s*\\n")) {
            splitParagraph(paragraph.replaceAll("\\s+", " ").trim(), result);
        }
        return result;
    }

    private static void splitParagraph(String paragraph, List<String> out) {
        if (paragraph.isEmpty()) {
            return;
        }
        int firstOfParagraph = out.size();
        BreakIterator iterator = BreakIterator.getSentenceInstance(Locale.ENGLISH);
        iterator.setText(paragraph);
        StringBuilder pending = new StringBuilder();
        int start = iterator.first();
        for (int end = iterator.next(); end != BreakIterator.DONE; start = end, end = iterator.next()) {
            String piece = paragraph.substring(start, end).trim();
            if (piece.isEmpty()) {
                continue;
            }
            if (!pending.isEmpty()) {
                pending.append(' ');
            }
            pending.append(piece);
            String next = paragraph.substring(end).stripLeading();
            if (!endsWithAbbreviation(piece) && !continues(piece, next) && !germanOrdinal(piece, next, paragraph)
                    && pending.length() >= MIN_CHARS) {
                out.add(pending.toString());
                pending.setLength(0);
            }
        }
        if (!pending.isEmpty()) {
            if (pending.length() < MIN_CHARS && out.size() > firstOfParagraph) {
                out.set(out.size() - 1, out.get(out.size() - 1) + " " + pending);
            } else {
                out.add(pending.toString());
            }
        }
    }

    /** Whether the break after {@code piece} is inside a date ("31. März") or an abbreviation ("z. B."). */
    private static boolean continues(String piece, String next) {
        if (next.isEmpty()) {
            return false;
        }
        return ORDINAL.matcher(piece).find() && MONTH.matcher(next).matches()
                || LETTER.matcher(piece).find() && LETTER_NEXT.matcher(next).matches();
    }

    /**
     * Whether the break after {@code piece} is a German ordinal's full stop ("bis zum 2. Werktag", "der 3. Absatz"):
     * a number of one or two digits and its stop, followed by a word, in a German paragraph.
     */
    private static boolean germanOrdinal(String piece, String next, String paragraph) {
        return ORDINAL.matcher(piece).find() && !next.isEmpty() && Character.isLetter(next.codePointAt(0))
                && Languages.detect(paragraph).filter("de"::equals).isPresent();
    }

    private static boolean endsWithAbbreviation(String piece) {
        int space = piece.lastIndexOf(' ');
        String last = (space < 0 ? piece : piece.substring(space + 1)).toLowerCase(Locale.ROOT);
        return ABBREVIATIONS.contains(last);
    }
}
