package io.corrigo.engine;

import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.settings.Mode;

import static io.corrigo.engine.fakes.Fakes.kb;
import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Critic;
import io.corrigo.api.Critique;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import io.corrigo.api.Grade;
import io.corrigo.api.Judgement;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Reflection;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.RetrievalNeed;
import io.corrigo.api.Retriever;
import io.corrigo.api.RewritePurpose;
import io.corrigo.api.SentenceSupport;
import io.corrigo.api.Support;
import io.corrigo.engine.critique.CritiqueLoop;
import io.corrigo.engine.settings.SelfRagSettings;
import io.corrigo.engine.fakes.Fakes;
import io.corrigo.engine.fakes.HashingEmbeddings;
import io.corrigo.engine.trace.CritiqueDecision;
import io.corrigo.engine.trace.CritiqueRound;
import io.corrigo.engine.trace.PassageTrace;
import io.corrigo.engine.trace.Stage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Every branch of the Self-RAG layer, with fakes: retrieve-or-not, ISSUP/ISUSE, the bounded loop, streaming. */
class SelfRagTest {

    private static final String QUESTION = "What is the incubation period of measles?";
    private static final String SUPPORTED = "Measles incubates for ten to twelve days [1].";
    private static final String UNSUPPORTED = "It was first described on the moon [1].";

    private static final PipelineSettings SETTINGS = new PipelineSettings(Mode.CORRECTIVE, 5, 0.7, 0.3, 0.5, 200, 3)
            .withSelfRag(new SelfRagSettings(true, true, 0.8, 3, 2));

    private final HashingEmbeddings embeddings = new HashingEmbeddings();
    private final List<String> retrievedFor = new CopyOnWriteArrayList<>();
    private final List<Integer> retrievedTopK = new CopyOnWriteArrayList<>();
    private final List<io.corrigo.api.PassageFilter> retrievedWithin = new CopyOnWriteArrayList<>();

    private final Retriever retriever = (query, max) -> {
        retrievedFor.add(query.text());
        retrievedWithin.add(query.filter());
        retrievedTopK.add(max);
        return List.of(kb("1", "The incubation period of measles is ten to twelve days. Measles spreads in the air."));
    };

    /** Answers with the next scripted text, citing context strip 1; records every request. */
    private static final class ScriptedGenerator implements Generator {
        final Deque<String> script;
        final List<GenerationRequest> requests = new ArrayList<>();
        Reflection reflection;

        ScriptedGenerator(String... answers) {
            this.script = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public synchronized Answer generate(GenerationRequest request) {
            requests.add(request);
            if (request.retrievalSkipped()) {
                return new Answer("Hello! Ask me about the knowledge base.", List.of(), false);
            }
            String text = script.size() > 1 ? script.pop() : script.peek();
            ContextStrip first = request.context().get(0);
            return new Answer(text, List.of(new Citation(1, first.source(), first.text())), false, reflection);
        }
    }

    /** Marks a sentence unsupported when it mentions "moon"; usefulness from a function of the answer. */
    private static class ScriptedCritic implements Critic {
        final List<String> judged = new CopyOnWriteArrayList<>();
        final Function<String, Integer> usefulness;
        RetrievalNeed need = RetrievalNeed.UNDECIDED;

        ScriptedCritic(Function<String, Integer> usefulness) {
            this.usefulness = usefulness;
        }

        @Override
        public Critique critique(io.corrigo.api.CritiqueRequest request) {
            String text = request.answer().text();
            judged.add(text);
            List<SentenceSupport> sentences = new ArrayList<>();
            for (String sentence : text.split("(?<=\\]\\.) ")) {
                boolean moon = sentence.contains("moon");
                sentences.add(new SentenceSupport(sentence, moon ? Support.NONE : Support.FULLY, moon ? 0.1 : 0.9, null));
            }
            return new Critique(sentences, usefulness.apply(text), "scripted");
        }

        @Override
        public RetrievalNeed needsRetrieval(Query query) {
            return need;
        }
    }

