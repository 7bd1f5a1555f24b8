package io.corrigo.server.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.engine.condense.RuleCondenser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code condense} command over the multi-turn set written for the tests (45 conversations of 3–5 turns over the
 * demo corpus and a staff handbook, src/test/resources/condense/conversations.jsonl): every follow-up replayed against
 * the user's earlier turns, scored against the standalone question a person wrote.
 */
class CondenseCommandTest {

    private static final Path SET = Path.of("src/test/resources/condense/conversations.jsonl");

    @Test
    void should_rewrite_most_follow_ups_of_the_multi_turn_set_to_the_expected_standalone_question() throws IOException {
        // when
        CondenseCommand.Result result = CondenseCommand.score(SET, new RuleCondenser());

        // then: the figure docs/performance.md quotes (0.877 when written; 0.368 for the rules that read earlier rewrites)
        assertThat(result.conversations()).isGreaterThanOrEqualTo(40);
        assertThat(result.followUps()).hasSizeGreaterThanOrEqualTo(100);
        assertThat(result.accuracy()).isGreaterThanOrEqualTo(0.85);
        // a follow-up a person could not resolve either is asked back, every time
        assertThat(result.followUps()).filteredOn(s -> s.expected().equals(CondenseCommand.CLARIFY))
                .isNotEmpty().allSatisfy(s -> assertThat(s.right()).as(s.asked()).isTrue());
        // and nothing a person could resolve is asked back
        assertThat(result.followUps()).filteredOn(s -> s.got().equals(CondenseCommand.CLARIFY))
                .allSatisfy(s -> assertThat(s.expected()).as(s.asked()).isEqualTo(CondenseCommand.CLARIFY));
    }

    @Test
    void should_print_the_accuracy_and_each_wrong_rewrite(@TempDir Path dir) throws IOException {
        // given: one conversation the rules get right, one they get wrong
        Path set = dir.resolve("two.jsonl");
        Files.write(set, List.of(
                "{\"id\":\"a\",\"turns\":[{\"user\":\"What is the PTO policy?\",\"expected\":\"What is the PTO policy?\"},"
                        + "{\"user\":\"And for part-time staff?\",\"expected\":\"What is the PTO policy for part-time staff?\"}]}",
                "{\"id\":\"b\",\"turns\":[{\"user\":\"Who wrote Emma?\",\"expected\":\"Who wrote Emma?\"},"
                        + "{\"user\":\"When was it published?\",\"expected\":\"When was Persuasion published?\"}]}"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        // when
        int code = CondenseCommand.run(new String[] {"--set", set.toString(), "--wrong"}, new PrintStream(out, true,
                StandardCharsets.UTF_8));

        // then
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).isZero();
        assertThat(printed).contains("2 conversations, 2 follow-ups").contains("1 of 2 (0.500)")
                .contains("wrong b#2: \"When was it published?\" -> \"When was Emma published?\"");
    }

    @Test
    void should_score_several_sets_together__every_set_of_the_repository_over_two_hundred_follow_ups() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String dir = "src/test/resources/condense/";

        // when
        int code = CondenseCommand.run(new String[] {"--set", dir + "conversations.jsonl", "--set",
                dir + "conversations_referents.jsonl", "--set", dir + "conversations_unseen.jsonl", "--set",
                dir + "conversations_more.jsonl"}, new PrintStream(out, true, StandardCharsets.UTF_8));

        // then: one figure over the union, by halves
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).isZero();
        assertThat(printed).containsPattern("1[0-9][0-9] conversations, 2[0-9][0-9] follow-ups")
                .contains("tuning    half").contains("held-out  half");
    }

    @Test
    void should_refuse_a_missing_set_and_an_unknown_option_with_a_clear_message() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);

        assertThat(CondenseCommand.run(new String[] {"--set", "no/such/file.jsonl"}, print)).isEqualTo(1);
        assertThat(CondenseCommand.run(new String[] {"--sett"}, print)).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("cannot read no/such/file.jsonl").contains("usage: corrigo condense");
    }
}
