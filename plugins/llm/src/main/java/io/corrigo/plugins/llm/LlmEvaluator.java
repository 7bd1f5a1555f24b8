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
 */
final class LlmEvaluator implements RetrievalEvaluator {

    static final String SYSTEM = """
            You grade whether a passage helps answer a question. Reply with JSON only: \
            {"grade": "CORRECT" | "AMBIGUOUS" | "INCORRECT", "score": <number from 0 to 1>}.
            CORRECT: the passage contains the answer. AMBIGUOUS: related, but the answer is not clearly there. \
            INCORRECT: unrelated or about something else.""";

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

    LlmEvaluator(Chat chat, GradeCache cache, boolean modelStrips) {
        this.chat = chat;
        this.cache = cache;
        this.modelStrips = modelStrips;
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
        Judgement judgement = read(chat.complete(messages(query.text(), passage.text())));
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
        List<ChatMessage> messages = new java.util.ArrayList<>();
        messages.add(SystemMessage.from(SYSTEM));
        for (String[] example : EXAMPLES) {
            messages.add(UserMessage.from(prompt(example[0], example[1])));
            messages.add(AiMessage.from(example[2]));
        }
        messages.add(UserMessage.from(prompt(question, passage)));
        return messages;
    }

    private static String prompt(String question, String passage) {
        return "Question: " + question + "\nPassage: " + passage;
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