    private CorrectivePipeline pipeline(Generator generator, Critic critic, PipelineSettings settings) {
        return pipeline(generator, critic, settings, Fakes.overlapEvaluator());
    }

    private CorrectivePipeline pipeline(Generator generator, Critic critic, PipelineSettings settings,
                                        RetrievalEvaluator evaluator) {
        return CorrectivePipeline.builder()
                .settings(settings)
                .plugins(new PipelinePlugins(retriever, evaluator, null, generator, embeddings, List.of())
                        .with(io.corrigo.api.Critic.class, critic)
                        .with(io.corrigo.api.QueryRewriter.class, (question, purpose, feedback) -> purpose == RewritePurpose.RETRIEVAL
                                ? "measles incubation days" : question))
                .executor(Runnable::run)
                .build();
    }

    @Test
    void should_skip_retrieval_for_a_greeting__and_retrieve_for_a_question() {
        ScriptedGenerator generator = new ScriptedGenerator(SUPPORTED);
        CorrectivePipeline pipeline = pipeline(generator, null, SETTINGS);

        RunResult greeting = pipeline.run("Hi there, thanks!");
        RunResult question = pipeline.run(QUESTION);

        assertThat(greeting.trace().retrievalDecision().retrieve()).isFalse();
        assertThat(greeting.trace().retrievalDecision().decidedBy()).isEqualTo("heuristic");
        assertThat(greeting.answer().abstained()).isFalse();
        assertThat(greeting.trace().retrieved()).isEmpty();
        assertThat(generator.requests.get(0).retrievalSkipped()).isTrue();
        assertThat(question.trace().retrievalDecision().retrieve()).isTrue();
        assertThat(retrievedFor).containsExactly(QUESTION);
    }

    @Test
    void should_follow_the_critics_retrieval_decision__and_always_retrieve_when_the_decision_is_off() {
        ScriptedCritic critic = new ScriptedCritic(text -> 5);
        critic.need = RetrievalNeed.NO_RETRIEVAL;
        ScriptedGenerator generator = new ScriptedGenerator(SUPPORTED);

        RunResult decided = pipeline(generator, critic, SETTINGS).run(QUESTION);
        RunResult off = pipeline(generator, critic,
                SETTINGS.withSelfRag(new SelfRagSettings(false, true, 0.8, 3, 2))).run("hello");

        assertThat(decided.trace().retrievalDecision().decidedBy()).isEqualTo("critic");
        assertThat(decided.trace().retrievalDecision().retrieve()).isFalse();
        assertThat(off.trace().retrievalDecision().decidedBy()).isEqualTo("settings");
        assertThat(off.trace().retrievalDecision().retrieve()).isTrue();
        assertThat(retrievedFor).containsExactly("hello");
    }

    @Test
    void should_serve_a_supported_useful_answer_after_one_critique() {
        ScriptedCritic critic = new ScriptedCritic(text -> 4);
        ScriptedGenerator generator = new ScriptedGenerator(SUPPORTED);

        RunResult result = pipeline(generator, critic, SETTINGS).run(QUESTION);

        assertThat(result.answer().text()).isEqualTo(SUPPORTED);
        assertThat(result.trace().rounds()).singleElement().satisfies(round -> {
            assertThat(round.decision()).isEqualTo(CritiqueDecision.SERVE);
            assertThat(round.support()).isEqualTo(1.0);
            assertThat(round.usefulness()).isEqualTo(4);
            assertThat(round.judgedBy()).isEqualTo("critic");
        });
        assertThat(generator.requests).hasSize(1);
        assertThat(result.trace().timings()).extracting(t -> t.stage()).contains(Stage.CRITIQUE);
    }

