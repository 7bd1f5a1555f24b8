package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Finding a quote in a long document by its indexed letter runs finds what reading the whole text finds. */
class DocumentTextsLettersTest {

    @Test
    void should_find_every_quote_where_a_scan_of_the_whole_text_finds_it_first() {
        Random random = new Random(7);
        String[] words = {"virus", "cell", "patients", "were", "treated", "with", "the", "trial", "of", "2019", "Paris",
                "Ærø", "naïve", "a", "in", "results"};
        StringBuilder text = new StringBuilder();
        while (text.length() < 200_000) {
            text.append(words[random.nextInt(words.length)]).append(random.nextInt(9) == 0 ? ". " : " ");
        }
        // a passage that occurs twice: the first occurrence is the one found
        String repeated = "The oil is changed every 900 operating hours, or once a year.";
        text.insert(50_000, repeated + " ").append(repeated);
        DocumentTexts.Letters letters = DocumentTexts.Letters.of(text.toString());
        String all = letters.letters();
        for (int i = 0; i < 2_000; i++) {
            int length = 1 + random.nextInt(120);
            int from = random.nextInt(all.length() - length);
            String wanted = all.substring(from, from + length);
            assertThat(letters.indexOf(wanted)).as(wanted).isEqualTo(all.indexOf(wanted));
        }
        String oil = "theoilischangedevery900operatinghoursoronceayear";
        assertThat(letters.indexOf(oil)).isEqualTo(all.indexOf(oil)).isLessThan(all.lastIndexOf(oil));
        assertThat(letters.indexOf("theoilischangedevery901operatinghoursoronceayear")).isEqualTo(-1);
        assertThat(letters.indexOf("zzzz")).isEqualTo(-1);
    }
}
