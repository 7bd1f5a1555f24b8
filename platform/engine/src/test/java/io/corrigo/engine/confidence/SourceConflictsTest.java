package io.corrigo.engine.confidence;

import static io.corrigo.engine.fakes.Fakes.kb;
import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Citation;
import io.corrigo.api.Passage;
import io.corrigo.engine.CorrectivePipeline;
import io.corrigo.engine.PipelinePlugins;
import io.corrigo.engine.RunResult;
import io.corrigo.engine.fakes.Fakes;
import io.corrigo.engine.fakes.HashingEmbeddings;
import io.corrigo.engine.settings.ConflictPolicy;
import io.corrigo.engine.settings.Mode;
import io.corrigo.engine.settings.PipelineSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

class SourceConflictsTest {

    private static final String QUESTION = "In which year was Northwind Bakery founded?";

    /** Two documents about the bakery, both graded CORRECT; they agree or not on the year. */
    private static RunResult run(String second, ConflictPolicy policy) {
        List<Passage> passages = List.of(kb("1", "Northwind Bakery was founded in 1921 by two brothers."), kb("2", second));
        PipelineSettings settings = new PipelineSettings(Mode.CORRECTIVE, 5, 0.7, 0.3, 0.5, 200, 3)
                .withConflictPolicy(policy);
        return CorrectivePipeline.builder().settings(settings)
                .plugins(new PipelinePlugins((query, max) -> passages,
                        (query, p) -> p.text().contains("Northwind") ? 0.8 : 0.1, request -> List.of(),
                        new Fakes.EchoGenerator(), new HashingEmbeddings(), List.of()))
                .executor(Runnable::run).build().run(QUESTION);
    }

    private static final String OTHER_YEAR = "Northwind Bakery was founded in 1924 in Leeds.";

    @Test
    void should_state_both_years_with_a_citation_each__when_two_documents_disagree() {
        // when
        RunResult result = run(OTHER_YEAR, ConflictPolicy.NAME_BOTH);

        // then: both values first, each with its document's citation, and the trace flags it
        assertThat(result.answer().text()).startsWith("The sources disagree: [1] gives 1921; [2] gives 1924. ");
        assertThat(result.answer().citations()).extracting(c -> c.source().documentId())
                .containsExactlyInAnyOrder("doc-1", "doc-2");
        assertThat(result.answer().citations()).filteredOn(c -> c.source().documentId().equals("doc-2"))
                .extracting(Citation::quote).containsExactly(OTHER_YEAR);
        assertThat(result.trace().notices()).anySatisfy(n -> assertThat(n.message())
                .contains("the sources disagree on the asked year: 'Doc 1' gives 1921; 'Doc 2' gives 1924"));
    }

    @Test
    void should_abstain_saying_why__or_serve_as_written__as_the_pipeline_says() {
        // when
        RunResult abstained = run(OTHER_YEAR, ConflictPolicy.ABSTAIN);
        RunResult ignored = run(OTHER_YEAR, ConflictPolicy.IGNORE);

        // then
        assertThat(abstained.answer().abstained()).isTrue();
        assertThat(abstained.answer().text()).contains("The sources disagree: 'Doc 1' gives 1921; 'Doc 2' gives 1924.");
        assertThat(ignored.answer().abstained()).isFalse();
        assertThat(ignored.answer().text()).doesNotContain("disagree");
        assertThat(ignored.trace().notices()).anySatisfy(n -> assertThat(n.message()).contains("(IGNORE)"));
    }

    @Test
    void should_say_nothing_when_the_documents_agree__or_the_question_asks_no_figure() {
        // when
        RunResult agreeing = run("Northwind Bakery, founded in 1921, bakes rye bread.", ConflictPolicy.NAME_BOTH);

        // then
        assertThat(agreeing.answer().text()).doesNotContain("disagree");
        assertThat(agreeing.trace().notices()).noneSatisfy(n -> assertThat(n.message()).contains("disagree"));
    }
}
