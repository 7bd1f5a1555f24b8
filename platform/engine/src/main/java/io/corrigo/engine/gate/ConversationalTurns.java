package io.corrigo.engine.gate;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The host's retrieve-or-not heuristic: a message made only of greetings, thanks, farewells, acknowledgements or
 * questions about the assistant itself ("hi!", "thanks a lot", "who are you?") needs no retrieval. Anything else,
 * including any message with a word of content, is retrieved for: a wrong "no" would skip the knowledge base for a
 * real question, a wrong "yes" only costs a retrieval that finds nothing.
 */
public final class ConversationalTurns {

    private static final String PHRASE = "(?:hi|hello|hey|howdy|hiya|greetings|good (?:morning|afternoon|evening|day)"
            + "|thanks|thank you|thx|ty|many thanks|cheers|great|ok|okay|cool|nice|perfect|awesome|got it|understood"
            + "|bye|goodbye|see you|see ya|good night"
            + "|who are you|what are you|what is your name|whats your name|what can you do|how are you|how are you doing"
            + "|are you a bot|are you human)"
            + "(?: (?:there|everyone|all|again|so much|very much|a lot|later|soon|today|corrigo|bot))*";
    private static final Pattern TURN = Pattern.compile(PHRASE + "(?: " + PHRASE + ")*");

    private ConversationalTurns() {
    }

    /** Whether {@code message} is a conversational turn only. */
    public static boolean isConversational(String message) {
        String normalised = message.toLowerCase(Locale.ROOT)
                .replace("'", "")
                .replaceAll("[^\\p{L}\\p{N}]+", " ")
                .strip();
        return !normalised.isEmpty() && normalised.length() <= 80 && TURN.matcher(normalised).matches();
    }
}