    @Test
    void should_regenerate_without_the_unsupported_sentence__telling_the_generator_what_to_avoid() {
        ScriptedCritic critic = new ScriptedCritic(text -> 4);
        ScriptedGenerator generator = new ScriptedGenerator(SUPPORTED + " " + UNSUPPORTED, SUPPORTED);

        RunResult result = pipeline(generator, critic, SETTINGS).run(QUESTION);

        assertThat(result.answer().text()).isEqualTo(SUPPORTED);
        assertThat(result.trace().rounds()).extracting(CritiqueRound::decision)
                .containsExactly(CritiqueDecision.REGENERATE, CritiqueDecision.SERVE);
        CritiqueRound first = result.trace().rounds().get(0);
        assertThat(first.sentences()).extracting(SentenceSupport::support).containsExactly(Support.FULLY, Support.NONE);
        assertThat(first.support()).isEqualTo(0.5);
        assertThat(generator.requests).hasSize(2);
        assertThat(generator.requests.get(0).feedback()).isNull();
        assertThat(generator.requests.get(1).feedback()).contains(UNSUPPORTED);
        assertThat(generator.requests.get(1).context()).isEqualTo(generator.requests.get(0).context());
    }

    @Test
    void should_rewrite_and_retrieve_again__when_the_answer_is_supported_but_not_useful() {
        ScriptedCritic critic = new ScriptedCritic(text -> text.contains("ten to twelve") ? 5 : 1);
        ScriptedGenerator generator = new ScriptedGenerator("Measles spreads in the air [1].", SUPPORTED);

        RunResult result = pipeline(generator, critic, SETTINGS).run(QUESTION);

        assertThat(result.trace().rounds()).extracting(CritiqueRound::decision)
                .containsExactly(CritiqueDecision.RETRIEVE_AGAIN, CritiqueDecision.SERVE);
        assertThat(retrievedFor).containsExactly(QUESTION, "measles incubation days");
        assertThat(retrievedTopK).containsExactly(5, 10);
        CritiqueRound second = result.trace().rounds().get(1);
        // the rewrite retrieves; the question as asked is what the new passages are graded and answered for
        assertThat(second.question()).isEqualTo(QUESTION);
        assertThat(second.retrieval()).isNotNull();
        assertThat(second.retrieval().question()).isEqualTo("measles incubation days");
        assertThat(second.retrieval().retrieved()).extracting(PassageTrace::grade).isNotEmpty();
        assertThat(result.answer().text()).isEqualTo(SUPPORTED);
    }

    @Test
    void should_scope_the_re_retrieval_as_the_first_retrieval__to_what_the_asker_may_read() {
        ScriptedCritic critic = new ScriptedCritic(text -> text.contains("ten to twelve") ? 5 : 1);
        ScriptedGenerator generator = new ScriptedGenerator("Measles spreads in the air [1].", SUPPORTED);
        io.corrigo.api.PassageFilter scope = io.corrigo.api.PassageFilter.readableBy(java.util.Set.of("nurses"));

        pipeline(generator, critic, SETTINGS).run(QUESTION, List.of(), scope, null, d -> { });

        assertThat(retrievedFor).containsExactly(QUESTION, "measles incubation days");
        assertThat(retrievedWithin).as("the filter of every retrieval of the run").containsExactly(scope, scope);
    }

    @Test
    void should_abstain__when_every_candidate_is_supported_but_none_answers_the_question() {
        // given: a critic that finds the answer supported, but rates it 1: it does not answer the question (ISREL)
        ScriptedCritic critic = new ScriptedCritic(text -> 1);
        ScriptedGenerator generator = new ScriptedGenerator("Measles spreads in the air [1].");

        // when
        RunResult result = pipeline(generator, critic, SETTINGS).run(QUESTION);

        // then: rounds ran out, and the supported-but-irrelevant answer was not served
        assertThat(result.trace().rounds()).extracting(CritiqueRound::decision).last()
                .isEqualTo(CritiqueDecision.ABSTAIN);
        assertThat(result.answer().abstained()).isTrue();
        assertThat(result.answer().text()).doesNotContain("spreads in the air");
    }

