package io.corrigo.api.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Search snippets made prose: what a news search engine returns, and plain text left alone. */
class SnippetsTest {

    @Test
    void should_drop_a_leading_date_or_age_and_the_cut_marks() {
        assertThat(Snippets.clean("Jul 2, 2019 ... The bridge reopened to traffic in June 2020 after repairs ..."))
                .isEqualTo("The bridge reopened to traffic in June 2020 after repairs");
        assertThat(Snippets.clean("3 days ago — Shares of the brewer rose 4 percent on Monday."))
                .isEqualTo("Shares of the brewer rose 4 percent on Monday.");
        assertThat(Snippets.clean("14 March 2021 · The council approved the budget."))
                .isEqualTo("The council approved the budget.");
        assertThat(Snippets.clean("2022-05-01 - Trials began in May."))
                .isEqualTo("Trials began in May.");
    }

    @Test
    void should_drop_a_breadcrumb_and_break_fragments_joined_by_an_ellipsis() {
        assertThat(Snippets.clean("Home › News › Science › The probe landed on 3 May."))
                .isEqualTo("The probe landed on 3 May.");
        assertThat(Snippets.clean("The film premiered in Cannes ... It grossed $40 million worldwide."))
                .isEqualTo("The film premiered in Cannes. It grossed $40 million worldwide.");
    }

    @Test
    void should_leave_prose_alone() {
        String prose = "On 2 May 1998, the bank raised rates. Its chair, aged 61, said so in May 1998.";
        assertThat(Snippets.clean(prose)).isEqualTo(prose);
        assertThat(Snippets.clean("x > y holds for all inputs.")).isEqualTo("x > y holds for all inputs.");
    }

    @Test
    void should_tell_a_question_from_a_statement() {
        assertThat(Snippets.isQuestion("When will the new iPhone be released? [2]")).isTrue();
        assertThat(Snippets.isQuestion("\"Is it safe to fly?\"")).isTrue();
        assertThat(Snippets.isQuestion("The new model was released in September 2023.")).isFalse();
        assertThat(Snippets.isQuestion("A version of the song appears in the 2000 film O Brother, Where Art Thou?"))
                .as("a statement ending with a title that asks").isFalse();
    }
}
