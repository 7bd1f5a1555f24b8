package io.corrigo.engine.generate;

import io.corrigo.api.text.Languages;
import java.util.Map;

/**
 * The host's own words to a user (an abstention, a failure) in the language of the question when Corrigo has them in
 * it: English, and German; in English otherwise.
 */
public final class Localized {

    /** The refusal when the knowledge base does not settle a question and the web search it needed failed. */
    public static final String SEARCH_UNAVAILABLE = "There is not enough reliable information to answer this right "
            + "now: the knowledge base does not settle it and the web search fallback is unavailable.";

    /** The abstention when the guardrail could not check the question. */
    public static final String UNCHECKED = "This question could not be checked for personal data, so it was not "
            + "answered; please try again later.";

    private static final Map<String, Map<String, String>> WORDS = Map.of("de", Map.of(
            GenerationStage.NOTHING_RELEVANT,
            "Ich habe in den durchsuchten Quellen keine verlässlichen Informationen gefunden, um diese Frage zu beantworten.",
            GenerationStage.GENERATOR_FAILED,
            "Eine Antwort konnte gerade nicht erstellt werden; bitte versuchen Sie es später noch einmal.",
            SEARCH_UNAVAILABLE,
            "Für eine verlässliche Antwort reicht es gerade nicht: Die Wissensbasis klärt die Frage nicht, und die "
                    + "Websuche ist nicht erreichbar.",
            UNCHECKED,
            "Diese Frage konnte nicht auf personenbezogene Daten geprüft werden und wurde deshalb nicht beantwortet; "
                    + "bitte versuchen Sie es später noch einmal."));

    private Localized() {
    }

    /** {@code english} in the language {@code question} is asked in, where Corrigo has it; else {@code english}. */
    public static String in(String question, String english) {
        return Languages.detect(question).map(WORDS::get).map(words -> words.get(english)).orElse(english);
    }
}
