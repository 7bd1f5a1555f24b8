package io.corrigo.engine.condense;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The offline condenser against 64 follow-up pairs written with it (src/test/resources/condense/follow_ups.jsonl:
 * ellipsis, pronouns, possessives, an implied topic, two turns back, and questions that stand on their own). A
 * condensed question counts as right when it has the same content words as the expected one (case, articles,
 * prepositions, question words, "'s" and a plural "s" aside): "What is Canada's capital?" = "What is the capital of
 * Canada?".
 */
class RuleCondenserTest {

    private static final Set<String> FUNCTION_WORDS = Set.of("the", "a", "an", "of", "for", "in", "on", "at", "to", "from",
            "by", "with", "between", "what", "which", "who", "when", "where", "why", "how", "is", "are", "was", "were",
            "do", "does", "did", "can", "could", "should", "will", "has", "have", "had", "much", "many", "long");

    private final RuleCondenser condenser = new RuleCondenser();

    record Pair(String kind, List<String> history, String followUp, String standalone) {
    }

    @Test
    void should_condense_most_real_follow_ups_and_never_touch_a_question_that_stands_alone() throws IOException {
        score("follow_ups.jsonl", 0.85);
    }

    /**
     * 16 more pairs written after the rules were, and not used to change them: how the rules do on follow-ups they
     * were not shaped by. The bar is lower; the figure printed is the one to quote.
     */
    @Test
    void should_condense_follow_ups_the_rules_were_not_written_for() throws IOException {
        score("follow_ups_heldout.jsonl", 0.6);
    }

    private void score(String file, double bar) throws IOException {
        // given
        List<Pair> pairs = pairs(file);
        Map<String, int[]> byKind = new TreeMap<>();
        List<String> wrong = new ArrayList<>();

        // when: each follow-up condensed against the user's earlier turns, as the host reads them
        for (Pair pair : pairs) {
            List<Turn> history = pair.history().stream().map(q -> new Turn(q, "")).toList();
            String got = condenser.condense(pair.followUp(), history).question();
            boolean right = contentWords(got).equals(contentWords(pair.standalone()));
            int[] counts = byKind.computeIfAbsent(pair.kind(), k -> new int[2]);
            counts[0] += right ? 1 : 0;
            counts[1]++;
            if (!right) {
                wrong.add(pair.kind() + ": \"" + pair.followUp() + "\" → \"" + got + "\" (expected \"" + pair.standalone() + "\")");
            }
        }

        // then
        int right = byKind.values().stream().mapToInt(c -> c[0]).sum();
        System.out.printf(Locale.ROOT, "Condensation accuracy on %s: %d of %d (%.1f %%)%n", file, right, pairs.size(),
                100.0 * right / pairs.size());
        byKind.forEach((kind, c) -> System.out.printf(Locale.ROOT, "  %-11s %d of %d%n", kind, c[0], c[1]));
        wrong.forEach(w -> System.out.println("  wrong " + w));
        assertThat(pairs).hasSizeGreaterThanOrEqualTo(15);
        assertThat(byKind.get("standalone")[0]).as("self-contained questions left alone").isEqualTo(byKind.get("standalone")[1]);
        assertThat((double) right / pairs.size()).as("accuracy").isGreaterThanOrEqualTo(bar);
    }

    @Test
    void should_leave_a_first_question_and_a_conversational_turn_as_they_are() {
        assertThat(condenser.condense("And for part-time staff?", List.of()).question()).isEqualTo("And for part-time staff?");
        assertThat(condenser.condense("thanks a lot!", List.of(new Turn("What is the PTO policy?", ""))).rule())
                .isEqualTo("unchanged");
    }

    @Test
    void should_say_which_rule_made_the_question() {
        List<Turn> before = List.of(new Turn("What is the PTO policy?", ""));
        assertThat(condenser.condense("And for part-time staff?", before))
                .isEqualTo(new RuleCondenser.Condensed("What is the PTO policy for part-time staff?", "ellipsis", List.of(1), null));
        assertThat(condenser.condense("Does it apply to interns?", before))
                .isEqualTo(new RuleCondenser.Condensed("Does the PTO policy apply to interns?", "pronoun", List.of(1), null));
    }

