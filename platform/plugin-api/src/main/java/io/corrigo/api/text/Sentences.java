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
 * text Corrigo is fed: a break after a common abbreviation ("e.g.", "et al.", "Fig.") is undone, and
 * fragments shorter than {@link #MIN_CHARS} characters are joined to the sentence before them. Line breaks
 * that separate paragraphs always end a sentence.
 */
public final class Sentences {

    /** Fragments shorter than this are joined to their neighbour. */
    public static final int MIN_CHARS = 20;

    private static final Set<String> ABBREVIATIONS = Set.of("e.g.", "i.e.", "al.", "fig.", "figs.", "vs.", "dr.",
            "mr.", "mrs.", "ms.", "prof.", "no.", "approx.", "ca.", "cf.", "etc.", "st.", "jr.", "sr.", "inc.",
            "ltd.", "u.s.", "ref.", "refs.", "eq.", "vol.", "p.");

    private Sentences() {
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
            if (!endsWithAbbreviation(piece) && pending.length() >= MIN_CHARS) {
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

    private static boolean endsWithAbbreviation(String piece) {
        int space = piece.lastIndexOf(' ');
        String last = (space < 0 ? piece : piece.substring(space + 1)).toLowerCase(Locale.ROOT);
        return ABBREVIATIONS.contains(last);
    }
}