    @Test
    void should_stop_after_max_rounds__and_serve_the_best_candidate_without_unsupported_sentences() {
        ScriptedCritic critic = new ScriptedCritic(text -> 4);
        ScriptedGenerator generator = new ScriptedGenerator(SUPPORTED + " " + UNSUPPORTED);
        PipelineSettings oneRound = SETTINGS.withSelfRag(new SelfRagSettings(true, true, 0.8, 3, 1));

        RunResult result = pipeline(generator, critic, oneRound).run(QUESTION);

        assertThat(generator.requests).as("1 + maxRounds candidates").hasSize(2);
        assertThat(critic.judged).hasSize(2);
        assertThat(result.trace().rounds()).extracting(CritiqueRound::decision)
                .containsExactly(CritiqueDecision.REGENERATE, CritiqueDecision.SERVE_BEST);
        assertThat(result.answer().text()).isEqualTo(SUPPORTED);
        assertThat(result.answer().abstained()).isFalse();
    }

    @Test
    void should_abstain__when_no_candidate_has_a_supported_sentence__and_stop_when_retrieving_again_would_ask_the_same() {
        ScriptedCritic critic = new ScriptedCritic(text -> 4);
        ScriptedGenerator generator = new ScriptedGenerator(UNSUPPORTED);

        RunResult result = pipeline(generator, critic, SETTINGS).run(QUESTION);

        // the rewriter gives the same rewrite every time: one retrieval with it, then the loop stops (rounds were left)
        assertThat(retrievedFor).containsExactly(QUESTION, "measles incubation days");
        assertThat(generator.requests).hasSize(2);
        assertThat(result.answer().abstained()).isTrue();
        assertThat(result.answer().text()).isEqualTo(CritiqueLoop.NOT_SUPPORTED);
        assertThat(result.trace().rounds()).extracting(CritiqueRound::decision).containsExactly(
                CritiqueDecision.RETRIEVE_AGAIN, CritiqueDecision.SERVE_BEST, CritiqueDecision.ABSTAIN);
        assertThat(result.trace().rounds().get(1).why())
                .endsWith("retrieving again would ask the same question ('measles incubation days'): stopped");
        assertThat(result.trace().abstained()).isTrue();
    }

    @Test
    void should_serve_unchecked_and_degrade__when_the_critic_throws() {
        Critic broken = request -> {
            throw new IllegalStateException("critic model unreachable");
        };
        ScriptedGenerator generator = new ScriptedGenerator(SUPPORTED);

        RunResult result = pipeline(generator, broken, SETTINGS).run(QUESTION);

        assertThat(result.answer().text()).isEqualTo(SUPPORTED);
        assertThat(result.degraded()).isTrue();
        assertThat(result.trace().rounds()).singleElement()
                .satisfies(r -> assertThat(r.decision()).isEqualTo(CritiqueDecision.UNCHECKED));
        assertThat(result.trace().notices()).anySatisfy(n -> {
            assertThat(n.stage()).isEqualTo(Stage.CRITIQUE);
            assertThat(n.message()).contains("critic model unreachable");
        });
    }

    @Test
    void should_judge_by_reflection_tokens__when_there_is_no_critic() {
        ScriptedGenerator generator = new ScriptedGenerator(SUPPORTED);
        generator.reflection = new Reflection(true, true, Support.NONE, 2);

        RunResult result = pipeline(generator, null, SETTINGS).run(QUESTION);

        assertThat(result.trace().rounds()).hasSizeGreaterThanOrEqualTo(3);
        assertThat(result.trace().rounds().get(0).judgedBy()).isEqualTo("reflection tokens");
        assertThat(result.trace().rounds().get(0).reflection().utility()).isEqualTo(2);
        assertThat(result.answer().abstained()).isTrue();
    }

    @Test
    void should_not_critique__when_critique_is_switched_off() {
        ScriptedCritic critic = new ScriptedCritic(text -> 1);
        ScriptedGenerator generator = new ScriptedGenerator(SUPPORTED + " " + UNSUPPORTED);

        RunResult result = pipeline(generator, critic, SETTINGS.withSelfRag(SelfRagSettings.OFF)).run(QUESTION);

        assertThat(critic.judged).isEmpty();
        assertThat(result.trace().rounds()).isEmpty();
        assertThat(result.answer().text()).contains("moon");
    }