    @Test
    void should_read_a_third_follow_up_against_the_user_s_turns__not_against_the_last_rewrite() {
        // given: the conversation a widget visitor had
        List<Turn> history = List.of(new Turn("Who can get a company car?", "Employees in sales [1]."),
                new Turn("And what about private use?", "Private use is allowed on weekends [1]."));

        // when
        RuleCondenser.Condensed third = condenser.condense("and what about accidents?", history);

        // then: accidents of the company car, not "a company car private use accidents"
        assertThat(third.question()).isEqualTo("What about accidents for a company car?");
        assertThat(third.used()).containsExactly(1);
    }

    @Test
    void should_read_there_as_the_last_place_named__and_leave_the_there_of_is_there_alone() {
        List<Turn> history = List.of(new Turn("What did Thomas Edison build in the town of Menlo Park?", ""));

        assertThat(condenser.condense("How many people lived there?", history).question())
                .isEqualTo("How many people lived in Menlo Park?");
        assertThat(condenser.condense("When did he move there?", history).question())
                .isEqualTo("When did Thomas Edison move in Menlo Park?");
        assertThat(condenser.condense("Is there a museum?", history).question())
                .doesNotContain("in Menlo Park museum");
    }

    @Test
    void should_never_read_it_as_a_person__taking_the_thing_an_earlier_question_named() {
        List<Turn> history = List.of(new Turn("Who founded the lighthouse school in Marlow?",
                        "Ada Brandt [1]. Ada Brandt founded it in 1860 [1]."),
                new Turn("Where was she born?", ""));

        assertThat(condenser.condense("When did it open?", history).question()).doesNotContain("Ada Brandt")
                .contains("lighthouse school");
    }

    @Test
    void should_ask_back_who_he_is_after_a_who_question_whose_answer_names_nobody_in_front() {
        // given: the demo's own answer to "Who created Popeye?" leads with a clause, not the creator's name
        List<Turn> history = List.of(new Turn("Who created Popeye?", "Because Segar was an employee of King Features "
                + "Syndicate when he created the Popeye character, Popeye is treated as a work for hire [1]."));

        // when
        RuleCondenser.Condensed condensed = condenser.condense("When did he die?", history);

        // then: "he" is the creator, whose name was not read; never Popeye
        assertThat(condensed.unclear()).isTrue();
        assertThat(condensed.clarification()).contains("who \"he\" is");
        assertThat(condenser.condense("When was it first published?", history).question()).contains("Popeye");
    }

    @Test
    void should_carry_a_topic_that_an_ellipsis_replaced_into_the_next_pronoun() {
        List<Turn> history = List.of(new Turn("What is the incubation period of COVID-19?", ""),
                new Turn("And of MERS?", ""));

        assertThat(condenser.condense("How is it transmitted?", history).question()).isEqualTo("How is MERS transmitted?");
    }

    @Test
    void should_resolve_he_to_the_person_a_who_question_was_answered_with() {
        List<Turn> history = List.of(new Turn("Who created Popeye?",
                "Elzie Crisler Segar [1]. Popeye was created by Elzie Crisler Segar in 1929 [1]."));

        RuleCondenser.Condensed condensed = condenser.condense("When did he die?", history);

        assertThat(condensed.question()).isEqualTo("When did Elzie Crisler Segar die?");
        assertThat(condensed.used()).containsExactly(1);
    }

    @Test
    void should_read_an_object_pronoun_as_another_referent_than_the_subject__the_answer_s_place_among_them() {
        // "it" in "When did she leave it?" is not "she": the place the answer named is
        List<Turn> history = List.of(new Turn("Where did Ilse Vantongeren grow up?",
                "In Ghent [1]. Ilse Vantongeren grew up in Ghent before moving to Lyon [1]."));

        RuleCondenser.Condensed condensed = condenser.condense("When did she leave it?", history);

        assertThat(condensed.question()).isEqualTo("When did Ilse Vantongeren leave Ghent?");
    }

