package io.corrigo.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import io.corrigo.api.Query;
import io.corrigo.api.Strip;
import io.corrigo.api.TermStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link Generator}: an answer is never {@code null}; it cites only sources of its context, each
 * under that context's citation number; an empty context gives an abstention; streamed pieces add up to the
 * answer's text; interrupt-safe; thread-safe.
 */
public abstract class GeneratorContract extends PluginFactoryContract<Generator> {

    private final HashingEmbeddings embeddings = new HashingEmbeddings();

    /** A request whose context answers its question; by default a sample question with its passage's sentences. */
    protected GenerationRequest answerableRequest() {
        SampleCorpus.Entry entry = SampleCorpus.entries(embeddings).get(0);
        List<ContextStrip> context = new ArrayList<>();
        for (Strip strip : entry.passage().strips()) {
            context.add(new ContextStrip(strip.index() + 1, strip.text(), entry.passage().source(), 0.9, strip.embedding()));
        }
        return new GenerationRequest(query(entry.question()), context);
    }

    /** A query as the pipeline sends it: with the question's embedding. */
    protected final Query query(String text) {
        return new Query(text, embeddings.embed(text), TermStatistics.UNIFORM);
    }

    @Test
    void answers_from_the_context_citing_only_its_sources() {
        Generator generator = newInstance();
        GenerationRequest request = answerableRequest();
        Answer answer = within(() -> generator.generate(request));
        assertThat(answer).as("generate(...)").isNotNull();
        assertThat(answer.text()).as("answer text").isNotNull();
        assertThat(answer.citations()).as("citations").doesNotContainNull();
        Map<Integer, ContextStrip> byNumber = request.context().stream()
                .collect(Collectors.toMap(ContextStrip::citation, Function.identity(), (a, b) -> a));
        for (Citation citation : answer.citations()) {
            assertThat(byNumber).as("citation [%d] refers to a context strip", citation.number()).containsKey(citation.number());
            assertThat(citation.source()).as("source of citation [%d]", citation.number())
                    .isEqualTo(byNumber.get(citation.number()).source());
        }
        if (!answer.abstained()) {
            assertThat(answer.text()).as("a given answer has text").isNotBlank();
        }
    }

    @Test
    void abstains_when_the_context_is_empty() {
        Generator generator = newInstance();
        GenerationRequest empty = new GenerationRequest(answerableRequest().query(), List.of());
        Answer answer = within(() -> generator.generate(empty));
        assertThat(answer).as("generate(...) with no context").isNotNull();
        assertThat(answer.abstained()).as("an empty context means nothing relevant survived grading: abstain").isTrue();
        assertThat(answer.citations()).as("an abstention cites nothing").isEmpty();
    }

    @Test
    void streamed_pieces_add_up_to_the_answer() {
        Generator generator = newInstance();
        StringBuilder streamed = new StringBuilder();
        Answer answer = within(() -> generator.generate(answerableRequest(), piece -> {
            synchronized (streamed) {
                streamed.append(piece);
            }
        }));
        assertThat(answer).isNotNull();
        if (!answer.abstained()) {
            assertThat(streamed.toString()).as("the streamed pieces, joined").isEqualTo(answer.text());
        }
    }

    @Test
    void returns_or_throws_on_an_interrupted_thread() {
        Generator generator = newInstance();
        Object outcome = withInterruptedThread(() -> generator.generate(answerableRequest()));
        if (!(outcome instanceof Exception)) {
            assertThat(outcome).as("generate on an interrupted thread").isInstanceOf(Answer.class);
        }
    }

    @Test
    void gives_the_same_answer_to_many_threads_at_once() {
        Generator generator = newInstance();
        GenerationRequest request = answerableRequest();
        String alone = generator.generate(request).text();
        List<String> together = concurrently(2, () -> generator.generate(request).text());
        assertThat(together).as("answers under concurrent calls").allSatisfy(text -> assertThat(text).isEqualTo(alone));
    }
}
