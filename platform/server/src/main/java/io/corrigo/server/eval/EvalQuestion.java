package io.corrigo.server.eval;

import java.util.List;
import java.util.Objects;

/**
 * One labelled question, in the shape of the Corrigo benchmark's {@code questions_*.jsonl}.
 *
 * @param id             a unique id
 * @param question       the question
 * @param answers        reference answers (short for covidqa, the long answer for clapnq); empty when none
 * @param goldRoute      {@code kb}, {@code web} or {@code none}: where the answer lives
 * @param goldSentences  the sentences that answer it; empty for {@code none}
 * @param source         the dataset it comes from ({@code covidqa}, {@code clapnq}, …), for slicing
 */
public record EvalQuestion(String id, String question, List<String> answers, String goldRoute,
                           List<String> goldSentences, String source) {

    public EvalQuestion {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(question, "question");
        answers = answers == null ? List.of() : List.copyOf(answers);
        goldSentences = goldSentences == null ? List.of() : List.copyOf(goldSentences);
        goldRoute = goldRoute == null ? "kb" : goldRoute;
        source = source == null ? "unknown" : source;
        if (!List.of("kb", "web", "none").contains(goldRoute)) {
            throw new IllegalArgumentException("question " + id + ": gold_route must be kb, web or none, was " + goldRoute);
        }
    }
}