    @Test
    void should_offer_the_people_the_question_and_the_answer_named__when_the_answer_s_name_was_not_read() {
        List<Turn> history = List.of(new Turn("Who hired Ada Brandt as a surveyor?",
                "Governor Tom Keller hired Ada Brandt in 1881 to map the northern valleys [1]."));

        RuleCondenser.Condensed condensed = condenser.condense("Why was she hired?", history);

        assertThat(condensed.unclear()).isTrue();
        assertThat(condensed.clarification()).isEqualTo("Do you mean Ada Brandt or Governor Tom Keller?");
        assertThat(condensed.choices()).extracting(c -> c.question())
                .containsExactly("Why was Ada Brandt hired?", "Why was Governor Tom Keller hired?");
    }

    @Test
    void should_keep_asking_who_he_is_after_a_turn_that_asked_back() {
        // the person asked for was never named; a turn that asked back does not make "he" anybody else
        List<Turn> history = List.of(
                new Turn("Who carved the Kelpies in Falkirk?", "The sculptures were carved from steel plates [1]."),
                new Turn("When was he born?", "I am not sure who \"he\" is. Could you ask the whole question?"));

        RuleCondenser.Condensed condensed = condenser.condense("What else did he carve?", history);

        assertThat(condensed.unclear()).isTrue();
    }

    @Test
    void should_give_two_plural_pronouns_of_one_question_two_referents() {
        List<Turn> history = List.of(new Turn("Do seasonal pickers get vouchers for the canteen?", ""));

        RuleCondenser.Condensed condensed = condenser.condense("Can they share them?", history);

        assertThat(condensed.question()).startsWith("Can seasonal pickers share ").doesNotEndWith("seasonal pickers?");
    }

    @Test
    void should_end_a_subject_at_its_verb__so_a_later_it_is_the_subject_alone() {
        // "Krakatoa bury" is no referent: the part-of-speech model tells that "bury" is the verb
        List<Turn> history = List.of(new Turn("When did Krakatoa bury Anjer?", ""));

        RuleCondenser.Condensed condensed = condenser.condense("How high is it?", history);

        assertThat(condensed.question()).isEqualTo("How high is Krakatoa?");
    }

    @Test
    void should_take_a_named_subject_before_the_place_the_question_ends_with() {
        List<Turn> history = List.of(new Turn("Where does the Rhône flow into Lake Geneva?", ""));

        RuleCondenser.Condensed condensed = condenser.condense("How long is it?", history);

        assertThat(condensed.question()).isEqualTo("How long is the Rhône?");
    }

    @Test
    void should_keep_a_counted_group_with_where_it_is__not_the_year_it_was_counted() {
        List<Turn> history = List.of(new Turn("How many midwives in Ghana left the profession in 2021?", ""));

        RuleCondenser.Condensed condensed = condenser.condense("Were they paid less?", history);

        assertThat(condensed.question()).isEqualTo("Were the midwives in Ghana paid less?");
    }

    @Test
    void should_resolve_he_to_a_person__never_to_the_place_the_last_question_ended_with() {
        // the last question ends with a place, and names a person by what they did
        List<Turn> history = List.of(new Turn("Which mill did the founder of Marlow Falls build in Vermont?", ""));

        RuleCondenser.Condensed condensed = condenser.condense("When did he die?", history);

        assertThat(condensed.question()).isEqualTo("When did the founder of Marlow Falls die?");
    }

    @Test
    void should_ask_back_who_he_is__when_the_conversation_names_no_person() {
        // a who-question without its answer: nobody named "he" could stand for, and the town is no "he"
        List<Turn> history = List.of(new Turn("Who founded the town of Marlow Falls in Vermont?", ""));

        RuleCondenser.Condensed condensed = condenser.condense("When did he die?", history);

        assertThat(condensed.unclear()).isTrue();
        assertThat(condensed.clarification()).contains("who \"he\" is");
    }

    @Test
    void should_ask_back_with_both_readings_when_two_people_could_be_she() {
        List<Turn> history = List.of(new Turn("Did Marie Curie ever meet Albert Einstein?", ""));

        RuleCondenser.Condensed condensed = condenser.condense("Where was she born?", history);

        assertThat(condensed.unclear()).isTrue();
        assertThat(condensed.clarification()).isEqualTo("Do you mean Marie Curie or Albert Einstein?");
        assertThat(condensed.choices()).extracting(c -> c.label() + " → " + c.question()).containsExactly(
                "Marie Curie → Where was Marie Curie born?", "Albert Einstein → Where was Albert Einstein born?");
    }

