package io.corrigo.plugins.llm;

import io.corrigo.api.Reflection;
import io.corrigo.api.Support;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Self-RAG's reflection tokens (Asai et al. 2023) in a model's output: read into a {@link Reflection} and removed from
 * the text the user sees, together with the {@code <paragraph>} evidence blocks and end-of-sequence markers such
 * models echo. The first token of each kind counts.
 */
final class ReflectionTokens {

    /** A parsed output: the clean text and the tokens. */
    record Parsed(String text, Reflection reflection) {
    }

    private static final Pattern TOKEN = Pattern.compile(
            "\\[(Retrieval|No Retrieval|Continue to Use Evidence|Relevant|Irrelevant|Fully supported"
                    + "|Partially supported|No support / Contradictory|Utility:\\s*([1-5]))\\]",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern NOISE = Pattern.compile("(?s)<paragraph>.*?</paragraph>|</?s>|</?paragraph>");

    private ReflectionTokens() {
    }

    static Parsed parse(String output) {
        Boolean retrieve = null;
        Boolean relevant = null;
        Support support = null;
        Integer utility = null;
        Matcher m = TOKEN.matcher(output);
        while (m.find()) {
            String token = m.group(1).toLowerCase(java.util.Locale.ROOT);
            if (token.startsWith("utility")) {
                utility = utility != null ? utility : Integer.parseInt(m.group(2));
            } else if (token.equals("retrieval") || token.equals("continue to use evidence")) {
                retrieve = retrieve != null ? retrieve : Boolean.TRUE;
            } else if (token.equals("no retrieval")) {
                retrieve = retrieve != null ? retrieve : Boolean.FALSE;
            } else if (token.equals("relevant")) {
                relevant = relevant != null ? relevant : Boolean.TRUE;
            } else if (token.equals("irrelevant")) {
                relevant = relevant != null ? relevant : Boolean.FALSE;
            } else if (support == null) {
                support = token.startsWith("fully") ? Support.FULLY : token.startsWith("partially")
                        ? Support.PARTIALLY : Support.NONE;
            }
        }
        String text = NOISE.matcher(TOKEN.matcher(output).replaceAll(" ")).replaceAll(" ")
                .replaceAll("[ \\t]+", " ").replaceAll(" +([.,;:!?])", "$1").strip();
        Reflection reflection = new Reflection(retrieve, relevant, support, utility);
        return new Parsed(text, reflection.present() ? reflection : null);
    }
}
