package io.corrigo.engine.analyse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Query;
import io.corrigo.api.answer.AnswerType;
import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.engine.fakes.HashingEmbeddings;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.trace.TraceRecorder;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A question is read in its own language, once, by the analyzer its language's word lists make. */
class QuestionAnalyzersTest {

    private static QuestionAnalysis read(String question) {
        return QuestionAnalyzers.of(question).analyse(question);
    }

    @Test
    void should_read_german_questions_by_the_german_word_lists() {
        assertThat(read("Wie viele Urlaubstage bekommen Vollzeitbeschäftigte im Jahr?"))
                .satisfies(a -> assertThat(a.type()).isEqualTo(AnswerType.COUNT))
                .satisfies(a -> assertThat(a.head()).isEqualTo("urlaubstage"))
                .satisfies(a -> assertThat(a.focus()).isEqualTo("count of urlaubstage"));
        assertThat(read("In welchem Jahr wurde die Firma gegründet?").type()).isEqualTo(AnswerType.YEAR);
        assertThat(read("Wann endet die Probezeit für neue Mitarbeiter?").type()).isEqualTo(AnswerType.DATE);
        assertThat(read("Wer genehmigt die Reisekosten für die Abteilung?").type()).isEqualTo(AnswerType.PERSON);
        assertThat(read("Welche Stadt ist der Sitz der Firma?").type()).isEqualTo(AnswerType.PLACE);
        assertThat(read("Wie viel kostet die Übernachtung in einem Hotel?").type()).isEqualTo(AnswerType.MONEY);
        assertThat(read("Wie lange dauert die Probezeit für neue Mitarbeiter?").type()).isEqualTo(AnswerType.DURATION);
        assertThat(read("Wer war der erste Leiter der Abteilung?").superlative()).isEqualTo("erste");
        assertThat(read("Wie viele Tage gilt die Regel nach COVID-19 für die Mitarbeiter?").anchors()).containsExactly("covid-19");
    }

    @Test
    void should_read_english_questions_as_the_plugin_api_does() {
        String question = "How many days of paid time off do full-time employees get?";
        assertThat(QuestionAnalyzers.of(question).language()).isEqualTo("en");
        assertThat(read(question)).isEqualTo(QuestionAnalysis.of(question));
        assertThat(QuestionAnalyzers.of("Quanti giorni di ferie hanno i dipendenti a tempo pieno?").language())
                .as("a language without word lists is read as English").isEqualTo("en");
    }

    @Test
    void should_read_a_third_language_from_its_resource_alone__once__carried_on_the_query() {
        // given: fr.tsv on the test class path, and nothing else that knows French
        AnalyseStage stage = new AnalyseStage(new HashingEmbeddings());
        TraceRecorder trace = new TraceRecorder("q", PipelineSettings.DEFAULTS, List.of(), Clock.systemUTC());

        // when
        Query query = stage.analyse("Combien de jours de congé ont les salariés qui sont dans la société ?", trace);

        // then: the analysis travels with the query, and a plugin reads it without knowing the language
        assertThat(QuestionAnalyzers.of(query.text()).language()).isEqualTo("fr");
        assertThat(QuestionAnalysis.of(query)).satisfies(a -> assertThat(a.type()).isEqualTo(AnswerType.COUNT))
                .satisfies(a -> assertThat(a.head()).isEqualTo("jours"));
        assertThat(QuestionAnalysis.of(query.withFilter(io.corrigo.api.PassageFilter.NONE)).type())
                .as("kept through copies").isEqualTo(AnswerType.COUNT);
    }

    @Test
    void should_name_the_line_of_a_broken_word_list() {
        assertThatThrownBy(() -> ListedQuestionAnalyzer.parse("xx", "opener\twie viele\tCOUNTS\n"))
                .hasMessageContaining("xx.tsv line 1").hasMessageContaining("'COUNTS' is no answer type");
        assertThatThrownBy(() -> ListedQuestionAnalyzer.parse("xx", "# fine\nverb\tgehen\tOTHER\n"))
                .hasMessageContaining("xx.tsv line 2: unknown kind 'verb'");
    }
}
