package io.corrigo.server.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Passage;
import io.corrigo.api.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

class CitedPassagesTest {

    @Test
    void should_read_back_what_it_wrote__a_web_page_with_its_address_too() {
        // given
        List<Passage> cited = List.of(
                Passage.of("doc-7#2", "Hotel stays are reimbursed up to 180 euros per night.", Source.knowledgeBase("doc-7", "Expenses")),
                Passage.of("w1", "VPN sessions end after 10 hours.", Source.web("https://it.example.com/vpn", "VPN", "https://it.example.com/vpn")));

        // when
        List<Passage> read = CitedPassages.read(CitedPassages.write(cited));

        // then
        assertThat(read).extracting(Passage::id, Passage::text, Passage::source)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("doc-7#2", cited.get(0).text(), cited.get(0).source()),
                        org.assertj.core.groups.Tuple.tuple("w1", cited.get(1).text(), cited.get(1).source()));
    }

    @Test
    void should_carry_nothing_from_an_empty_missing_or_damaged_column() {
        assertThat(CitedPassages.write(List.of())).isNull();
        assertThat(CitedPassages.read(null)).isEmpty();
        assertThat(CitedPassages.read("not json")).isEmpty();
        assertThat(CitedPassages.read("[{\"id\":\"x\"}]")).as("a passage without text or source").isEmpty();
    }
}
