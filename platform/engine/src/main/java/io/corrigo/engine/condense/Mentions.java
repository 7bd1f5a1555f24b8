package io.corrigo.engine.condense;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The things a conversation has mentioned, each with a kind and a number, and which of them a pronoun may stand for:
 * "he" and "she" a person, "they" and "them" a group of people, an organisation or several things, "it" anything but a
 * person or a group; a name of unknown kind stands for a person or, after "they", for a band, a team or a people. A mention's kind is read from its head noun, a name it holds or the words around the name, from
 * the word lists in {@code kinds/} beside this class (resources, not code). A phrase whose kind none of that tells is
 * {@link Kind#UNKNOWN}: it agrees with every pronoun of its number but is never preferred to one whose kind agrees.
 * Stateless and thread-safe.
 */
public final class Mentions {

    /** What a mention names. */
    public enum Kind {
        PERSON, PLACE, ORGANISATION, GROUP, EVENT, FIGURE, THING, UNKNOWN;

        /** Whether the word lists told this kind: neither a name they do not know nor the default for a common noun. */
        public boolean told() {
            return this != UNKNOWN && this != THING;
        }
    }

    /**
     * A noun phrase of a turn.
     *
     * @param text   as written
     * @param kind   what it names
     * @param plural whether it names several
     */
    public record Mention(String text, Kind kind, boolean plural) {
    }

    private static final Set<String> PERSON = list("person.txt");
    private static final Set<String> PLACE = list("place.txt");
    private static final Set<String> ORGANISATION = list("organisation.txt");
    private static final Set<String> GROUP = list("group.txt");
    private static final Set<String> EVENT = list("event.txt");
    private static final Set<String> PLACES = list("places.txt");
    private static final Set<String> GIVEN_NAMES = list("given-names.txt");
    private static final Set<String> TITLES = list("titles.txt");
    private static final Set<String> ORGANISATION_SUFFIXES = list("organisation-suffixes.txt");

    /** Pronouns for one person. */
    static final Set<String> PERSONAL = Set.of("he", "she", "him", "his", "her", "hers", "himself", "herself");
    /** Pronouns for several, or for an organisation. */
    static final Set<String> PLURAL = Set.of("they", "them", "their", "theirs", "themselves");

    private Mentions() {
    }

    /** The words that end a noun phrase's head: what follows them qualifies it. */
    private static final Set<String> HEAD_ENDS = Set.of("of", "in", "at", "on", "from", "among", "with", "during");

    /** The kind of {@code phrase} (a noun phrase, with or without its article). */
    public static Kind kindOf(String phrase) {
        List<String> words = words(phrase == null ? "" : phrase);
        if (words.isEmpty()) {
            return Kind.UNKNOWN;
        }
        if (words.stream().allMatch(w -> Character.isDigit(w.charAt(0)))) {
            return Kind.FIGURE;
        }
        // "the town of Springfield", "the founder of Springfield", "the nurses in Kenya": the noun before the first
        // preposition says what it is
        int of = headEnd(words);
        List<String> head = of > 0 ? words.subList(0, of) : words;
        String last = lower(head.get(head.size() - 1));
        String joined = String.join("-", words.stream().map(Mentions::lower).filter(w -> !w.equals("the")).toList());
        if (isName(head.get(head.size() - 1))) {
            if (PLACES.contains(joined) || PLACES.contains(last)) {
                return Kind.PLACE;
            }
            if (ORGANISATION_SUFFIXES.contains(last) && head.size() > 1) {
                return Kind.ORGANISATION;
            }
            String first = lower(head.get(0));
            if (TITLES.contains(first) || GIVEN_NAMES.contains(first) && head.size() > 1) {
                return Kind.PERSON;
            }
        }
        Kind byNoun = byNoun(last);
        if (byNoun != Kind.UNKNOWN) {
            return byNoun;
        }
        if (of > 0 && of + 1 < words.size()) {
            return kindOf(String.join(" ", words.subList(of + 1, words.size())));
        }
        return isName(head.get(head.size() - 1)) ? Kind.UNKNOWN : Kind.THING;
    }

    private static Kind byNoun(String noun) {
        String singular = singular(noun);
        if (PERSON.contains(noun) || PERSON.contains(singular) && !GROUP.contains(noun)) {
            return GROUP.contains(noun) || !singular.equals(noun) ? Kind.GROUP : Kind.PERSON;
        }
        if (GROUP.contains(noun)) {
            return Kind.GROUP;
        }
        if (PLACE.contains(noun) || PLACE.contains(singular)) {
            return Kind.PLACE;
        }
        if (ORGANISATION.contains(noun) || ORGANISATION.contains(singular)) {
            return Kind.ORGANISATION;
        }
        if (EVENT.contains(noun) || EVENT.contains(singular)) {
            return Kind.EVENT;
        }
        return Kind.UNKNOWN;
    }

    /** Where a noun phrase's head ends: at its first preposition after the first word ("nurses | in Kenya"), or -1. */
    static int headEnd(List<String> words) {
        for (int i = 1; i < words.size(); i++) {
            if (HEAD_ENDS.contains(lower(words.get(i)))) {
                return i;
            }
        }
        return -1;
    }

    /** Whether {@code phrase} names several: a plural head noun, or a group. */
    public static boolean plural(String phrase) {
        List<String> words = words(phrase == null ? "" : phrase);
        if (words.isEmpty()) {
            return false;
        }
        int of = headEnd(words);
        String head = words.get(of > 0 ? of - 1 : words.size() - 1);
        String w = lower(head);
        return GROUP.contains(w) && !PERSON.contains(w) || !isName(head) && w.length() > 3 && w.endsWith("s")
                && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is");
    }

    /** The mention {@code phrase} makes. */
    public static Mention of(String phrase) {
        Kind kind = kindOf(phrase);
        return new Mention(phrase, kind, kind == Kind.GROUP || plural(phrase));
    }

    /**
     * Whether {@code pronoun} may stand for {@code mention}: "he"/"she" for a person (or a name of unknown kind),
     * "they"/"them" for several, a group, an organisation (or a name of unknown kind), "it" for one thing, place,
     * event or organisation.
     */
    public static boolean agreeing(String pronoun, Mention mention) {
        String p = lower(pronoun);
        Kind k = mention.kind();
        if (PERSONAL.contains(p)) {
            return !mention.plural() && (k == Kind.PERSON || k == Kind.UNKNOWN && isName(last(mention.text())));
        }
        if (PLURAL.contains(p)) {
            // a name of unknown kind may be a band, a team or a people ("the Beatles", "the Romans")
            return mention.plural() || k == Kind.GROUP || k == Kind.ORGANISATION
                    || k == Kind.UNKNOWN && isName(last(mention.text()));
        }
        if (p.equals("it") || p.equals("its")) {
            return !mention.plural() && k != Kind.PERSON && k != Kind.GROUP;
        }
        return true;
    }

    /**
     * Whether a rewrite put a referent of the wrong kind in a pronoun's place: the words {@code got} has and
     * {@code asked} has not (what stands for the pronoun) name something the pronoun cannot stand for, while the
     * expected question's do not. {@code false} when the follow-up has no personal or plural pronoun, or the kind of
     * what replaced it cannot be told.
     */
    public static boolean wrongKind(String asked, String got, String expected) {
        List<String> askedWords = words(asked);
        String pronoun = askedWords.stream().map(Mentions::lower)
                .filter(w -> PERSONAL.contains(w) || PLURAL.contains(w)).findFirst().orElse(null);
        if (pronoun == null) {
            return false;
        }
        Set<String> had = new HashSet<>(askedWords.stream().map(Mentions::lower).toList());
        List<String> added = words(got).stream().filter(w -> !had.contains(lower(w))).toList();
        if (added.isEmpty()) {
            return false;
        }
        Mention put = of(String.join(" ", added));
        return put.kind().told() && !agreeing(pronoun, put);
    }

    static boolean isName(String word) {
        return !word.isEmpty() && Character.isUpperCase(word.codePointAt(0)) && !word.equals("I");
    }

    private static String last(String phrase) {
        List<String> words = words(phrase);
        return words.isEmpty() ? "" : words.get(words.size() - 1);
    }

    private static String singular(String w) {
        if (w.endsWith("ies") && w.length() > 4) {
            return w.substring(0, w.length() - 3) + "y";
        }
        if (w.endsWith("men")) {
            return w.substring(0, w.length() - 3) + "man";
        }
        return w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w;
    }

    private static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        for (String w : text.strip().split("\\s+")) {
            String bare = w.replaceAll("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}.]+$|'s$|’s$", "").replaceAll("\\.$", "");
            if (!bare.isEmpty()) {
                out.add(bare);
            }
        }
        return out;
    }

    private static String lower(String w) {
        return w.toLowerCase(Locale.ROOT);
    }

    private static Set<String> list(String list) {
        Set<String> words = new HashSet<>();
        try (InputStream in = Mentions.class.getResourceAsStream("kinds/" + list)) {
            if (in == null) {
                throw new IllegalStateException("the word list kinds/" + list + " is missing from the class path");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                int hash = line.indexOf('#');
                for (String word : (hash >= 0 ? line.substring(0, hash) : line).strip().split("\\s+")) {
                    if (!word.isEmpty()) {
                        words.add(word.toLowerCase(Locale.ROOT));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Set.copyOf(words);
    }
}
