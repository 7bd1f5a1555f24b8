package io.corrigo.plugins.extractivegenerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtractiveGeneratorTest {

    private static final Source HANDBOOK = Source.knowledgeBase("d-1", "Acme Robotics Employee Handbook");
    /** Never called: the questions below carry no embedding, so support is lexical. */
    private static final EmbeddingService NO_EMBEDDINGS = new EmbeddingService() {
        @Override
        public Embedding embed(String text) {
            throw new AssertionError("no embedding expected");
        }

        @Override
        public int dimension() {
            return 3;
        }

        @Override
        public String modelId() {
            return "none";
        }
    };

    private final ExtractiveGenerator generator = new ExtractiveGenerator(NO_EMBEDDINGS, 2, 0.4);

    private static ContextStrip strip(int citation, String text, double relevance) {
        return new ContextStrip(citation, text, HANDBOOK, relevance, null);
    }

    @Test
    void should_lead_with_the_sentence_that_answers__not_the_one_most_like_the_question() {
        // given: both sentences share the question's words; the evaluator found the second one answers it
        Query question = Query.of("What is the guest Wi-Fi network called?");
        List<ContextStrip> context = List.of(
                strip(1, "The guest Wi-Fi network policy is reviewed by IT every year.", 0.05),
                strip(2, "The guest Wi-Fi network is called AcmeGuest.", 0.60));

        // when
        Answer answer = generator.generate(new GenerationRequest(question, context));

        // then
        assertThat(answer.abstained()).isFalse();
        assertThat(answer.text()).startsWith("The guest Wi-Fi network is called AcmeGuest. [2]");
    }

    @Test
    void should_never_quote_a_heading_a_fragment_or_a_sentence_twice() {
        Query question = Query.of("How long is the working day at Acme Robotics?");
        List<ContextStrip> context = List.of(
                strip(1, "Acme Robotics Working Day", 0.9),
                strip(1, "Working day.", 0.9),
                strip(2, "A working day at Acme Robotics lasts eight hours.", 0.5),
                strip(3, "A working day at Acme Robotics lasts eight hours.", 0.5));

        Answer answer = generator.generate(new GenerationRequest(question, context));

        assertThat(answer.text()).isEqualTo("A working day at Acme Robotics lasts eight hours. [2]");
    }
}