    @Test
    void should_stream_live_without_critique__and_only_the_served_answer_with_critique() {
        List<String> live = new ArrayList<>();
        List<String> afterCritique = new ArrayList<>();
        Generator streaming = new Generator() {
            @Override
            public Answer generate(GenerationRequest request) {
                return generate(request, token -> { });
            }

            @Override
            public Answer generate(GenerationRequest request, java.util.function.Consumer<String> tokens) {
                String text = request.feedback() == null ? SUPPORTED + " " + UNSUPPORTED : SUPPORTED;
                for (String word : text.split("(?<= )")) {
                    tokens.accept(word);
                }
                ContextStrip first = request.context().get(0);
                return new Answer(text, List.of(new Citation(1, first.source(), first.text())), false);
            }
        };

        pipeline(streaming, null, SETTINGS).run(QUESTION, live::add);
        pipeline(streaming, new ScriptedCritic(text -> 4), SETTINGS).run(QUESTION, afterCritique::add);

        assertThat(live).hasSizeGreaterThan(3);
        assertThat(String.join("", live)).isEqualTo(SUPPORTED + " " + UNSUPPORTED);
        assertThat(afterCritique).containsExactly(SUPPORTED);
    }

    @Test
    void should_release_each_supported_sentence_before_the_whole_answer_is_judged__and_never_an_unsupported_one() {
        // given: one log of what the critic judged and what the reader received, in order
        List<String> events = new CopyOnWriteArrayList<>();
        String second = "Measles spreads in the air [1].";
        Critic critic = new ScriptedCritic(text -> 4) {
            @Override
            public Critique critique(io.corrigo.api.CritiqueRequest request) {
                events.add("judge: " + request.answer().text());
                return super.critique(request);
            }
        };
        ScriptedGenerator generator = new ScriptedGenerator(SUPPORTED + " " + UNSUPPORTED + " " + second);

        // when
        RunResult result = pipeline(generator, critic, SETTINGS).run(QUESTION, piece -> events.add("token: " + piece));

        // then: the first sentence reached the reader before the critic saw the whole answer
        int firstToken = events.indexOf("token: " + SUPPORTED);
        int wholeJudged = events.indexOf("judge: " + SUPPORTED + " " + UNSUPPORTED + " " + second);
        assertThat(firstToken).isNotNegative().isLessThan(wholeJudged);
        assertThat(events).noneMatch(e -> e.startsWith("token:") && e.contains("moon"));
        // and what was released is the served answer: the unsupported sentence removed from both
        String released = String.join("", events.stream().filter(e -> e.startsWith("token: "))
                .map(e -> e.substring("token: ".length())).toList());
        assertThat(released).isEqualTo(SUPPORTED + " " + second);
        assertThat(result.answer().text()).isEqualTo(released);
    }

    @Test
    void should_grade_by_the_evaluators_own_label__and_keep_its_reason() {
        RetrievalEvaluator labelling = new RetrievalEvaluator() {
            @Override
            public double score(Query query, Passage passage) {
                return 0.0;
            }

            @Override
            public Judgement judge(Query query, Passage passage) {
                return new Judgement(0.5, Grade.AMBIGUOUS, "grader output unparseable: 'maybe?'");
            }
        };
        ScriptedGenerator generator = new ScriptedGenerator(SUPPORTED);

        RunResult result = pipeline(generator, null, SETTINGS, labelling).run(QUESTION);

        assertThat(result.trace().retrieved()).singleElement().satisfies(p -> {
            assertThat(p.grade()).isEqualTo(Grade.AMBIGUOUS);
            assertThat(p.error()).contains("unparseable");
        });
        assertThat(result.trace().action()).isEqualTo(Grade.AMBIGUOUS);
    }
}
