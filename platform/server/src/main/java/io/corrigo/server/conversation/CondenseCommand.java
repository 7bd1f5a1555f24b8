package io.corrigo.server.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.engine.condense.RuleCondenser;
import io.corrigo.engine.condense.Turn;
import io.corrigo.server.Halves;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@code java -jar corrigo.jar condense [--set FILE]... [--wrong]}: how often the offline condenser rewrites a follow-up
 * into the standalone question a person wrote for it, over a set of multi-turn conversations. Each conversation is
 * replayed as the host replays it: every follow-up condensed against the user's earlier turns and the answers given.
 * A rewrite is right when it has the same content words as the expected question (case, articles, prepositions,
 * question words, "'s" and a plural "s" aside); a follow-up whose expected form is {@code CLARIFY} is right when the
 * condenser asks back, and wrong when it answers.
 */
public final class CondenseCommand {

    /** Where the set written for the tests lies, from the repository's root. */
    public static final String DEFAULT_SET = "platform/server/src/test/resources/condense/conversations.jsonl";
    /** The expected form of a follow-up whose referent a person could not tell either. */
    public static final String CLARIFY = "CLARIFY";

    private static final Set<String> FUNCTION_WORDS = Set.of("the", "a", "an", "of", "for", "in", "on", "at", "to", "from",
            "by", "with", "about", "between", "my", "your", "i", "if", "what", "which", "who", "when", "where", "why", "how", "is", "are", "was",
            "were", "do", "does", "did", "can", "could", "should", "will", "has", "have", "had", "much", "many", "long");

    /**
     * One follow-up scored.
     *
     * @param conversation the conversation's id
     * @param turn         the turn, 1-based (the first is never scored)
     * @param asked        the follow-up as the user wrote it
     * @param expected     the standalone question a person wrote, or {@link #CLARIFY}
     * @param got          what the condenser made of it ({@link #CLARIFY} when it asked back)
     * @param rule         the rule that made it
     * @param right        whether it matches
     */
    public record Scored(String conversation, int turn, String asked, String expected, String got, String rule,
                         boolean right) {
    }

    /** The figures over a set: every follow-up scored. */
    public record Result(int conversations, List<Scored> followUps) {

        public long right() {
            return followUps.stream().filter(Scored::right).count();
        }

        public double accuracy() {
            return followUps.isEmpty() ? 0 : (double) right() / followUps.size();
        }

        /** The follow-ups whose referent nobody could tell ({@link #CLARIFY} expected). */
        public long unresolvable() {
            return followUps.stream().filter(s -> s.expected().equals(CLARIFY)).count();
        }

        /** Of {@link #unresolvable}, those asked back. */
        public long askedBack() {
            return followUps.stream().filter(s -> s.expected().equals(CLARIFY) && s.got().equals(CLARIFY)).count();
        }

        /** Follow-ups a person could read that were asked back all the same. */
        public long needlessAsks() {
            return followUps.stream().filter(s -> !s.expected().equals(CLARIFY) && s.got().equals(CLARIFY)).count();
        }

        /**
         * Rewrites that put a referent of the wrong kind in a pronoun's place: a person's pronoun ("he", "she") made a
         * place, a thing or a group, a group's ("they", "them") made one person or place, as told by
         * {@link io.corrigo.engine.condense.Mentions#agreeing}.
         */
        public long wrongKind() {
            return followUps.stream().filter(s -> !s.right() && !s.got().equals(CLARIFY)
                    && io.corrigo.engine.condense.Mentions.wrongKind(s.asked(), s.got(), s.expected())).count();
        }

