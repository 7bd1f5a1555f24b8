package io.corrigo.server.plugin.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Embedding;
import io.corrigo.api.PassageFilter;
import io.corrigo.api.Query;
import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What crosses to an untrusted plugin's runner: a question keeps its scope, above all who is asking. */
class WireTest {

    private static Query roundTrip(Query query) throws Exception {
        return Wire.JSON.readValue(Wire.JSON.writeValueAsBytes(query), Query.class);
    }

    @Test
    void a_query_keeps_its_filter_across_the_process_boundary() throws Exception {
        PassageFilter filter = new PassageFilter(Set.of("hr", "handbook"), Map.of("language", "de"),
                LocalDate.parse("2025-01-01"), LocalDate.parse("2025-12-31"), Set.of("hr-staff"));
        Query back = roundTrip(new Query("How many days of leave?", Embedding.of(new float[] {0.6f, 0.8f}), null, filter));
        assertThat(back.filter()).isEqualTo(filter);
        assertThat(back.text()).isEqualTo("How many days of leave?");
    }

    @Test
    void a_caller_of_no_group_stays_restricted_and_an_unrestricted_one_stays_unrestricted() throws Exception {
        assertThat(roundTrip(Query.of("q").withFilter(PassageFilter.readableBy(Set.of()))).filter().readers())
                .as("no groups: only what everyone may read").isNotNull().isEmpty();
        assertThat(roundTrip(Query.of("q")).filter().readers()).as("an administrator's question").isNull();
    }

    @Test
    void a_query_keeps_its_analysis_in_its_language_across_the_process_boundary() throws Exception {
        io.corrigo.api.answer.QuestionAnalysis german = new io.corrigo.api.answer.QuestionAnalysis(
                "Wie viele Urlaubstage gibt es?", io.corrigo.api.answer.AnswerType.COUNT, "urlaubstage",
                "count of urlaubstage", java.util.List.of(), java.util.List.of(), java.util.List.of(), null,
                java.util.List.of("urlaubstage"), "de");

        Query back = roundTrip(Query.of("Wie viele Urlaubstage gibt es?").with(io.corrigo.api.answer.QuestionAnalysis.class, german));

        assertThat(io.corrigo.api.answer.QuestionAnalysis.of(back)).isEqualTo(german);
        assertThat(roundTrip(Query.of("q")).attribute(io.corrigo.api.answer.QuestionAnalysis.class)).isEmpty();
    }
}
