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

    /** The keys of a labelled question: those of the benchmark's files ({@code questions_*.jsonl}, trust sets). */
    public static final java.util.Set<String> KEYS = java.util.Set.of("id", "question", "answers", "gold_route",
            "gold_sentences", "gold_passage_ids", "source", "group", "split", "trap_passage_id");

    /** A set refused for keys it should not have: every such key by line, with the key probably meant. */
    public static final class UnknownKeys extends IllegalArgumentException {

        private final List<String> details;

        UnknownKeys(String message, List<String> details) {
            super(message);
            this.details = List.copyOf(details);
        }

        /** One line per unknown key: "line 1: route (did you mean gold_route?)". */
        public List<String> details() {
            return details;
        }
    }

    /**
     * The questions of {@code lines}, at most {@code limit} (0: all). Strict: a key a labelled question does not have
     * ({@link #KEYS}: "route" for "gold_route", "answer" for "answers") refuses the whole set, every such key named by
     * line, so that a set of another shape is never read as knowledge-base questions without answers.
     *
     * @throws UnknownKeys naming every unknown key by line
     * @throws IllegalArgumentException naming the file and line of the first other problem, or when there is no question
     */
    public static List<EvalQuestion> parse(String name, List<String> lines, int limit) {
        List<Line> read = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            Line line = Line.read(i + 1, lines.get(i));
            read.add(line);
            if (line.node() != null && line.node().isObject()) {
                line.node().fieldNames().forEachRemaining(key -> {
                    if (!KEYS.contains(key)) {
                        String closest = meant(key);
                        unknown.add("line " + line.number() + ": " + key + (closest == null
                                ? " is not a key of a question" : " (did you mean " + closest + "?)"));
                    }
                });
            }
        }
        if (!unknown.isEmpty()) {
            throw new UnknownKeys(name + ": " + unknown.size() + " key(s) a labelled question does not have, so nothing "
                    + "was evaluated (its keys: " + String.join(", ", new java.util.TreeSet<>(KEYS)) + "):",
                    unknown.size() > 50 ? unknown.subList(0, 50) : unknown);
        }
        List<EvalQuestion> questions = new ArrayList<>();
        for (Line line : read) {
            try {
                questions.add(question(line));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(name + " line " + line.number() + ": " + e.getMessage(), e);
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

    /** A non-blank line of the set, parsed once: its JSON, or why it is none. */
    private record Line(int number, JsonNode node, String error) {

        static Line read(int number, String text) {
            try {
                return new Line(number, JSON.readTree(text), null);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return new Line(number, null, e.getOriginalMessage());
            }
        }
    }

    private static EvalQuestion question(Line line) {
        JsonNode q = line.node();
        if (line.error() != null) {
            throw new IllegalArgumentException(line.error());
        }
        if (q == null || !q.isObject()) {
            throw new IllegalArgumentException("not a JSON object");
        }
        if (!q.path("question").isTextual() || q.path("question").asText().isBlank()) {
            throw new IllegalArgumentException("no \"question\"");
        }
        for (String list : List.of("answers", "gold_sentences")) {
            if (q.has(list) && !q.get(list).isArray()) {
                throw new IllegalArgumentException("\"" + list + "\" must be a list of texts");
            }
        }
        if (q.has("gold_route") && !q.get("gold_route").isTextual()) {
            throw new IllegalArgumentException("\"gold_route\" must be kb, web or none");
        }
        return new EvalQuestion(q.path("id").asText("line-" + line.number()), q.path("question").asText(),
                strings(q.path("answers")), q.path("gold_route").asText("kb"), strings(q.path("gold_sentences")),
                q.path("source").asText("unknown"));
    }

    /** The key {@code key} probably stands for: "route" → gold_route, "goldRoute" → gold_route, "answer" → answers. */
    static String meant(String key) {
        String snake = key.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
        if (KEYS.contains(snake)) {
            return snake;
        }
        if (KEYS.contains("gold_" + snake)) {
            return "gold_" + snake;
        }
        return io.corrigo.server.problem.JsonProblems.closest(snake, KEYS);
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