        /** The part of the set in {@code half} ({@link Halves}: by a fixed hash of each conversation's id). */
        public Result half(Halves.Half half) {
            List<Scored> in = followUps.stream().filter(s -> Halves.of(s.conversation()) == half).toList();
            return new Result((int) in.stream().map(Scored::conversation).distinct().count(), in);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private CondenseCommand() {
    }

    /** Scores {@code condenser} on the conversations in {@code set} (one JSON object a line). */
    public static Result score(Path set, RuleCondenser condenser) throws IOException {
        List<Scored> scored = new ArrayList<>();
        int conversations = 0;
        for (String line : Files.readAllLines(set)) {
            if (line.isBlank()) {
                continue;
            }
            conversations++;
            JsonNode conversation = JSON.readTree(line);
            List<Turn> history = new ArrayList<>();
            int number = 0;
            for (JsonNode turn : conversation.get("turns")) {
                number++;
                String asked = turn.get("user").asText();
                String expected = turn.get("expected").asText();
                if (number > 1) {
                    RuleCondenser.Condensed got = condenser.condense(asked, history);
                    String text = got.unclear() ? CLARIFY : got.question();
                    boolean right = expected.equals(CLARIFY) ? got.unclear()
                            : !got.unclear() && contentWords(text).equals(contentWords(expected));
                    scored.add(new Scored(conversation.get("id").asText(), number, asked, expected, text, got.rule(), right));
                }
                history.add(new Turn(asked, turn.path("answer").asText("")));
            }
        }
        return new Result(conversations, scored);
    }

    /** The words that carry content, stemmed crudely: what a rewrite must share with the expected question. */
    public static Set<String> contentWords(String question) {
        return Arrays.stream(question.toLowerCase(Locale.ROOT).replaceAll("'s\\b|'", "").split("[^\\p{L}\\p{N}-]+"))
                .filter(w -> !w.isEmpty() && !FUNCTION_WORDS.contains(w))
                .map(w -> w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w)
                .collect(Collectors.toSet());
    }

    /** @return the process exit code: 0 done, 1 the set could not be read, 2 bad arguments */
    public static int run(String[] args, PrintStream out) {
        List<Path> sets = new ArrayList<>();
        boolean wrong = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--set" -> {
                    if (i + 1 >= args.length) {
                        out.println("corrigo condense: --set needs a file");
                        return 2;
                    }
                    sets.add(Path.of(args[++i]));
                }
                case "--wrong" -> wrong = true;
                default -> {
                    out.println("usage: corrigo condense [--set FILE]... [--wrong]   (default set: " + DEFAULT_SET
                            + "; several sets are scored together)");
                    return 2;
                }
            }
        }
        if (sets.isEmpty()) {
            sets.add(Path.of(DEFAULT_SET));
        }
        int conversations = 0;
        List<Scored> followUps = new ArrayList<>();
        for (Path set : sets) {
            try {
                Result one = score(set, new RuleCondenser());
                conversations += one.conversations();
                followUps.addAll(one.followUps());
            } catch (IOException | RuntimeException e) {
                out.println("corrigo condense: cannot read " + set + ": " + e.getMessage());
                return 1;
            }
        }
        Result result = new Result(conversations, followUps);
        out.printf(Locale.ROOT, "Condenser (offline rules) on %s: %d conversations, %d follow-ups%n",
                String.join(" + ", sets.stream().map(Path::toString).toList()), result.conversations(),
                result.followUps().size());
        out.printf(Locale.ROOT, "  rewritten to the expected standalone question: %d of %d (%.3f)%n", result.right(),
                result.followUps().size(), result.accuracy());
        TreeMap<String, int[]> byRule = new TreeMap<>();
        for (Scored s : result.followUps()) {
            int[] c = byRule.computeIfAbsent(s.expected().equals(CLARIFY) ? "(clarify expected)" : s.rule(), k -> new int[2]);
            c[0] += s.right() ? 1 : 0;
            c[1]++;
        }
        byRule.forEach((rule, c) -> out.printf(Locale.ROOT, "  %-20s %d of %d%n", rule, c[0], c[1]));
        for (Halves.Half half : Halves.Half.values()) {
            Result part = result.half(half);
            out.printf(Locale.ROOT, "  %-9s half (%d conversations): %d of %d (%.3f); referent of the wrong kind %d, "
                            + "asked back needlessly %d, unresolvable asked back %d of %d%n", half.label(),
                    part.conversations(), part.right(), part.followUps().size(), part.accuracy(), part.wrongKind(),
                    part.needlessAsks(), part.askedBack(), part.unresolvable());
        }
        if (wrong) {
            result.followUps().stream().filter(s -> !s.right()).forEach(s -> out.printf(Locale.ROOT,
                    "  wrong %s#%d: \"%s\" -> \"%s\" (expected \"%s\")%n", s.conversation(), s.turn(), s.asked(), s.got(),
                    s.expected()));
        }
        return 0;
    }
}
