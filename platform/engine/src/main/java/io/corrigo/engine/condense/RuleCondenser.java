package io.corrigo.engine.condense;

import io.corrigo.engine.analyse.PartsOfSpeech;
import io.corrigo.engine.gate.ConversationalTurns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites a follow-up into a standalone question by rules, offline: the previous question's focus is carried into
 * an elliptical follow-up ("And for part-time staff?" after "What is the PTO policy?" becomes "What is the PTO policy
 * for part-time staff?"; "And Japan?" after "What is the capital of France?" becomes "What is the capital of Japan?"),
 * a pronoun is resolved to the previous question's topic ("How is it transmitted?" after "What is the Hepatitis C
 * virus?"), and a short question that names no topic of its own gets the previous one ("Is there a waiting period?"
 * after "What does the dental plan cover?"). A question that stands on its own is left as it is: a wrong rewrite
 * retrieves for a question nobody asked, so every rule needs a clear cue; where no rule can tell the referent ("And
 * the other one?") the follow-up is marked unclear, to be asked back. The earlier turns are read as the user wrote
 * them: the topic and the last full question are replayed from the user's words on every call, never taken from
 * earlier rewrites. Stateless and thread-safe.
 */
public final class RuleCondenser {

    private static final Set<String> PREPOSITIONS = Set.of("for", "in", "at", "on", "during", "under", "with", "without",
            "after", "before", "to", "from", "by", "of", "between", "about", "inside", "outside", "within", "near", "into",
            "until");
    private static final Set<String> DETERMINERS = Set.of("the", "a", "an", "my", "your", "our", "their", "his", "her",
            "its", "this", "that", "these", "those", "some", "any");
    private static final Set<String> AUXILIARIES = Set.of("do", "does", "did", "can", "could", "should", "will", "would",
            "must", "may", "might", "shall", "is", "are", "was", "were", "has", "have", "had");
    private static final Set<String> QUESTION_WORDS = Set.of("what", "which", "who", "whom", "whose", "when", "where",
            "why", "how");
    private static final Set<String> SUBJECT_PRONOUNS = Set.of("it", "they", "them", "he", "she", "him");
    private static final Set<String> POSSESSIVES = Set.of("its", "their", "his");
    /** Words that point without naming: "And the other one?", "What about that?". */
    private static final Set<String> VAGUE = Set.of("other", "one", "ones", "that", "this", "it", "them", "those", "these",
            "same", "else", "thing", "things", "rest", "difference");
    /** Nouns for groups of people, plural without an "s". */
    private static final Set<String> GROUPS = Set.of("staff", "people", "children", "personnel", "police", "team", "crew");
    /** "Is it true that ...": an {@code it} that stands for nothing. */
    private static final Set<String> EXPLETIVE_AFTER_IT = Set.of("true", "possible", "safe", "ok", "okay", "necessary",
            "required", "normal", "common", "likely", "better", "worth", "hard", "easy", "raining", "time", "legal");

    private static final Pattern WHAT_ABOUT = Pattern.compile("(?i)^(?:(?:and|but|or|so)\\s+)?(?:what|how)\\s+about\\s+(.+)$");
    private static final Pattern AND_THEN = Pattern.compile("(?i)^(?:and|but|or|also)\\s+(.+)$");
    private static final Pattern SAME_FOR = Pattern.compile("(?i)^(?:same|also)\\s+((?:for|in|on|at)\\s+.+)$");
    private static final Pattern DEFINITION = Pattern.compile(
            "(?i)^(?:what|who)\\s+(?:is|are|was|were)\\s+(.+)$|^(?:tell me about|what do you know about|explain|describe)\\s+(.+)$");
    private static final Pattern AUX_SUBJECT = Pattern.compile(
            "(?i)^(?:how many|how much|how long|how often|what|which|when|where|why|how)\\b.*?\\b(?:do|does|did|can|should|will|must)\\s+(.+)\\s+(\\S+)$");
    /** "How often are laptops replaced": the subject of a passive question. */
    private static final Pattern PASSIVE_SUBJECT = Pattern.compile(
            "(?i)^(?:how many|how much|how long|how often|how|what|which|when|where|why)\\b.*?\\b(?:is|are|was|were)\\s+(.+)\\s+(\\S{2,}ed|"
            + "paid|made|built|sold|held|known|done|seen|kept|found|told|sent|spent|bought|taught|given|taken|written|chosen|"
            + "driven|broken|spoken|stolen|hidden|shown|grown|drawn|set|put|cut)$");
    private static final Pattern WHAT_IF = Pattern.compile("(?i)^what if\\s+(.+)$");
    private static final Pattern COUNTED = Pattern.compile("(?i)^how many\\s+(\\S+)");
    /** "Is overtime paid": the subject of a yes/no question about a state. */
    private static final Pattern YES_NO_PASSIVE = Pattern.compile("(?i)^(?:is|are|was|were)\\s+(.+)\\s+(\\S+)$");
    private static final Pattern IMPLICIT = Pattern.compile(
            "(?i)^(?:is there|are there|do i need|do we need|does one need|how many|how much|how long|how often|can i|can we|should i|should we|what if|who do i)\\b.*");
    /** A name an answer's first sentence opens with: "President Andrew Johnson commissioned …". */
    private static final Pattern OPENING_NAME = Pattern.compile("^((?:\\p{Lu}[\\p{L}.'-]*\\s+){1,4}\\p{Lu}[\\p{L}.'-]*)\\s+\\p{Ll}");
    /** The name an answer leads with: "Elzie Crisler Segar [1]." */
    private static final Pattern LEADING_NAME = Pattern.compile("^((?:\\p{Lu}[\\p{L}.'-]*\\s+){0,4}\\p{Lu}[\\p{L}.'-]*)\\s*\\[\\d+]");

    /**
     * A condensed question.
     *
     * @param question      the standalone question ({@code asked} itself when it needs a clarification)
     * @param rule          which rule made it ({@code unchanged} when none applied, {@code unclear} when the
     *                      referent could not be told)
     * @param used          the earlier turns it drew on, 1-based, oldest first (empty when unchanged)
     * @param clarification for an unclear follow-up, the question to ask back; else {@code null}
     * @param choices       for a follow-up that reads more than one way, the readings to offer (one click each);
     *                      else empty
     */
    public record Condensed(String question, String rule, List<Integer> used, String clarification,
                            List<io.corrigo.engine.trace.Condensation.Choice> choices) {

        public Condensed {
            used = used == null ? List.of() : List.copyOf(used);
            choices = choices == null ? List.of() : List.copyOf(choices);
        }

        /** As the canonical constructor, with no choices. */
        public Condensed(String question, String rule, List<Integer> used, String clarification) {
            this(question, rule, used, clarification, List.of());
        }

        Condensed(String question, String rule) {
            this(question, rule, List.of(), null);
        }

        /** Whether the referent was unclear and the user should be asked back. */
        public boolean unclear() {
            return clarification != null;
        }
    }

    /**
     * What the conversation is about after a turn, read from the user's own words: the topic a pronoun or an implied
     * question stands for, and the frame (the last full question, its pronouns resolved) an ellipsis completes; the
     * person a who-question's answer leads with ({@code whoAnswer}, its turn negative when it was not read), and what
     * the last answer named besides ({@code answered}: a short answer's lead, or the person a who-answer's sentence
     * opens with).
     */
    private record State(String topic, int topicTurn, String frame, int frameTurn, String whoAnswer, int answerTurn,
                         String answered) {

        static final State EMPTY = new State(null, 0, null, 0, null, 0);

        /** A state whose last answer named nothing the rules read. */
        State(String topic, int topicTurn, String frame, int frameTurn, String whoAnswer, int answerTurn) {
            this(topic, topicTurn, frame, frameTurn, whoAnswer, answerTurn, null);
        }

        /** This state with the last answer's short lead ({@link #answerLead}) as a mention a pronoun may take. */
        State answered(String lead) {
            return new State(topic, topicTurn, frame, frameTurn, whoAnswer, answerTurn, lead);
        }
    }

    /**
     * The standalone form of {@code followUp} after {@code history}. The earlier turns are read as the user wrote them
     * (never as they were condensed before), so a rewrite that went wrong once does not feed the next one; the answer
     * to a who-question names the person a later "he" or "she" stands for.
     *
     * @param history the conversation's earlier turns, oldest first, each question as the user asked it; empty for a
     *                first question
     */
    public Condensed condense(String followUp, List<Turn> history) {
        String asked = followUp == null ? "" : followUp.strip();
        if (history.isEmpty() || asked.isEmpty() || ConversationalTurns.isConversational(asked)) {
            return new Condensed(asked, "unchanged");
        }
        State state = State.EMPTY;
        List<Frame> earlier = new ArrayList<>();
        for (int i = 0; i < history.size(); i++) {
            Step step = step(history.get(i).question().strip(), i + 1, state, earlier);
            if (state.frame() != null && !state.frame().equals(step.after().frame())) {
                earlier.add(new Frame(state.frame(), state.frameTurn()));
            }
            state = step.after();
            String answer = history.get(i).answer();
            if (whoQuestion(step.condensed().question()) && !answer.isBlank()) {
                // the person asked for is the answer's: the name it leads with, or (a negative turn) one not read
                String name = leadingName(answer);
                state = new State(state.topic(), state.topicTurn(), state.frame(), state.frameTurn(), name,
                        name == null ? -(i + 1) : i + 1).answered(name == null ? openingName(answer) : null);
            } else if (!step.condensed().unclear()) {
                state = new State(state.topic(), state.topicTurn(), state.frame(), state.frameTurn(), null, 0)
                        .answered(answerLead(answer));
            } // a turn asked back changes nothing: a person not yet named stays unknown for the next "he"
        }
        return step(asked, history.size() + 1, state, earlier).condensed();
    }

    /**
     * What the conversation has named so far, oldest first, each once: the noun phrases of the user's questions and
     * what each answer leads with (the name of a who-question's answer, a short answer's words), with the kind and
     * number {@link Mentions} tells. What a model rewriter is given beside the transcript, so that a pronoun is
     * resolved to a mention of its kind.
     */
    public List<Mentions.Mention> mentions(List<Turn> history) {
        java.util.Map<String, Mentions.Mention> named = new java.util.LinkedHashMap<>();
        for (Turn turn : history) {
            for (String run : nounRuns(turn.question().strip())) {
                String bareRun = run.replaceFirst("(?i)^(the|a|an)\\s+", "");
                Mentions.Mention mention = Mentions.of(run);
                if (!mention.kind().told() && !bareRun.contains(" ") && !isName(bareRun)) {
                    continue; // a lone common word of no known kind ("found") is more likely a verb than a referent
                }
                named.remove(lower(bareRun)); // named again: latest last
                named.put(lower(bareRun), mention);
            }
            String name = whoQuestion(turn.question()) ? leadingName(turn.answer()) : answerLead(turn.answer());
            if (name != null) {
                named.remove(lower(name));
                named.put(lower(name), Mentions.of(name));
            }
        }
        return List.copyOf(named.values());
    }

    /**
     * Whether a reading of {@code followUp} that the rules left {@link Condensed#rule() unchanged} must stay so: it
     * names its own subject and has no pronoun to resolve, so nothing of the conversation belongs in it.
     */
    static boolean standsAlone(Condensed byRules, String followUp) {
        List<String> words = tokens(bare(followUp));
        return "unchanged".equals(byRules.rule()) && !words.isEmpty() && !hasPronoun(words)
                && (namesSomething(words) || asksItsOwnTopic(words) || words.size() >= 5);
    }

    /** A full question asked earlier in the conversation, its pronouns resolved, and its turn. */
    private record Frame(String question, int turn) {
    }

    /** One turn read: how it was condensed and what the conversation is about after it. */
    private record Step(Condensed condensed, State after) {
    }

    private Step step(String asked, int turn, State state, List<Frame> earlier) {
        if (asked.isEmpty() || ConversationalTurns.isConversational(asked)) {
            return new Step(new Condensed(asked, "unchanged"), state);
        }
        String f = bare(asked);
        String remainder = ellipsis(f);
        boolean continuation = false;
        if (remainder != null && !startsWithQuestion(remainder)) {
            return ellipsisStep(asked, remainder, turn, state, earlier);
        }
        if (remainder != null) {
            f = remainder; // "And how is it treated?": the opener carries nothing more
            continuation = true;
        }
        List<String> words = tokens(f);
        int there = locativeThere(words);
        if (there >= 0 && state.topic() != null) {
            // "there" is a place: the last place the conversation named ("How many people live there?")
            String place = named(ofKind(state, earlier, "there", Mentions.Kind.PLACE));
            if (place != null) {
                List<String> resolved = new ArrayList<>(words.subList(0, there));
                boolean afterPreposition = there > 0 && Set.of("from", "to", "near", "in", "at", "around", "outside")
                        .contains(lower(words.get(there - 1)));
                resolved.addAll(tokens((afterPreposition ? "" : "in ") + place));
                resolved.addAll(words.subList(there + 1, words.size()));
                words = List.copyOf(resolved);
                if (!hasPronoun(words)) {
                    String out = question(join(words));
                    return new Step(new Condensed(out, "pronoun", List.of(state.topicTurn()), null),
                            new State(state.topic(), state.topicTurn(), bare(out), turn, null, 0));
                }
            }
        }
        if (hasPronoun(words)) {
            boolean person = words.stream().map(RuleCondenser::lower).anyMatch(Mentions.PERSONAL::contains);
            if (person && state.whoAnswer() == null && state.answerTurn() < 0) {
                // "When did he die?" after "Who created Popeye?" answered without a name in front: "he" is the
                // creator, whose name was not read; not Popeye. Asked back rather than guessed, with the people the
                // question and the answer named as choices ("Do you mean Oliver Kelley or President Andrew Johnson?")
                List<String> named = new ArrayList<>(people(state));
                if (state.answered() != null && named.stream().noneMatch(n -> overlaps(n, state.answered()))) {
                    named.add(state.answered());
                }
                if (named.isEmpty()) {
                    return unclear(asked, "who \"" + pronounIn(words) + "\" is", state);
                }
                String thing = state.topic();
                List<String> said = words;
                List<io.corrigo.engine.trace.Condensation.Choice> choices = named.stream()
                        .map(n -> new io.corrigo.engine.trace.Condensation.Choice(n,
                                question(resolvePronouns(said, thing, thing, n)))).toList();
                return new Step(new Condensed(asked, "unclear", List.of(), "Do you mean " + String.join(" or ", named)
                        + "?", choices), state);
            }
            if (person && state.whoAnswer() != null) {
                // "Where did he move it?": he is the person named in the answer, it the question's topic
                String thing = state.topic() == null ? state.whoAnswer() : state.topic();
                String out = question(resolvePronouns(words, thing, thing, state.whoAnswer()));
                return new Step(new Condensed(out, "pronoun", List.of(state.answerTurn()), null),
                        new State(state.whoAnswer(), state.answerTurn(), bare(out), turn, null, 0));
            }
            if (state.topic() == null) {
                return unclear(asked, "what \"" + pronounIn(words) + "\" stands for", state);
            }
            String singular = agreeing(state, false);
            String plural = agreeing(state, true);
            String someone = null;
            if (person) {
                // "he" is a person: the topic if it is one, else the first person the conversation names, latest first
                someone = ofKind(state, earlier, "he");
                if (someone == null) {
                    return unclear(asked, "who \"" + pronounIn(words) + "\" is", state);
                }
                List<String> people = people(state);
                if (people.size() >= 2) {
                    // two people named in the last question: either could be "she"; the user picks with one click
                    String singularThing = singular;
                    String pluralThing = plural;
                    List<String> said = words;
                    List<io.corrigo.engine.trace.Condensation.Choice> choices = people.stream()
                            .map(p -> new io.corrigo.engine.trace.Condensation.Choice(p,
                                    question(resolvePronouns(said, singularThing, pluralThing, p)))).toList();
                    String clarification = "Do you mean " + String.join(" or ", people) + "?";
                    return new Step(new Condensed(asked, "unclear", List.of(), clarification, choices), state);
                }
            }
            if (words.stream().map(RuleCondenser::lower).anyMatch(Mentions.PLURAL::contains) && !known(plural, "they")) {
                // "them" is several, a group or an organisation, never the country they were surveyed in
                String agreeing = ofKind(state, earlier, "they");
                boolean fits = Mentions.agreeing("they", Mentions.of(plural));
                if (agreeing == null && !fits) {
                    return unclear(asked, "who \"" + pronounIn(words) + "\" are", state);
                }
                // the rules' phrase stays unless it cannot be "they" or a mention of a known kind can
                plural = agreeing != null && (!fits || known(agreeing, "they")) ? agreeing : plural;
            }
            if (words.stream().map(RuleCondenser::lower).anyMatch("it"::equals)) {
                // "it" is a thing, an event or an organisation: "How long did it last?" is about the pandemic, not Samoa
                Mentions.Kind kind = Mentions.kindOf(singular);
                if (kind == Mentions.Kind.PLACE || kind == Mentions.Kind.PERSON || kind == Mentions.Kind.GROUP) {
                    String thing = ofKind(state, List.of(), "it", Mentions.Kind.EVENT, Mentions.Kind.ORGANISATION);
                    if (thing == null && kind != Mentions.Kind.PLACE) {
                        // never a person or a group: the latest thing or place the conversation named
                        thing = ofKind(state, earlier, "it");
                    }
                    singular = thing == null ? singular : thing;
                }
            }
            String personal = someone == null ? singular : someone;
            String subject = subjectReferent(words, singular, plural, personal);
            String objectSingular = singular;
            String objectPlural = plural;
            if (subject != null && same(singular, subject)) {
                objectSingular = orElse(ofKind(state, earlier, "it", subject), singular);
            }
            if (subject != null && same(plural, subject)) {
                objectPlural = orElse(ofKind(state, earlier, "they", subject), plural);
            }
            String out = question(resolvePronouns(words, singular, plural, personal, objectSingular, objectPlural));
            State after = new State(state.topic(), state.topicTurn(), bare(out), turn, null, 0);
            return new Step(new Condensed(out, "pronoun", List.of(state.topicTurn()), null), after);
        }
        if (state.frame() != null && why(words)) {
            return unclear(asked, "what \"" + f + "\" refers to", state);
        }
        if (state.frame() != null && fragment(words)) {
            // "Until when?", "By whom?": the question word asks about the last full question
            String out = question(f + " " + inverted(state.frame()));
            return new Step(new Condensed(out, "fragment", List.of(state.frameTurn()), null),
                    new State(state.topic(), state.topicTurn(), bare(out), turn, null, 0));
        }
        String completed = state.frame() == null ? null : complement(words, tokens(state.frame()));
        if (completed != null) {
            // "Do unused days carry over?" after "How many days of paid time off ...": the days are the same days
            String out = question(completed);
            return new Step(new Condensed(out, "complement", List.of(state.frameTurn()), null),
                    new State(state.topic(), state.topicTurn(), bare(out), turn, null, 0));
        }
        if (state.topic() != null && (IMPLICIT.matcher(f).matches() && words.size() <= 6 || continuation
                || words.size() <= 4 && !asksItsOwnTopic(words)) && !namesSomething(words)
                && shares(words, tokens(state.frame())) == 0) {
            Matcher condition = WHAT_IF.matcher(state.frame());
            String out = question(condition.matches() ? f + " if " + condition.group(1)
                    : f + " for " + decapitalise(state.topic()));
            return new Step(new Condensed(out, "implicit topic", List.of(state.topicTurn()), null),
                    new State(state.topic(), state.topicTurn(), bare(out), turn, null, 0));
        }
        // a question of its own: what the conversation is about from now on
        State after = new State(focus(f), turn, f, turn, null, 0);
        return new Step(new Condensed(asked, "unchanged"), after);
    }

    /**
     * The noun phrase a singular ({@code it}, {@code its}) or plural ({@code they}, {@code their}) pronoun stands
     * for: the topic when its number agrees, else the first phrase of the topic's question that agrees, else the topic.
     */
    private static String agreeing(State state, boolean plural) {
        if (plural(state.topic()) == plural || state.frame() == null) {
            return state.topic();
        }
        for (String candidate : phrases(state.frame())) {
            if (plural(candidate) == plural && !candidate.equalsIgnoreCase(state.topic())) {
                return candidate;
            }
        }
        return state.topic();
    }

    /**
     * What {@code pronoun} stands for by kind ({@link Mentions}), or {@code null}: the most salient question that holds
     * an agreeing mention (the topic with the last question, then the earlier ones, latest first, up to three), and in
     * it the first agreeing mention whose kind is known (a name before a common noun: "James Cook" before "the
     * explorer"), else the first that agrees at all. A name takes the kind of a phrase that holds it ("Marlow Falls" in "the town of
     * Marlow Falls" is a place).
     *
     * @param kinds when given, only mentions of these kinds
     */
    private static String ofKind(State state, List<Frame> earlier, String pronoun, Mentions.Kind... kinds) {
        return ofKind(state, earlier, pronoun, null, kinds);
    }

    /** As {@link #ofKind(State, List, String, Mentions.Kind...)}, never {@code except} nor a phrase inside it or holding it. */
    private static String ofKind(State state, List<Frame> earlier, String pronoun, String except, Mentions.Kind... kinds) {
        List<List<String>> groups = new ArrayList<>();
        List<String> last = new ArrayList<>();
        last.add(state.topic());
        if (state.frame() != null) {
            last.addAll(candidates(state.frame()));
        }
        if (state.answered() != null) {
            last.add(state.answered()); // after the question's own subject, the answer given to it
        }
        groups.add(last);
        for (int i = earlier.size() - 1; i >= 0 && i >= earlier.size() - 3; i--) {
            groups.add(candidates(earlier.get(i).question()));
        }
        for (List<String> group : groups) {
            List<Mentions.Mention> mentions = group.stream().filter(c -> c != null && !c.isBlank()).map(Mentions::of).toList();
            String known = null;
            String unknown = null;
            for (Mentions.Mention mention : mentions) {
                Mentions.Mention typed = typed(mention, mentions);
                if (!Mentions.agreeing(pronoun, typed) || kinds.length > 0 && !List.of(kinds).contains(typed.kind())
                        || except != null && overlaps(typed.text(), except)) {
                    continue;
                }
                if (typed.kind().told()) {
                    if (isName(last(tokens(typed.text())))) {
                        return typed.text();
                    }
                    known = known == null ? typed.text() : known;
                } else {
                    unknown = unknown == null ? typed.text() : unknown;
                }
            }
            if (known != null || unknown != null) {
                return known != null ? known : unknown;
            }
        }
        return null;
    }

    /**
     * The different people the last question names ("Did Marie Curie ever meet Albert Einstein?": both), at most
     * three: names of a person (a given name or a title), one neither inside the other.
     */
    private static List<String> people(State state) {
        if (state.frame() == null) {
            return List.of();
        }
        List<String> people = new ArrayList<>();
        for (String run : nounRuns(state.frame())) {
            String name = withoutArticle(run);
            if (Mentions.kindOf(name) == Mentions.Kind.PERSON && isName(last(tokens(name)))
                    && people.stream().noneMatch(p -> p.contains(name) || name.contains(p)) && people.size() < 3) {
                people.add(name);
            }
        }
        return people;
    }

    private static String withoutArticle(String phrase) {
        return join(withoutDeterminer(tokens(phrase)));
    }

    /** Whether {@code phrase} agrees with {@code pronoun} and its kind is known. */
    private static boolean known(String phrase, String pronoun) {
        Mentions.Mention mention = Mentions.of(phrase);
        return mention.kind().told() && Mentions.agreeing(pronoun, mention);
    }

    /** A mention of unknown kind with the kind of another mention that holds it ("the town of Marlow Falls"). */
    private static Mentions.Mention typed(Mentions.Mention mention, List<Mentions.Mention> all) {
        if (mention.kind() != Mentions.Kind.UNKNOWN) {
            return mention;
        }
        return all.stream().filter(m -> m.kind().told()
                        && m.text().contains(mention.text()) && !m.text().equals(mention.text()))
                .findFirst().map(m -> new Mentions.Mention(mention.text(), m.kind(), m.plural())).orElse(mention);
    }

    /** The noun phrases of a question a pronoun may stand for: its runs of content words, then its rule phrases. */
    private static List<String> candidates(String question) {
        List<String> all = new ArrayList<>(nounRuns(question));
        all.addAll(phrases(question));
        return all;
    }

    private static String last(List<String> words) {
        return words.isEmpty() ? "" : words.get(words.size() - 1);
    }

    /**
     * The noun phrases of a question by its words alone ("How many health workers were surveyed in Kenya": "health
     * workers", "Kenya"; "Which mill did the founder of Marlow Falls build": "mill", "the founder of Marlow Falls"):
     * runs of content words split at function words, at words that look like participles and where names meet other
     * words, a noun kept with the name after its "of", an article kept.
     */
    static List<String> nounRuns(String question) {
        List<String> runs = new ArrayList<>();
        List<String> run = new ArrayList<>();
        List<String> p = tokens(question.replaceAll("[?!,;:]", " "));
        List<String> tags = tags(p);
        for (int i = 1; i < p.size(); i++) {
            String w = p.get(i);
            String l = lower(w);
            boolean verbLike = PartsOfSpeech.verb(p, tags, i) || PartsOfSpeech.particle(p, tags, i)
                    || !isName(w) && l.length() > 4 && (l.endsWith("ed") || l.endsWith("ing"))
                    // a word right after a subject pronoun is its verb ("was she born", "did they live")
                    || !isName(w) && Set.of("he", "she", "they", "we", "i", "you").contains(lower(p.get(i - 1)))
                    // and a last word right after a name ("Where was Ada Brandt born", "When did Popeye's creator die")
                    || !isName(w) && i == p.size() - 1 && isName(p.get(i - 1));
            if (isFunctionWord(l) || Set.of("and", "or", "but").contains(l) || verbLike) {
                int name = i + 1 < p.size() && lower(p.get(i + 1)).equals("the") ? i + 2 : i + 1;
                if (l.equals("of") && !run.isEmpty() && name < p.size() && isName(p.get(name))) {
                    run.add(w); // "the founder of Marlow Falls", "the head coach of the Chicago Bears"
                    if (name == i + 2) {
                        run.add(p.get(++i));
                    }
                    while (i + 1 < p.size() && isName(p.get(i + 1))) {
                        run.add(p.get(++i));
                    }
                    flush(run, runs, p, i + 1);
                    continue;
                }
                flush(run, runs, p, i);
                continue;
            }
            if (!run.isEmpty() && (isName(run.get(run.size() - 1)) != isName(w) || headNoun(run.get(run.size() - 1)))) {
                flush(run, runs, p, i); // "the works council | decide": a noun of a known kind ends its phrase
            }
            run.add(w);
        }
        flush(run, runs, p, p.size());
        return runs;
    }

    /**
     * The part-of-speech tags of a question's words, read as a question: a word's punctuation ("staff?") left out, the
     * question mark given to the tagger as a word of its own.
     */
    private static List<String> tags(List<String> words) {
        List<String> asked = new ArrayList<>(words.size() + 1);
        for (String w : words) {
            String bareWord = unpunctuated(w);
            asked.add(bareWord.isEmpty() ? w : bareWord);
        }
        asked.add("?");
        return PartsOfSpeech.tags(asked).subList(0, words.size());
    }

    /** A word without the punctuation that closes it ("staff?" → "staff"). */
    private static String unpunctuated(String word) {
        return word.replaceAll("[?!,;:.]+$", "");
    }

    /** A common noun whose kind the word lists know ("council", "nurses"): the head of its phrase. */
    private static boolean headNoun(String word) {
        Mentions.Kind kind = Mentions.kindOf(word);
        return !isName(word) && kind.told() && kind != Mentions.Kind.FIGURE;
    }

    /** Ends the run before {@code at}, with the article before it if there is one. */
    private static void flush(List<String> run, List<String> runs, List<String> p, int at) {
        if (run.isEmpty()) {
            return;
        }
        int start = at - run.size();
        String article = start > 0 && Set.of("the", "a", "an").contains(lower(p.get(start - 1))) ? lower(p.get(start - 1)) + " " : "";
        runs.add(article + join(run));
        run.clear();
    }

    /** The noun phrases of a question that a pronoun may stand for, likeliest first. */
    private static List<String> phrases(String question) {
        List<String> found = new ArrayList<>();
        found.add(focus(question));
        List<String> p = tokens(question);
        for (int i = 1; i + 1 < p.size(); i++) {
            if (lower(p.get(i)).equals("of")) { // "weeks of paid parental leave": the leave
                found.add(join(withoutDeterminer(p.subList(i + 1, objectEnd(p, i + 1)))));
            }
        }
        Matcher counted = COUNTED.matcher(question);
        if (counted.find()) {
            List<String> subject = countedSubject(p);
            // "them" after "How many nurses in Kenya tested positive": the nurses in Kenya, the subject up to its verb;
            // after "How many genotypes does HCV have": the genotypes of HCV
            found.add(subject.size() > 2 ? "the " + join(subject)
                    : "the " + counted.group(1) + " of " + decapitalise(focus(question)));
        }
        Matcher aux = AUX_SUBJECT.matcher(question);
        if (aux.matches()) {
            List<String> subject = tokens(aux.group(1));
            if (subject.size() >= 2 && DETERMINERS.contains(lower(subject.get(subject.size() - 1)))) {
                found.add(join(subject.subList(0, subject.size() - 2))); // "staff" of "do staff get a badge"
            } else {
                found.add(aux.group(1));
            }
        }
        return found.stream().filter(phrase -> !phrase.isBlank()).toList();
    }

    /**
     * The counted subject of a "how many" question up to its verb ("How many nurses in Kenya tested positive in 2020":
     * nurses in Kenya), its last word's punctuation left out; only the counted word when an auxiliary follows it
     * ("How many genotypes does HCV have") or no verb is found.
     */
    private static List<String> countedSubject(List<String> p) {
        List<String> tags = tags(p);
        for (int i = 3; i < p.size(); i++) {
            if (AUXILIARIES.contains(lower(p.get(i))) || Set.of("is", "are", "was", "were").contains(lower(p.get(i)))) {
                return p.subList(2, 3);
            }
            if (PartsOfSpeech.verb(p, tags, i)) {
                return p.subList(2, i).stream().map(RuleCondenser::unpunctuated).toList();
            }
        }
        return p.subList(2, Math.min(3, p.size()));
    }

    private static boolean plural(String phrase) {
        List<String> words = tokens(phrase == null ? "" : phrase);
        if (words.isEmpty()) {
            return false;
        }
        int of = Mentions.headEnd(words);
        String head = lower(words.get(of > 0 ? of - 1 : words.size() - 1)); // "the genotypes of HCV": genotypes
        return GROUPS.contains(head) || head.length() > 3 && head.endsWith("s") && !head.endsWith("ss")
                && !head.endsWith("us") && !head.endsWith("is") && !isName(words.get(words.size() - 1));
    }

    /**
     * The follow-up with the complement a word of it had in the last question ("days" → "days of paid time off"), or
     * {@code null} when no word of it had one there.
     */
    private static String complement(List<String> words, List<String> frame) {
        for (int i = 0; i < words.size(); i++) {
            String w = lower(words.get(i));
            if (isFunctionWord(w) || i + 1 < words.size() && lower(words.get(i + 1)).equals("of")) {
                continue;
            }
            for (int j = 1; j + 2 < frame.size(); j++) {
                if (stem(lower(frame.get(j))).equals(stem(w)) && lower(frame.get(j + 1)).equals("of")) {
                    int end = objectEnd(frame, j + 2);
                    List<String> out = new ArrayList<>(words.subList(0, i + 1));
                    out.addAll(frame.subList(j + 1, end));
                    out.addAll(words.subList(i + 1, words.size()));
                    return join(out);
                }
            }
        }
        return null;
    }

    /** "Why the difference?": a why-question without a verb or a topic of its own. */
    private static boolean why(List<String> words) {
        return words.size() <= 4 && lower(words.get(0)).equals("why")
                && words.stream().skip(1).map(RuleCondenser::lower).noneMatch(AUXILIARIES::contains);
    }

    /** An elliptical follow-up ("And for part-time staff?", "What about accidents?", "And treated?"). */
    private Step ellipsisStep(String asked, String remainder, int turn, State state, List<Frame> earlier) {
        List<String> r = tokens(remainder);
        if (r.stream().map(RuleCondenser::lower).allMatch(w -> isFunctionWord(w) || VAGUE.contains(w))) {
            if (!hasPronoun(r) || state.topic() == null || !PREPOSITIONS.contains(lower(r.get(0)))) {
                return unclear(asked, "what \"" + remainder + "\" refers to", state);
            }
            // "And after it?": the preposition applies to the topic
            remainder = lower(r.get(0)) + " " + decapitalise(state.topic());
            r = tokens(remainder);
            String swapped = swapPreposition(tokens(state.frame()), r);
            if (swapped != null) {
                String out = question(swapped);
                return new Step(new Condensed(out, "ellipsis", List.of(state.frameTurn(), state.topicTurn()), null),
                        new State(state.topic(), state.topicTurn(), bare(out), turn, null, 0));
            }
        }
        if (state.frame() == null) {
            return unclear(asked, "what \"" + remainder + "\" is asked about", state);
        }
        List<String> frame = tokens(state.frame());
        String last = lower(frame.get(frame.size() - 1));
        if (r.size() == 1 && participle(lower(r.get(0))) && participle(last)) {
            // "And treated?" after "How is it transmitted?": the same question of another verb
            String out = question(join(frame.subList(0, frame.size() - 1)) + " " + r.get(0));
            return new Step(new Condensed(out, "ellipsis", List.of(state.frameTurn()), null),
                    new State(state.topic(), state.topicTurn(), bare(out), turn, null, 0));
        }
        String slotted = completeEllipsis(state.frame(), remainder);
        if (slotted != null) {
            String out = question(slotted);
            // the remainder took the topic's place ("And of MERS?"): the conversation is about it now
            String focus = focus(bare(out));
            boolean circumstance = PREPOSITIONS.contains(lower(r.get(0))) && !lower(r.get(0)).equals("of");
            boolean newTopic = !circumstance && shares(tokens(focus), r) > 0 || DEFINITION.matcher(bare(out)).matches();
            State after = new State(newTopic ? focus : state.topic(), newTopic ? turn : state.topicTurn(), bare(out),
                    turn, null, 0);
            return new Step(new Condensed(out, "ellipsis", List.of(state.frameTurn()), null), after);
        }
        // the last question has no place for it: the latest earlier one that has ("What about adoptive parents?" after
        // "Can it be split?", which followed "How many weeks of parental leave do partners get?")
        for (int i = earlier.size() - 1; i >= 0 && i >= earlier.size() - 4; i--) {
            String before = completeEllipsis(earlier.get(i).question(), remainder);
            if (before != null) {
                String out = question(before);
                return new Step(new Condensed(out, "ellipsis", List.of(earlier.get(i).turn()), null),
                        new State(state.topic(), state.topicTurn(), bare(out), turn, null, 0));
            }
        }
        // nothing earlier to replace either: another aspect of the same topic ("What about private use?")
        String topic = state.topic() == null ? state.frame() : state.topic();
        String out = question("What about " + remainder + " for " + decapitalise(topic));
        return new Step(new Condensed(out, "ellipsis", List.of(state.topicTurn()), null), state);
    }

    /** Asks back; the conversation stays about what it was about. */
    private static Step unclear(String asked, String what, State state) {
        String clarification = "I am not sure " + what + ". Could you ask the whole question, naming what you mean?";
        return new Step(new Condensed(asked, "unclear", List.of(), clarification), state);
    }

    /** "after the probation period" where the frame has "during the probation period": the preposition swapped. */
    private static String swapPreposition(List<String> frame, List<String> r) {
        List<String> object = withoutDeterminer(r.subList(1, r.size()));
        String objectText = lower(join(object));
        for (int i = 1; i + 1 < frame.size(); i++) {
            if (PREPOSITIONS.contains(lower(frame.get(i)))) {
                int end = objectEnd(frame, i + 1);
                if (lower(join(withoutDeterminer(frame.subList(i + 1, end)))).equals(objectText)) {
                    return join(frame.subList(0, i)) + " " + r.get(0) + " " + join(frame.subList(i + 1, frame.size()));
                }
            }
        }
        return null;
    }

    private static boolean participle(String w) {
        return w.length() > 4 && (w.endsWith("ed") || w.endsWith("en")) && !DETERMINERS.contains(w);
    }

    /** A question made of a question word and function words only ("Until when", "By whom", "From which day"). */
    private static boolean fragment(List<String> words) {
        if (words.isEmpty() || words.size() > 4) {
            return false;
        }
        int first = PREPOSITIONS.contains(lower(words.get(0))) ? 1 : 0;
        return first < words.size() && QUESTION_WORDS.contains(lower(words.get(first)))
                && (first == 1 || words.size() == 1 || lower(words.get(1)).equals("which"))
                && !lower(words.get(first)).equals("why");
    }

    /** A yes/no question as the rest of a wh-question ("Do unused days carry over" → "do unused days carry over"). */
    private static String inverted(String frame) {
        List<String> words = tokens(frame);
        String first = lower(words.get(0));
        return AUXILIARIES.contains(first) ? first + frame.substring(words.get(0).length()) : "about " + frame;
    }

    private static boolean whoQuestion(String question) {
        return lower(tokens(question).isEmpty() ? "" : tokens(question).get(0)).equals("who");
    }

    /**
     * What a short answer leads with, as a mention ("In Warsaw [1]. …": Warsaw; "Penicillin [1]. …"): the words before
     * its first citation when they are few and name something, the leading preposition dropped; else {@code null}.
     */
    static String answerLead(String answer) {
        if (answer == null) {
            return null;
        }
        int cite = answer.indexOf('[');
        if (cite <= 0) {
            return null;
        }
        List<String> lead = new ArrayList<>(tokens(answer.substring(0, cite).replaceAll("[.,;:!?]", " ")));
        if (!lead.isEmpty() && PREPOSITIONS.contains(lower(lead.get(0)))) {
            lead.remove(0);
        }
        if (lead.isEmpty() || lead.size() > 5 || lead.stream().allMatch(w -> isFunctionWord(lower(w)) || isNumber(w))) {
            return null;
        }
        return join(lead);
    }

    /**
     * The person an answer's first sentence opens with as its subject ("President Andrew Johnson commissioned …"): two
     * to five capitalised words before a lower-case one that {@link Mentions} reads as a person (a title or a given
     * name in front; not "Because Segar"); else {@code null}.
     */
    static String openingName(String answer) {
        if (answer == null) {
            return null;
        }
        Matcher m = OPENING_NAME.matcher(answer.strip());
        if (!m.find()) {
            return null;
        }
        return Mentions.kindOf(m.group(1)) == Mentions.Kind.PERSON ? m.group(1) : null;
    }

    /** The name an answer leads with ("Elzie Crisler Segar [1]. ..."), or {@code null}. */
    static String leadingName(String answer) {
        Matcher m = LEADING_NAME.matcher(answer.strip());
        return m.find() ? m.group(1).strip() : null;
    }

    private static String pronounIn(List<String> words) {
        return words.stream().map(RuleCondenser::lower).filter(w -> SUBJECT_PRONOUNS.contains(w) || POSSESSIVES.contains(w)
                || w.equals("her")).findFirst().orElse("it");
    }

    // --- ellipsis -------------------------------------------------------------------------------------------------

    /** The part after an elliptical opener ("And ...", "What about ..."), or {@code null}. */
    private static String ellipsis(String f) {
        for (Pattern opener : List.of(WHAT_ABOUT, SAME_FOR, AND_THEN)) {
            Matcher m = opener.matcher(f);
            if (m.matches()) {
                return m.group(1).strip();
            }
        }
        return null;
    }

    private static boolean startsWithQuestion(String text) {
        List<String> words = tokens(text);
        if (words.isEmpty()) {
            return false;
        }
        String first = lower(words.get(0));
        return QUESTION_WORDS.contains(first) || AUXILIARIES.contains(first);
    }

    /**
     * The previous question with the elliptical part put in place of what it replaces, or added; {@code null} when
     * the previous question has no place for it.
     */
    private static String completeEllipsis(String prev, String remainder) {
        List<String> p = tokens(prev);
        List<String> r = tokens(remainder);
        String first = lower(r.get(0));
        if (PREPOSITIONS.contains(first)) {
            int at = lastIndexOf(p, first, 1);
            if (at < 0) {
                return prev + " " + remainder;
            }
            int end = objectEnd(p, at + 1);
            return join(p.subList(0, at)) + " " + remainder + tail(p, end);
        }
        List<String> core = withoutDeterminer(r);
        // a name or a number replaces the previous one: "And Japan?", "And the Statue of Liberty?"
        if (!core.isEmpty() && (isName(core.get(0)) || isNumber(core.get(0)))) {
            int[] span = lastNameSpan(p, isNumber(core.get(0)));
            if (span != null) {
                // "a Blorptex gadget" replaces "Zorblax widget": as many common nouns after the name as it brings
                int end = span[1];
                for (int i = core.size() - 1; i > 0 && !isName(core.get(i)) && end < p.size()
                        && !isName(p.get(end)) && !isFunctionWord(lower(p.get(end))); i--) {
                    end++;
                }
                return join(p.subList(0, span[0])) + " " + join(core) + tail(p, end);
            }
        }
        // the same head noun: "What about the basic plan?" after "Does the premium plan include ...?"
        String head = stem(lower(r.get(r.size() - 1)));
        for (int i = p.size() - 1; i >= 1; i--) {
            if (stem(lower(p.get(i))).equals(head)) {
                int start = nounPhraseStart(p, i);
                return join(p.subList(0, start)) + " " + remainder + tail(p, i + 1);
            }
        }
        // the subject of a passive question: "And train tickets?" after "How are hotel stays reimbursed?"
        Matcher passive = PASSIVE_SUBJECT.matcher(prev);
        if (passive.matches() && !PREPOSITIONS.contains(first)) {
            return prev.substring(0, passive.start(1)) + remainder + " " + passive.group(2);
        }
        // the object of a final preposition: "And aspirin?" after "... side effects of ibuprofen?"
        int prep = lastPreposition(p);
        if (prep > 0 && objectEnd(p, prep + 1) == p.size() && !(isName(p.get(prep + 1)) && !isName(core.isEmpty() ? "" : core.get(0)))) {
            return join(p.subList(0, prep + 1)) + " " + remainder;
        }
        // a possessive or determiner: the final noun phrase ("And my username?" after "... reset my password?")
        if (DETERMINERS.contains(first)) {
            int start = nounPhraseStart(p, p.size() - 1);
            return join(p.subList(0, start)) + " " + remainder;
        }
        // the subject after an auxiliary: "What about contractors?" after "How many ... do new employees get?"
        Matcher aux = AUX_SUBJECT.matcher(prev);
        if (aux.matches()) {
            return prev.substring(0, aux.start(1)) + remainder + " " + aux.group(2);
        }
        return null;
    }

    /**
     * Where the object of a preposition at {@code from - 1} ends: before the next preposition or auxiliary ("days of
     * paid time off | do full-time employees get"), or at the end.
     */
    private static int objectEnd(List<String> p, int from) {
        for (int i = from + 1; i < p.size(); i++) {
            if (PREPOSITIONS.contains(lower(p.get(i))) || AUXILIARIES.contains(lower(p.get(i)))) {
                return i;
            }
        }
        return p.size();
    }

    private static int lastPreposition(List<String> p) {
        for (int i = p.size() - 2; i >= 1; i--) {
            if (PREPOSITIONS.contains(lower(p.get(i)))) {
                return i;
            }
        }
        return -1;
    }

    /** The last run of names ("Eiffel Tower", "Statue of Liberty") or numbers after the first word, as [start, end). */
    private static int[] lastNameSpan(List<String> p, boolean numbers) {
        for (int end = p.size(); end > 1; end--) {
            String word = p.get(end - 1);
            if (numbers ? isNumber(word) : isName(word)) {
                int start = end - 1;
                while (start > 1 && (numbers ? isNumber(p.get(start - 1))
                        : isName(p.get(start - 1)) || lower(p.get(start - 1)).equals("of") && start > 2 && isName(p.get(start - 2)))) {
                    start--;
                }
                return new int[] {start, end};
            }
        }
        return null;
    }

    /** Where the noun phrase ending at {@code end} starts: after a determiner, or after the last non-content word. */
    private static int nounPhraseStart(List<String> p, int end) {
        List<String> tags = tags(p);
        int start = end;
        while (start > 1) {
            String before = lower(p.get(start - 1));
            if (DETERMINERS.contains(before)) {
                return start - 1;
            }
            if (PREPOSITIONS.contains(before) || AUXILIARIES.contains(before) || QUESTION_WORDS.contains(before)
                    || PartsOfSpeech.verb(p, tags, start - 1)) {
                return start; // "Which apps need multi-factor authentication": the phrase starts after its verb
            }
            start--;
        }
        return start;
    }

    /** A place by its name: "Menlo Park" for "the town of Menlo Park"; any other phrase as it is. */
    private static String named(String place) {
        if (place == null) {
            return null;
        }
        List<String> words = tokens(place);
        int of = words.indexOf("of");
        return of > 0 && of + 1 < words.size() && words.subList(of + 1, words.size()).stream().allMatch(RuleCondenser::isName)
                ? join(words.subList(of + 1, words.size())) : place;
    }

    /**
     * The subject a pattern's first group matched, read up to its verb ("Mount Vesuvius destroy" in "When did Mount
     * Vesuvius destroy Pompeii": Mount Vesuvius), the words tagged in their question {@code p}; the subject whole when
     * no word after its first is a verb.
     */
    private static List<String> untilVerb(Matcher matched, String question, List<String> p) {
        return untilVerb(tokens(matched.group(1)), p, tokens(question.substring(0, matched.start(1))).size());
    }

    /** As {@link #untilVerb(Matcher, String, List)}, for the subject's words starting at {@code offset} of {@code p}. */
    private static List<String> untilVerb(List<String> subject, List<String> p, int offset) {
        List<String> tags = tags(p);
        for (int d = 1; d < subject.size() && offset + d < p.size(); d++) {
            if (PartsOfSpeech.verb(p, tags, offset + d)) {
                return subject.subList(0, d);
            }
        }
        return subject;
    }

    // --- pronouns -------------------------------------------------------------------------------------------------

    /**
     * Where "there" stands for a place ("live there", "move there"), or -1: not the "there" of "is there", "are there"
     * (after a form of "to be", it only says something exists).
     */
    private static int locativeThere(List<String> words) {
        for (int i = 0; i < words.size(); i++) {
            if (lower(words.get(i)).equals("there")) {
                boolean existential = i > 0 && Set.of("is", "are", "was", "were", "be", "been", "being")
                        .contains(lower(words.get(i - 1))) || i == 0;
                return existential ? -1 : i;
            }
        }
        return -1;
    }

    private static boolean hasPronoun(List<String> words) {
        for (int i = 0; i < words.size(); i++) {
            String w = lower(words.get(i));
            if (w.equals("it") && i + 1 < words.size() && EXPLETIVE_AFTER_IT.contains(lower(words.get(i + 1)))) {
                continue;
            }
            if (words.get(i).equals("IT")) {
                continue; // the IT desk
            }
            if (SUBJECT_PRONOUNS.contains(w) || POSSESSIVES.contains(w) || w.equals("her") || w.equals("mine")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The words with each pronoun replaced: {@code it}/{@code its} by {@code singular}, {@code they}/{@code them}/
     * {@code their} by {@code plural}, a person's pronoun by {@code person}.
     */
    private static String resolvePronouns(List<String> words, String singular, String plural, String person) {
        return resolvePronouns(words, singular, plural, person, singular, plural);
    }

    /**
     * As {@link #resolvePronouns(List, String, String, String)}, with an object's {@code it} and {@code them} after the
     * question's subject pronoun replaced by {@code objectSingular} and {@code objectPlural}: "When did she leave it?"
     * — whoever she is, "it" is not her.
     */
    private static String resolvePronouns(List<String> words, String singular, String plural, String person,
                                          String objectSingular, String objectPlural) {
        int subject = subjectPronoun(words);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = lower(words.get(i));
            boolean nextIsContent = i + 1 < words.size() && !isFunctionWord(lower(words.get(i + 1)));
            String replacement = null;
            if (w.equals("it") && i + 1 < words.size() && EXPLETIVE_AFTER_IT.contains(lower(words.get(i + 1)))
                    || words.get(i).equals("IT")) {
                replacement = null;
            } else if (w.equals("mine")) { // "What if mine is lost?" after "... laptops ...": my laptop
                replacement = "my " + singularOf(join(withoutDeterminer(tokens(plural))));
            } else if (POSSESSIVES.contains(w) || w.equals("her") && nextIsContent) {
                replacement = possessive(w.equals("their") ? plural : w.equals("its") ? singular : person);
            } else if (SUBJECT_PRONOUNS.contains(w) || w.equals("her")) {
                boolean object = subject >= 0 && i > subject;
                replacement = w.equals("they") || w.equals("them") ? (object ? objectPlural : plural)
                        : w.equals("it") ? (object ? objectSingular : singular) : person;
            }
            if (replacement == null) {
                out.add(words.get(i));
            } else {
                out.add(i == 0 ? capitalise(replacement) : decapitalise(replacement));
            }
        }
        return join(out);
    }

    /** Where the question's subject pronoun is ("When did she leave it": she), or -1. */
    private static int subjectPronoun(List<String> words) {
        for (int i = 0; i < words.size(); i++) {
            String w = lower(words.get(i));
            if (Set.of("he", "she", "they", "it").contains(w) && !(w.equals("it") && words.get(i).equals("IT"))) {
                return i;
            }
        }
        return -1;
    }

    /** What the subject pronoun of the question is replaced by, or {@code null} when it has none. */
    private static String subjectReferent(List<String> words, String singular, String plural, String person) {
        int at = subjectPronoun(words);
        if (at < 0) {
            return null;
        }
        String w = lower(words.get(at));
        return w.equals("they") ? plural : w.equals("it") ? singular : person;
    }

    /** Whether two phrases name the same thing: equal without their articles, or one inside the other. */
    private static boolean overlaps(String a, String b) {
        String x = lower(withoutArticle(a));
        String y = lower(withoutArticle(b));
        return !x.isEmpty() && !y.isEmpty() && (x.equals(y) || x.contains(y) || y.contains(x));
    }

    private static boolean same(String a, String b) {
        return a != null && b != null && overlaps(a, b);
    }

    private static String orElse(String value, String otherwise) {
        return value == null ? otherwise : value;
    }

    private static String singularOf(String phrase) {
        return plural(phrase) && phrase.endsWith("s") ? phrase.substring(0, phrase.length() - 1) : phrase;
    }

    private static String possessive(String focus) {
        return focus.endsWith("s") ? focus + "'" : focus + "'s";
    }

    /**
     * What the previous question was about: the X of "What is X?" or "Tell me about X", else the object of its final
     * preposition, else the subject after its auxiliary, else its last name, else its final noun phrase.
     */
    static String focus(String prev) {
        Matcher definition = DEFINITION.matcher(prev);
        if (definition.matches()) {
            List<String> x = tokens((definition.group(1) != null ? definition.group(1) : definition.group(2))
                    .replaceAll("(?i)\\s+(?:called|named|known as|used for|made of)$", ""));
            // "the incubation period of MERS", "the incidence of pertussis in infants": what the attribute is of
            int of = x.indexOf("of");
            if (of >= 1 && of + 1 < x.size() && DETERMINERS.contains(lower(x.get(0))) && lower(prev).startsWith("what")) {
                return join(x.subList(of + 1, objectEnd(x, of + 1)));
            }
            return join(x);
        }
        List<String> p = tokens(prev);
        Matcher aux = AUX_SUBJECT.matcher(prev);
        boolean auxiliary = aux.matches();
        List<String> spoken = auxiliary ? untilVerb(aux, prev, p) : null;
        if (auxiliary && spoken.size() < tokens(aux.group(1)).size() && spoken.stream().anyMatch(RuleCondenser::isName)) {
            // a subject that names someone or something is what the question is about, before where or when
            // ("Where does the Danube flow into the Black Sea": the Danube)
            return join(spoken);
        }
        int prep = lastPreposition(p);
        if (prep > 0 && objectEnd(p, prep + 1) == p.size()) {
            return join(p.subList(prep + 1, p.size()));
        }
        if (auxiliary) {
            List<String> subject = tokens(aux.group(1));
            for (int d = 2; d < subject.size(); d++) {
                if (DETERMINERS.contains(lower(subject.get(d)))) { // the object: "How do I open an IT ticket"
                    return join(subject.subList(d, subject.size())) + " " + aux.group(2);
                }
            }
            if (!Set.of("i", "we", "you").contains(lower(subject.get(0)))) {
                // the subject, unless it is the asker ("How do I ...?"), without its verb ("Mount Vesuvius destroy")
                return join(spoken);
            }
        }
        Matcher passive = PASSIVE_SUBJECT.matcher(prev);
        if (passive.matches()) {
            return passive.group(1);
        }
        Matcher yesNo = YES_NO_PASSIVE.matcher(prev);
        if (yesNo.matches()) {
            // "Were students in Peru vaccinated before": the students in Peru
            return join(untilVerb(yesNo, prev, p));
        }
        int[] name = lastNameSpan(p, false);
        if (name != null) {
            return join(p.subList(name[0], name[1]));
        }
        int start = nounPhraseStart(p, p.size() - 1);
        if (start == 1 && asksItsOwnTopic(p)) {
            start = 2; // "Who approves expense claims": the verb is no part of what it is about
        }
        return join(p.subList(start, p.size()));
    }

    // --- words ----------------------------------------------------------------------------------------------------

    private static boolean namesSomething(List<String> words) {
        return words.stream().skip(1).anyMatch(w -> isName(w) || isNumber(w));
    }

    /**
     * "Who approves expense claims?", "What causes malaria?": the question word is the subject of a verb with an object,
     * so the question names what it is about.
     */
    private static boolean asksItsOwnTopic(List<String> words) {
        return words.size() >= 3 && Set.of("who", "what").contains(lower(words.get(0))) && verbWithS(lower(words.get(1)));
    }

    /** A word that reads as a verb's third person ("approves", "causes"), not a function word. */
    private static boolean verbWithS(String w) {
        return w.endsWith("s") && !w.endsWith("ss") && !isFunctionWord(w);
    }

    private static long shares(List<String> a, List<String> b) {
        Set<String> other = new java.util.HashSet<>();
        b.stream().map(w -> stem(lower(w))).filter(w -> !isFunctionWord(w)).forEach(other::add);
        return a.stream().map(w -> stem(lower(w))).filter(w -> !isFunctionWord(w)).filter(other::contains).count();
    }

    private static boolean isFunctionWord(String w) {
        return PREPOSITIONS.contains(w) || DETERMINERS.contains(w) || AUXILIARIES.contains(w) || QUESTION_WORDS.contains(w)
                || SUBJECT_PRONOUNS.contains(w) || Set.of("i", "we", "you", "there", "and", "or", "not", "a", "much",
                "many", "long", "often", "need").contains(w);
    }

    private static boolean isName(String word) {
        return !word.isEmpty() && Character.isUpperCase(word.codePointAt(0)) && !word.equals("I");
    }

    private static boolean isNumber(String word) {
        return !word.isEmpty() && Character.isDigit(word.codePointAt(0));
    }

    private static List<String> withoutDeterminer(List<String> words) {
        return !words.isEmpty() && DETERMINERS.contains(lower(words.get(0))) ? words.subList(1, words.size()) : words;
    }

    private static int lastIndexOf(List<String> words, String word, int from) {
        for (int i = words.size() - 1; i >= from; i--) {
            if (lower(words.get(i)).equals(word)) {
                return i;
            }
        }
        return -1;
    }

    private static String stem(String w) {
        return w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w;
    }

    private static String tail(List<String> words, int from) {
        return from >= words.size() ? "" : " " + join(words.subList(from, words.size()));
    }

    /** The text without its closing punctuation. */
    private static String bare(String text) {
        return text.strip().replaceAll("[?.!\\s]+$", "");
    }

    private static String question(String text) {
        return capitalise(text.strip()) + "?";
    }

    static List<String> tokens(String text) {
        String t = text.strip();
        return t.isEmpty() ? List.of() : Arrays.asList(t.split("\\s+"));
    }

    private static String join(List<String> words) {
        return String.join(" ", words);
    }

    private static String lower(String w) {
        return w.toLowerCase(Locale.ROOT).replaceAll("[,;:]+$", "");
    }

    private static String capitalise(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Lower-cases a leading article ("The PTO policy" mid-sentence), never a name. */
    private static String decapitalise(String s) {
        List<String> words = tokens(s);
        if (!words.isEmpty() && DETERMINERS.contains(lower(words.get(0)))) {
            return lower(words.get(0)) + s.substring(words.get(0).length());
        }
        return s;
    }
}