    @Test
    void should_resolve_them_to_the_group_surveyed__not_the_country_it_was_surveyed_in() {
        List<Turn> history = List.of(new Turn("How many health workers were surveyed in Kenya?", "312 [1]."));

        RuleCondenser.Condensed condensed = condenser.condense("How many of them had been vaccinated?", history);

        assertThat(condensed.question()).isEqualTo("How many of health workers had been vaccinated?");
    }

    @Test
    void should_leave_a_full_question_mid_conversation_alone__and_follow_the_topic_it_switches_to() {
        List<Turn> history = new ArrayList<>(List.of(
                new Turn("How many days of annual leave do employees get?", "25 days [1]."),
                new Turn("Who approves expense claims?", "The line manager approves expense claims [1].")));

        RuleCondenser.Condensed full = condenser.condense("What is the capital of Norway?", history.subList(0, 1));
        RuleCondenser.Condensed switched = condenser.condense("Who approves expense claims?", history.subList(0, 1));
        RuleCondenser.Condensed after = condenser.condense("Can they be submitted late?", history);

        assertThat(full.question()).isEqualTo("What is the capital of Norway?");
        assertThat(full.rule()).isEqualTo("unchanged");
        assertThat(switched.rule()).isEqualTo("unchanged");
        assertThat(after.question()).isEqualTo("Can expense claims be submitted late?");
    }

    @Test
    void should_ask_back_when_the_referent_cannot_be_told__and_keep_the_topic_for_the_turn_after() {
        List<Turn> history = List.of(new Turn("What is the hotel limit in London?", "180 pounds per night [1]."));

        RuleCondenser.Condensed vague = condenser.condense("And the other one?", history);
        RuleCondenser.Condensed afterHello = condenser.condense("How is it calculated?", List.of(new Turn("Hi there", "")));
        List<Turn> later = new ArrayList<>(history);
        later.add(new Turn("And the other one?", vague.clarification()));
        RuleCondenser.Condensed next = condenser.condense("What about Paris?", later);

        assertThat(vague.unclear()).isTrue();
        assertThat(vague.rule()).isEqualTo("unclear");
        assertThat(vague.clarification()).contains("\"the other one\"");
        assertThat(afterHello.unclear()).as("a pronoun with nothing before it to stand for").isTrue();
        assertThat(next.question()).isEqualTo("What is the hotel limit in Paris?");
    }

    @Test
    void should_complete_a_question_word_fragment_from_the_last_full_question() {
        List<Turn> history = List.of(new Turn("Can the prime minister be dismissed?", ""));

        assertThat(condenser.condense("By whom?", history).question()).isEqualTo("By whom can the prime minister be dismissed?");
    }

    static Set<String> contentWords(String question) {
        return Arrays.stream(question.toLowerCase(Locale.ROOT).replaceAll("'s\\b|'", "").split("[^\\p{L}\\p{N}-]+"))
                .filter(w -> !w.isEmpty() && !FUNCTION_WORDS.contains(w))
                .map(w -> w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w)
                .collect(Collectors.toSet());
    }

    private static List<Pair> pairs(String file) throws IOException {
        try (InputStream in = RuleCondenserTest.class.getResourceAsStream("/condense/" + file)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            Pattern field = Pattern.compile("\"(kind|followUp|standalone)\":\"((?:[^\"\\\\]|\\\\.)*)\"");
            Pattern history = Pattern.compile("\"history\":\\[(.*?)]");
            Pattern item = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
            List<Pair> pairs = new ArrayList<>();
            for (String line : text.split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                Map<String, String> f = new TreeMap<>();
                Matcher m = field.matcher(line);
                while (m.find()) {
                    f.put(m.group(1), m.group(2));
                }
                Matcher h = history.matcher(line);
                List<String> turns = new ArrayList<>();
                if (h.find()) {
                    Matcher i = item.matcher(h.group(1));
                    while (i.find()) {
                        turns.add(i.group(1));
                    }
                }
                pairs.add(new Pair(f.get("kind"), turns, f.get("followUp"), f.get("standalone")));
            }
            return pairs;
        }
    }
}
