package io.corrigo.engine.guard;

import static io.corrigo.engine.fakes.Fakes.kb;
import static io.corrigo.engine.fakes.Fakes.web;
import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Guardrail;
import io.corrigo.api.Passage;
import io.corrigo.api.Redaction;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.engine.CorrectivePipeline;
import io.corrigo.engine.PipelinePlugins;
import io.corrigo.engine.RunResult;
import io.corrigo.engine.condense.Turn;
import io.corrigo.engine.fakes.Fakes;
import io.corrigo.engine.fakes.HashingEmbeddings;
import io.corrigo.engine.settings.Mode;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.trace.Notice;
import io.corrigo.engine.trace.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class GuardStageTest {

    private static final PipelineSettings SETTINGS = new PipelineSettings(Mode.CORRECTIVE, 5, 0.7, 0.3, 0.5, 200, 3);
    private static final String MAIL = "jane.doe@example.com";

    private final List<SearchRequest> searches = new ArrayList<>();
    private final List<String> retrieved = new ArrayList<>();

    /** A fake of our own guardrail: e-mail addresses only. */
    private static final Guardrail EMAILS = text -> {
        Matcher m = Pattern.compile("[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+").matcher(text);
        int n = 0;
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            n++;
            m.appendReplacement(out, "[EMAIL]");
        }
        m.appendTail(out);
        return n == 0 ? Redaction.none(text) : new Redaction(out.toString(), List.of(new Redaction.Found("EMAIL", n)));
    };

    private CorrectivePipeline pipeline(Guardrail guardrail) {
        List<Passage> kb = List.of(kb("1", "Vaccination schedules differ between countries."));
        SearchProvider search = request -> {
            searches.add(request);
            return List.of(web("w1", "The boiling point of water at sea level is one hundred degrees Celsius."));
        };
        PipelinePlugins plugins = new PipelinePlugins((query, max) -> {
            retrieved.add(query.text());
            return kb;
        }, Fakes.overlapEvaluator(), search, new Fakes.EchoGenerator(), new HashingEmbeddings(), List.of())
                .with(Guardrail.class, guardrail);
        return CorrectivePipeline.builder().settings(SETTINGS).plugins(plugins).executor(Runnable::run).build();
    }

    @Test
    void should_keep_a_planted_address_from_retrieval_the_web_search_and_the_trace__saying_only_its_kind() {
        // when
        RunResult result = pipeline(EMAILS).run("I am " + MAIL + ": what is the boiling point of water at sea level?");

        // then: the web was searched, with nothing of the address
        assertThat(searches).isNotEmpty().allSatisfy(r -> {
            assertThat(r.keywords()).doesNotContain("jane").doesNotContain("example.com");
            assertThat(r.question()).doesNotContain("jane").contains("[EMAIL]");
        });
        assertThat(retrieved).isNotEmpty().allSatisfy(q -> assertThat(q).doesNotContain("jane"));
        assertThat(result.trace().question()).doesNotContain("jane").contains("[EMAIL]");
        assertThat(result.answer().text()).contains("one hundred degrees");
        assertThat(result.trace().notices()).filteredOn(n -> n.stage() == Stage.GUARD).singleElement().satisfies(n -> {
            assertThat(n.message()).contains("question").contains("1 EMAIL").doesNotContain("jane");
            assertThat(n.degrading()).isFalse();
        });
        assertThat(result.degraded()).isFalse();
    }

    @Test
    void should_redact_the_conversation_too() {
        // when
        GuardStage.Guarded guarded = new GuardStage(EMAILS).inputs("And at altitude?",
                List.of(new Turn("Write to " + MAIL + " about boiling water", "Mail " + MAIL + " for it.")));

        // then
        assertThat(guarded.history()).singleElement().satisfies(t -> {
            assertThat(t.question()).isEqualTo("Write to [EMAIL] about boiling water");
            assertThat(t.answer()).isEqualTo("Mail [EMAIL] for it.");
        });
        assertThat(guarded.found()).extracting(GuardStage.Where::where, GuardStage.Where::counts)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("conversation", "2 EMAIL"));
    }

    @Test
    void should_fail_closed__when_the_guardrail_throws() {
        // given
        Guardrail broken = text -> {
            throw new IllegalStateException("cannot check " + text);
        };

        // when
        RunResult result = pipeline(broken).run("I am " + MAIL + ": what is the boiling point of water?");

        // then: nothing was retrieved or searched, nothing of the question kept, and the run says why
        assertThat(searches).isEmpty();
        assertThat(retrieved).isEmpty();
        assertThat(result.answer().abstained()).isTrue();
        assertThat(result.answer().text()).isEqualTo(CorrectivePipeline.UNCHECKED);
        assertThat(result.trace().question()).isEqualTo(GuardStage.WITHHELD);
        assertThat(result.degraded()).isTrue();
        assertThat(result.trace().notices()).extracting(Notice::message).allSatisfy(m -> assertThat(m).doesNotContain("jane"));
        assertThat(new GuardStage(broken).forLog("Mail " + MAIL).text()).doesNotContain("jane");
    }

    @Test
    void should_pass_everything_unchanged__without_a_guardrail() {
        RunResult result = pipeline(null).run("I am " + MAIL + ": what is the boiling point of water at sea level?");

        assertThat(result.trace().question()).contains(MAIL);
        assertThat(result.trace().notices()).noneMatch(n -> n.stage() == Stage.GUARD);
    }

    @Test
    void should_keep_a_redacted_answer_in_the_log_and_say_what_kind_was_redacted() {
        RunResult result = pipeline(EMAILS).run("What is the boiling point of water at sea level?");
        io.corrigo.api.Answer answer = new io.corrigo.api.Answer("Write to " + MAIL + " for more [1]",
                result.answer().citations(), false);

        GuardStage.Logged logged = new GuardStage(EMAILS).forLog(answer, result.trace());
        GuardStage.Logged unchanged = new GuardStage(null).forLog(answer, result.trace());

        assertThat(logged.answer().text()).isEqualTo("Write to [EMAIL] for more [1]");
        assertThat(logged.answer().citations()).isEqualTo(answer.citations());
        assertThat(logged.trace().notices()).extracting(Notice::message)
                .contains("redacted in the answer before the run log: 1 EMAIL").noneMatch(m -> m.contains("jane"));
        assertThat(unchanged.answer()).isSameAs(answer);
        assertThat(unchanged.trace()).isSameAs(result.trace());
    }
}
