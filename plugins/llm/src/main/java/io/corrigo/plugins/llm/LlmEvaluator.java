package io.corrigo.plugins.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import io.corrigo.api.Grade;
import io.corrigo.api.Judgement;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Strip;
import io.corrigo.api.text.LexicalCoverage;
import io.corrigo.api.text.Terms;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * CRAG's retrieval evaluator as an LLM grader: asks for {@code {"grade": "CORRECT|AMBIGUOUS|INCORRECT", "score": 0..1}}
 * with few-shot examples. The grade it gives is used as it is (thresholds apply only to a bare score); output that
 * cannot be read becomes AMBIGUOUS with the reason in the trace, never an exception (a failed call still throws, so
 * the host's breaker sees it, and the host grades that passage AMBIGUOUS too). Grades are cached per (question,
 * passage). Sentence strips are scored without a model call by default (embedding cosine blended with word coverage):
 * grading every sentence with a model costs a call per sentence.
 *
 * <p><b>Sufficient-context mode</b> (after Joren et al., ICLR 2025, "Sufficient Context"): the model is asked whether
 * the passage states the specific detail the question asks for, not whether it is on the topic; {@code {"sufficient":
 * false}} is INCORRECT whatever else it says ("related, but the asked detail is missing" in the trace), {@code true} is
 * CORRECT with the model's short answer in the trace.
 */
final class LlmEvaluator implements RetrievalEvaluator {

    static final String SYSTEM = """
            You grade whether a passage helps answer a question. Reply with JSON only: \
            {"grade": "CORRECT" | "AMBIGUOUS" | "INCORRECT", "score": <number from 0 to 1>}.
            CORRECT: the passage contains the answer. AMBIGUOUS: related, but the answer is not clearly there. \
            INCORRECT: unrelated or about something else.""";

    static final String SUFFICIENT_SYSTEM = "You judge whether a passage gives sufficient context to answer a question: "
            + "it must state the specific detail the question asks for (the figure, date, name, place or reason) about "
            + "the entities, place and time the question names. A passage on the same topic that lacks that detail, or "
            + "gives a figure for another quantity, place, group or year, is not sufficient. Reply with JSON only: "
            + "{\"sufficient\": true | false, \"related\": true | false, \"answer\": \"<the short answer, or empty>\"}";

    /** Few-shot examples of the sufficient-context mode: question + passage → the expected JSON. */
    static final List<String[]> SUFFICIENT_EXAMPLES = List.of(
            new String[] {"What is the incubation period of measles?",
                    "Measles has an incubation period of 10 to 12 days before symptoms appear.",
                    "{\"sufficient\": true, \"related\": true, \"answer\": \"10 to 12 days\"}"},
            new String[] {"How many people died of measles in 2019?",
                    "In 2018, measles killed an estimated 140,000 people, most of them children under five.",
                    "{\"sufficient\": false, \"related\": true, \"answer\": \"\"}"},
            new String[] {"What is the incubation period of measles?",
                    "The Eiffel Tower was completed in 1889 for the World's Fair.",
                    "{\"sufficient\": false, \"related\": false, \"answer\": \"\"}"});

    /** Few-shot examples: question + passage → the expected JSON. */
    static final List<String[]> EXAMPLES = List.of(
            new String[] {"What is the incubation period of measles?",
                    "Measles has an incubation period of 10 to 12 days before symptoms appear.",
                    "{\"grade\": \"CORRECT\", \"score\": 0.95}"},
            new String[] {"What is the incubation period of measles?",
                    "Measles is a highly contagious viral disease that spreads through the air.",
                    "{\"grade\": \"AMBIGUOUS\", \"score\": 0.5}"},
            new String[] {"What is the incubation period of measles?",
                    "The Eiffel Tower was completed in 1889 for the World's Fair.",
                    "{\"grade\": \"INCORRECT\", \"score\": 0.02}"});

    private final Chat chat;
    private final GradeCache cache;
    private final boolean modelStrips;
    private final boolean sufficientContext;

    LlmEvaluator(Chat chat, GradeCache cache, boolean modelStrips) {
        this(chat, cache, modelStrips, false);
    }

    /** @param sufficientContext ask whether the passage states the asked detail (the sufficient-context mode) */
    LlmEvaluator(Chat chat, GradeCache cache, boolean modelStrips, boolean sufficientContext) {
        this.chat = chat;
        this.cache = cache;
        this.modelStrips = modelStrips;
        this.sufficientContext = sufficientContext;
    }

    @Override
    public double score(Query query, Passage passage) {
        return judge(query, passage).score();
    }

