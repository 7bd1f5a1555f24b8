package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Citation;
import io.corrigo.api.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

class CitationCheckTest {

    private static final List<Citation> CITATIONS = List.of(
            new Citation(1, Source.knowledgeBase("d-1", "Lamps"), "The lamp is cleaned every Tuesday morning."),
            new Citation(2, Source.knowledgeBase("d-2", "Tower"), "The tower was built in 1874 of granite."));

    @Test
    void counts_a_sentence_whose_citation_holds_it__whatever_its_spacing_and_punctuation() {
        CitationCheck check = CitationCheck.of("every Tuesday [1]. The lamp is cleaned  every Tuesday morning [1]. "
                + "The tower was built in 1874 of granite! [2]", CITATIONS);

        assertThat(check).as("the short answer ahead of its sentence is not counted; its sentence is").isEqualTo(new CitationCheck(2, 2));
    }

    @Test
    void ignores_reference_marks_the_quoted_text_carries_itself() {
        CitationCheck check = CitationCheck.of("Viruses were described since 1901 [4] and later identified in Norwalk [5] . [1]",
                List.of(new Citation(1, Source.knowledgeBase("d-1", "Viruses"),
                        "Viruses were described since 1901 [4] and later identified in Norwalk [5] .")));

        assertThat(check).isEqualTo(CitationCheck.NONE);
    }

    @Test
    void counts_a_sentence_pointing_at_the_wrong_passage_or_at_none_as_not_held() {
        CitationCheck check = CitationCheck.of("The lamp is cleaned every Tuesday morning. [2] The tower is 40 metres tall. [3]",
                CITATIONS);

        assertThat(check).isEqualTo(new CitationCheck(2, 0));
    }
}
