package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.text.Sentences;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextCleanerTest {

    private static List<String> sentences(TextCleaner.Cleaned cleaned) {
        return Sentences.split(cleaned.text());
    }

    @Test
    void should_keep_a_paragraph_that_ends_in_a_link_s_text_as_text__not_take_it_for_a_heading() {
        // given: a crawled page's paragraph "VPN sessions end automatically after 10 hours. <a>Back</a>", as parsed
        String page = """
                # VPN

                VPN sessions end automatically after 10 hours. Back

                Remote Access
                """;

        // when
        TextCleaner.Cleaned cleaned = TextCleaner.clean(page, TextCleaner.Layout.MARKDOWN);

        // then: its sentence is indexed; a short line alone is still a heading
        assertThat(cleaned.text()).contains("VPN sessions end automatically after 10 hours.");
        assertThat(cleaned.sections()).extracting(TextCleaner.Section::heading).containsExactly("VPN", "Remote Access");
    }

    @Test
    void should_join_pdf_lines_into_sentences__across_the_blank_lines_extraction_puts_between_them() {
        // given: a PDF page as extraction gives it, one printed line per line and a blank line within a sentence
        String pdf = """
                Leave
                A standard working day at Acme Robotics lasts 11 hours per
                
                day, including a one-hour lunch break. Employees may take
                their breaks at any time agreed with their manager.
                """;

        // when
        TextCleaner.Cleaned cleaned = TextCleaner.clean(pdf, TextCleaner.Layout.PDF);

        // then
        assertThat(sentences(cleaned)).containsExactly(
                "A standard working day at Acme Robotics lasts 11 hours per day, including a one-hour lunch break.",
                "Employees may take their breaks at any time agreed with their manager.");
    }

    @Test
    void should_find_headings_and_sentences_when_extraction_puts_several_blank_lines_between_printed_lines() {
        // given: what PDF extraction gives for a page of short lines: five blank lines between printed lines
        String pdf = String.join("\n\n\n\n\n\n", "Acme Robotics Employee Handbook", "Working hours",
                "A standard working day at Acme Robotics lasts 11 hours per", "day, including a one-hour lunch break.");

        // when
        TextCleaner.Cleaned cleaned = TextCleaner.clean(pdf, TextCleaner.Layout.PDF);

        // then
        assertThat(cleaned.title()).isEqualTo("Acme Robotics Employee Handbook");
        assertThat(cleaned.sections()).extracting(TextCleaner.Section::heading).contains("Working hours");
        assertThat(sentences(cleaned)).containsExactly(
                "A standard working day at Acme Robotics lasts 11 hours per day, including a one-hour lunch break.");
    }

    @Test
    void should_put_a_word_hyphenated_at_a_pdf_line_end_back_together() {
        String pdf = "The committee approved the treat-\nment of all claims before the end of the year.\n";

        assertThat(TextCleaner.clean(pdf, TextCleaner.Layout.PDF).text())
                .isEqualTo("The committee approved the treatment of all claims before the end of the year.");
    }

    @Test
    void should_keep_a_short_pdf_line_before_a_capitalised_one_as_a_section_heading__not_as_a_sentence() {
        // given
        String pdf = """
                Acme Robotics Employee Handbook
                Remote work is allowed two days a week for every full-time employee of the company.
                Guest Wi-Fi
                Visitors connect to the network called AcmeGuest with the code at the reception desk.
                """;

        // when
        TextCleaner.Cleaned cleaned = TextCleaner.clean(pdf, TextCleaner.Layout.PDF);

        // then
        assertThat(cleaned.title()).isEqualTo("Acme Robotics Employee Handbook");
        assertThat(cleaned.sections()).extracting(TextCleaner.Section::heading)
                .containsExactly("Acme Robotics Employee Handbook", "Guest Wi-Fi");
        assertThat(sentences(cleaned)).noneMatch(s -> s.contains("Handbook") || s.startsWith("Guest Wi-Fi"));
    }

    @Test
    void should_take_markdown_headings_as_section_titles_and_drop_their_markup() {
        // given
        String markdown = """
                # Acme Robotics Employee Handbook
                
                ## Networks
                
                Staff use the **AcmeCorp** network. See [the IT page](https://it.example/wifi) for details.
                
                - Guests use the AcmeGuest network.
                """;

        // when
        TextCleaner.Cleaned cleaned = TextCleaner.clean(markdown, TextCleaner.Layout.MARKDOWN);

        // then
        assertThat(cleaned.title()).isEqualTo("Acme Robotics Employee Handbook");
        assertThat(cleaned.sections()).extracting(TextCleaner.Section::heading).contains("Networks");
        assertThat(sentences(cleaned)).containsExactly("Staff use the AcmeCorp network.",
                "See the IT page for details.", "Guests use the AcmeGuest network.");
    }

    @Test
    void should_drop_boilerplate_lines_and_paragraph_labels_of_a_paper() {
        // given: the head of a paper as the COVID-QA corpus holds it
        String paper = """
                Role of S-Palmitoylation on IFITM5 for the Interaction with FKBP11 in Osteoblast Cells
                
                https://www.ncbi.nlm.nih.gov/pmc/articles/PMC3776769/
                
                Tsukamoto, Takashi; Li, Xianglan; Morita, Hiromi
                2013-09-18
                DOI:10.1371/journal.pone.0075831
                License:cc-by
                
                Abstract: Recently, one of the interferon-induced transmembrane proteins has become an important target.
                
                BACKGROUND/AIM: The aim was to study the palmitoylation of IFITM5 in osteoblasts.

                Abstract: BACKGROUND/AIM: Humoral immunity is poorly understood. RESULTS: Of 40 sera, 12 neutralised it.
                """;

        // when
        TextCleaner.Cleaned cleaned = TextCleaner.clean(paper, TextCleaner.Layout.PLAIN);

        // then
        assertThat(cleaned.title()).startsWith("Role of S-Palmitoylation on IFITM5");
        assertThat(sentences(cleaned)).containsExactly(
                "Recently, one of the interferon-induced transmembrane proteins has become an important target.",
                "The aim was to study the palmitoylation of IFITM5 in osteoblasts.",
                "Humoral immunity is poorly understood.", "Of 40 sera, 12 neutralised it.");
    }

    @Test
    void should_leave_plain_prose_as_it_is() {
        String prose = "The first case was reported in December 2019. It spread within weeks.\n\nA second paragraph follows.";

        TextCleaner.Cleaned cleaned = TextCleaner.clean(prose, TextCleaner.Layout.PLAIN);

        assertThat(cleaned.title()).isNull();
        assertThat(cleaned.text()).isEqualTo(prose);
    }
}
