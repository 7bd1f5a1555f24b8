package io.corrigo.engine.critique;

import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.Critique;
import io.corrigo.api.SentenceSupport;
import io.corrigo.api.Support;
import java.util.List;
import java.util.Optional;

/** Removes the sentences a critique found unsupported from an answer, and the citations no longer referenced. */
public final class AnswerPruning {

    private AnswerPruning() {
    }

    /**
     * The answer without its {@link Support#NONE unsupported} sentences; empty when nothing would be left. An answer
     * without unsupported sentences comes back unchanged.
     */
    public static Optional<Answer> prune(Answer answer, Critique critique) {
        List<SentenceSupport> unsupported = critique.sentences().stream()
                .filter(s -> s.support() == Support.NONE).toList();
        if (unsupported.isEmpty()) {
            return Optional.of(answer);
        }
        String text = answer.text().replaceAll("\\s+", " "); // sentences come whitespace-normalised
        for (SentenceSupport sentence : unsupported) {
            int at = text.indexOf(sentence.sentence());
            if (at >= 0) {
                text = text.substring(0, at) + text.substring(at + sentence.sentence().length());
            }
        }
        text = text.replaceAll("[ \\t]{2,}", " ").replaceAll(" +\\n", "\n").strip();
        if (text.isEmpty() || !text.matches("(?s).*[\\p{L}\\p{N}].*")) {
            return Optional.empty();
        }
        String kept = text;
        List<Citation> citations = answer.citations().stream()
                .filter(c -> kept.contains("[" + c.number() + "]"))
                .toList();
        return Optional.of(new Answer(kept, citations, false, answer.reflection()));
    }

    /** The critic's feedback for a regeneration: the sentences to leave out. */
    public static String feedback(Critique critique) {
        StringBuilder text = new StringBuilder(
                "These sentences of the previous answer are not supported by the context; leave them out or replace "
                        + "them with what the context says:");
        critique.sentences().stream().filter(s -> s.support() == Support.NONE)
                .forEach(s -> text.append("\n- ").append(s.sentence()));
        return text.toString();
    }
}
