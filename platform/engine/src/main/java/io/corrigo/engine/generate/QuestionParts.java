package io.corrigo.engine.generate;

import io.corrigo.api.text.LexicalCoverage;
import io.corrigo.api.text.Terms;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The parts of a multi-part question and which of them an answer leaves out: "What is the leave policy in the UK and
 * Japan?" has the parts {@code uk} and {@code japan}; an answer about the UK alone misses {@code japan}. Parts are the
 * content words joined by "and" (or listed with commas before an "and"): "symptoms and treatment", "UK, France and
 * Japan". An answer misses a part when no word of it appears in the answer (light stemming).
 */
public final class QuestionParts {

    private static final Set<String> PREPOSITIONS = Set.of("in", "at", "for", "on", "of", "to", "from", "with", "by");

    private QuestionParts() {
    }

    /** The coordinated parts of {@code question}, or an empty list when it asks one thing. */
    public static List<String> of(String question) {
        List<String> tokens = Terms.tokens(question.replace(",", " , "));
        List<String> raw = new ArrayList<>();
        for (String t : question.replace(",", " , ").split("\\s+")) {
            if (t.equals(",")) {
                raw.add(",");
            } else {
                raw.addAll(Terms.tokens(t));
            }
        }
        Set<String> parts = new LinkedHashSet<>();
        for (int i = 0; i < raw.size(); i++) {
            if (!raw.get(i).equals("and")) {
                continue;
            }
            String left = i > 0 ? raw.get(i - 1) : null;
            int r = i + 1;
            if (r + 1 < raw.size() && PREPOSITIONS.contains(raw.get(r)) && i >= 2 && raw.get(i - 2).equals(raw.get(r))) {
                r++; // "in London and in Berlin": the preposition repeats
            }
            String right = r < raw.size() ? raw.get(r) : null;
            if (!isPart(left) || !isPart(right)) {
                continue;
            }
            parts.add(left);
            parts.add(right);
            // "A, B and C": walk back over the comma-separated list
            for (int j = i - 2; j >= 1 && raw.get(j).equals(",") && isPart(raw.get(j - 1)); j -= 2) {
                parts.add(raw.get(j - 1));
            }
        }
        return tokens.isEmpty() ? List.of() : List.copyOf(parts);
    }

    /** The parts of {@code question} that {@code answer} does not mention; empty when it asks one thing. */
    public static List<String> missing(String question, String answer) {
        List<String> parts = of(question);
        if (parts.isEmpty()) {
            return List.of();
        }
        Set<String> stems = new HashSet<>();
        Terms.tokens(answer).forEach(t -> stems.add(LexicalCoverage.stem(t)));
        return parts.stream().filter(p -> !stems.contains(LexicalCoverage.stem(p))).toList();
    }

    private static boolean isPart(String token) {
        return token != null && !token.equals(",") && !Terms.isStopWord(token) && !token.equals("between");
    }
}