    @Override
    public Judgement judge(Query query, Passage passage) {
        String key = query.text() + "\u0000" + passage.id() + "\u0000" + passage.text().hashCode();
        Judgement cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        Judgement judgement = sufficientContext
                ? readSufficiency(chat.complete(messages(query.text(), passage.text(), SUFFICIENT_SYSTEM, SUFFICIENT_EXAMPLES)))
                : read(chat.complete(messages(query.text(), passage.text())));
        if (judgement.reason() == null) {
            cache.put(key, judgement); // an unreadable grade is asked again next time
        }
        return judgement;
    }

    @Override
    public double scoreStrip(Query query, Passage passage, Strip strip) {
        if (modelStrips) {
            return RetrievalEvaluator.super.scoreStrip(query, passage, strip);
        }
        double lexical = LexicalCoverage.of(Terms.contentTerms(query.text()), strip.text(), query.termStatistics());
        if (query.embedding() == null || strip.embedding() == null) {
            return lexical;
        }
        double semantic = Math.max(0, Math.min(1, (query.embedding().cosine(strip.embedding()) - 0.15) / 0.6));
        return 0.7 * semantic + 0.3 * lexical;
    }

    static List<ChatMessage> messages(String question, String passage) {
        return messages(question, passage, SYSTEM, EXAMPLES);
    }

    private static List<ChatMessage> messages(String question, String passage, String system, List<String[]> examples) {
        List<ChatMessage> messages = new java.util.ArrayList<>();
        messages.add(SystemMessage.from(system));
        for (String[] example : examples) {
            messages.add(UserMessage.from(prompt(example[0], example[1])));
            messages.add(AiMessage.from(example[2]));
        }
        messages.add(UserMessage.from(prompt(question, passage)));
        return messages;
    }

    private static String prompt(String question, String passage) {
        return "Question: " + question + "\nPassage: " + passage;
    }

    /**
     * The judgement in a sufficient-context reply: sufficient → CORRECT, not → INCORRECT (a related passage without the
     * detail too), each with its reason; a reply without a yes or no is read as a plain grade ({@link #read}).
     */
    static Judgement readSufficiency(String reply) {
        Optional<JsonNode> json = JsonReplies.object(reply);
        JsonNode sufficient = json.map(j -> j.path("sufficient")).orElse(null);
        if (sufficient == null || !sufficient.isBoolean()) {
            return read(reply);
        }
        String answer = json.get().path("answer").asText("").strip();
        if (sufficient.asBoolean()) {
            return new Judgement(1.0, Grade.CORRECT, "sufficient context" + (answer.isEmpty() ? "" : ": '"
                    + JsonReplies.excerpt(answer) + "'"));
        }
        boolean related = json.get().path("related").asBoolean(false);
        return new Judgement(related ? 0.1 : 0.0, Grade.INCORRECT, related
                ? "insufficient context: related, but the asked detail is missing" : "insufficient context: unrelated");
    }

    /** The judgement in a grader's reply; AMBIGUOUS with a reason when it cannot be read. */
    static Judgement read(String reply) {
        Optional<JsonNode> json = JsonReplies.object(reply);
        Grade grade = null;
        Double score = null;
        if (json.isPresent()) {
            JsonNode g = json.get().path("grade");
            if (g.isTextual()) {
                grade = label(g.asText());
            }
            JsonNode s = json.get().path("score");
            if (s.isNumber() && s.asDouble() >= 0 && s.asDouble() <= 1) {
                score = s.asDouble();
            }
        } else {
            grade = label(reply);
        }
        if (grade == null && score == null) {
            return new Judgement(0.5, Grade.AMBIGUOUS, "grader output unparseable: '" + JsonReplies.excerpt(reply) + "'");
        }
        if (grade == null) {
            return Judgement.of(score);
        }
        double value = score != null ? score : switch (grade) {
            case CORRECT -> 1.0;
            case AMBIGUOUS -> 0.5;
            case INCORRECT -> 0.0;
        };
        return new Judgement(value, grade, null);
    }

    private static Grade label(String text) {
        String upper = text == null ? "" : text.toUpperCase(Locale.ROOT);
        boolean correct = upper.matches("(?s).*\\bCORRECT\\b.*");
        boolean incorrect = upper.contains("INCORRECT");
        boolean ambiguous = upper.contains("AMBIGUOUS");
        int found = (correct ? 1 : 0) + (incorrect ? 1 : 0) + (ambiguous ? 1 : 0);
        if (found != 1) {
            return null; // none, or a reply that names several labels
        }
        return correct ? Grade.CORRECT : incorrect ? Grade.INCORRECT : Grade.AMBIGUOUS;
    }
}
