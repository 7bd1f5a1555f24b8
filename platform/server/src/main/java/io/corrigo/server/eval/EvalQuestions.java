package io.corrigo.server.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/** Reads a labelled question set: one JSON object per line, as in the benchmark's {@code questions_*.jsonl}. */
public final class EvalQuestions {

    private static final ObjectMapper JSON = new ObjectMapper();

    private EvalQuestions() {
    }

    /**
     * The questions of {@code lines}, at most {@code limit} (0: all).
     * @throws IllegalArgumentException naming the file and line of the first problem, or when there is no question
     */
    public static List<EvalQuestion> parse(String name, List<String> lines, int limit) {
        List<EvalQuestion> questions = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                JsonNode q = JSON.readTree(lines.get(i));
                if (!q.path("question").isTextual() || q.path("question").asText().isBlank()) {
                    throw new IllegalArgumentException("no \"question\"");
                }
                questions.add(new EvalQuestion(q.path("id").asText("line-" + (i + 1)), q.path("question").asText(),
                        strings(q.path("answers")), q.path("gold_route").asText("kb"), strings(q.path("gold_sentences")),
                        q.path("source").asText("unknown")));
            } catch (Exception e) {
                throw new IllegalArgumentException(name + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
            if (limit > 0 && questions.size() == limit) {
                break;
            }
        }
        if (questions.isEmpty()) {
            throw new IllegalArgumentException(name + " holds no questions");
        }
        return questions;
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
