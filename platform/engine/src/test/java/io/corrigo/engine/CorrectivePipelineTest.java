package io.corrigo.engine;

import io.corrigo.api.Reranker;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.settings.Mode;
import io.corrigo.engine.settings.SearchFailurePolicy;

import static io.corrigo.engine.fakes.Fakes.kb;
import static io.corrigo.engine.fakes.Fakes.web;
import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.ContextStrip;
import io.corrigo.api.Grade;
import io.corrigo.api.Origin;
import io.corrigo.api.Passage;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Retriever;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.api.Strip;
import io.corrigo.engine.fakes.Fakes;
import io.corrigo.engine.fakes.HashingEmbeddings;
import io.corrigo.engine.generate.GenerationStage;
import io.corrigo.engine.trace.Notice;
import io.corrigo.engine.trace.PassageTrace;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.StageTiming;
import io.corrigo.engine.trace.StripTrace;
import java.util.ArrayList;
import java.util.List;
import io.corrigo.api.QueryRewriter;
import io.corrigo.engine.condense.Turn;
import io.corrigo.engine.trace.Stage;
import org.junit.jupiter.api.Test;

class CorrectivePipelineTest {

    // Word-overlap scores: upper 0.7, lower 0.3, strips kept from 0.5.
    private static final PipelineSettings SETTINGS =
            new PipelineSettings(Mode.CORRECTIVE, 5, 0.7, 0.3, 0.5, 200, 3);

    private final HashingEmbeddings embeddings = new HashingEmbeddings();
    private final Fakes.EchoGenerator generator = new Fakes.EchoGenerator();
    private final List<SearchRequest> searches = new ArrayList<>();

    private final List<Passage> kbPassages = List.of(
            kb("1", "The incubation period of measles is ten to twelve days. Measles spreads through the air."),
            kb("2", "Vaccination schedules differ between countries."));
    private final List<Passage> webPassages = List.of(
            web("w1", "The boiling point of water at sea level is one hundred degrees Celsius. It drops with altitude."),
            web("w2", "Unrelated gardening tips for the spring season."));

    private CorrectivePipeline pipeline(Retriever retriever, RetrievalEvaluator evaluator, SearchProvider search,
                                        PipelineSettings settings) {
        return CorrectivePipeline.builder()
                .settings(settings)
                .plugins(new PipelinePlugins(retriever, evaluator, search, generator, embeddings, List.of()))
                .executor(Runnable::run)
                .build();
    }

    private SearchProvider webSearch() {
        return request -> {
            searches.add(request);
            return webPassages;
        };
    }

    private Retriever kbRetriever() {
        return (query, max) -> kbPassages.stream().limit(max).toList();
    }

    @Test
    void should_drop_a_passage_outside_the_askers_groups__when_the_retriever_ignores_the_filter() {
        // given: a retriever that ignores filters, and the answering passage readable by "hr" only
        Passage restricted = new Passage("1", kbPassages.get(0).text(), kbPassages.get(0).source(), 0, null, List.of(),
                java.util.Map.of(io.corrigo.api.PassageFilter.READERS, "hr"));
        CorrectivePipeline pipeline = pipeline((query, max) -> List.of(restricted, kbPassages.get(1)),
                Fakes.overlapEvaluator(), webSearch(), SETTINGS);
        io.corrigo.api.PassageFilter engineer = io.corrigo.api.PassageFilter.readableBy(java.util.Set.of("engineering"));

        // when
        RunResult result = pipeline.run("What is the incubation period of measles?", List.of(), engineer, null, d -> { });

        // then: the restricted passage is in neither the trace nor the answer, and the run says why it is degraded
        assertThat(result.trace().retrieved()).extracting(PassageTrace::id).containsExactly("2");
        assertThat(result.answer().text()).doesNotContain("ten to twelve");
        assertThat(result.degraded()).isTrue();
        assertThat(result.trace().notices()).anySatisfy(n -> assertThat(n.message()).contains("outside the question's scope"));
        // and an administrator's question (no filter) sees it
        assertThat(pipeline.run("What is the incubation period of measles?").trace().retrieved())
                .extracting(PassageTrace::id).contains("1");
    }

    @Test
    void should_give_the_graded_refined_evidence_without_generating() {
        // given
        CorrectivePipeline pipeline = pipeline(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), SETTINGS);

        // when
        CorrectivePipeline.Evidence evidence = pipeline.evidence("What is the incubation period of measles?", List.of());

        // then: the refined sentence of the correct passage, the action and grades in the trace, no generation
        assertThat(evidence.context()).extracting(c -> c.text())
                .contains("The incubation period of measles is ten to twelve days.");
        assertThat(evidence.trace().action()).isEqualTo(Grade.CORRECT);
        assertThat(evidence.trace().retrieved()).isNotEmpty();
        assertThat(evidence.trace().timings()).extracting(t -> t.stage()).doesNotContain(Stage.GENERATE, Stage.CRITIQUE);
    }

    @Test
    void should_answer_a_follow_up_as_the_standalone_question__and_trace_both() {
        // given: a conversation about measles, and a retriever that sees the query it is asked
        List<String> retrieved = new ArrayList<>();
        Retriever recording = (query, max) -> {
            retrieved.add(query.text());
            return kbPassages.stream().limit(max).toList();
        };
        CorrectivePipeline pipeline = pipeline(recording, Fakes.overlapEvaluator(), webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("How does it spread?",
                List.of(new Turn("What is the incubation period of measles?", "Ten to twelve days.")), null);

        // then: retrieval and grading saw the standalone question; the trace keeps what was asked beside it
        assertThat(retrieved).containsExactly("How does measles spread?");
        assertThat(result.trace().question()).isEqualTo("How does it spread?");
        assertThat(result.trace().condensation().standalone()).isEqualTo("How does measles spread?");
        assertThat(result.trace().condensation().used()).as("the turn that set the topic").containsExactly(1);
        assertThat(result.trace().condensation().by()).isEqualTo("rules");
        assertThat(result.trace().condensation().rule()).isEqualTo("pronoun");
        assertThat(result.trace().timings()).extracting(t -> t.stage()).startsWith(Stage.CONDENSE);
        assertThat(pipeline.run("How does it spread?").trace().condensation()).as("a first question").isNull();
    }

    @Test
    void should_grade_the_previous_answers_cited_passage_again__keeping_it_when_it_answers_the_follow_up() {
        // given: the passage that answered turn 1, which retrieval does not find for the follow-up
        Passage measles = kb("1", "The incubation period of measles is ten to twelve days. Measles can spread through the air.");
        List<Turn> history = List.of(new Turn("What is the incubation period of measles?",
                "The incubation period of measles is ten to twelve days [1].", List.of(measles)));
        CorrectivePipeline pipeline = pipeline((query, max) -> List.of(kbPassages.get(1)), Fakes.overlapEvaluator(),
                webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("How does it spread?", history, null);

        // then: graded again for "How does measles spread?", kept, and cited
        assertThat(result.trace().retrieved()).filteredOn(p -> p.id().equals("1")).singleElement()
                .satisfies(p -> assertThat(p.grade()).isEqualTo(Grade.CORRECT))
                .satisfies(p -> assertThat(p.kept()).isTrue());
        assertThat(result.answer().citations()).extracting(c -> c.source().documentId()).containsExactly("doc-1");
        assertThat(result.trace().notices()).extracting(Notice::message)
                .anySatisfy(m -> assertThat(m).contains("graded again").contains("kept Doc 1 (CORRECT"));
    }

    @Test
    void should_drop_a_carried_citation_that_no_longer_answers__and_carry_nothing_outside_the_scope() {
        // given: turn 1 cited the measles passage; the follow-up changes the topic
        Passage measles = kb("1", "The incubation period of measles is ten to twelve days. Measles can spread through the air.");
        List<Turn> history = List.of(new Turn("What is the incubation period of measles?",
                "The incubation period of measles is ten to twelve days [1].", List.of(measles)));
        CorrectivePipeline pipeline = pipeline((query, max) -> List.of(kbPassages.get(1)), Fakes.overlapEvaluator(),
                webSearch(), SETTINGS);

        // when
        RunResult switched = pipeline.run("Do vaccination schedules differ between countries?", history, null);

        // then: the old citation was graded for the new question, dropped, and not cited
        assertThat(switched.trace().retrieved()).filteredOn(p -> p.id().equals("1")).singleElement()
                .satisfies(p -> assertThat(p.grade()).isEqualTo(Grade.INCORRECT))
                .satisfies(p -> assertThat(p.kept()).isFalse());
        assertThat(switched.answer().citations()).extracting(c -> c.source().documentId()).doesNotContain("doc-1");
        assertThat(switched.trace().notices()).extracting(Notice::message)
                .anySatisfy(m -> assertThat(m).contains("none kept").contains("dropped Doc 1 (INCORRECT)"));

        // and a carried passage the asker may no longer read is not even graded
        io.corrigo.api.PassageFilter hrOnly = io.corrigo.api.PassageFilter.readableBy(java.util.Set.of("hr"));
        Passage restricted = new Passage("1", measles.text(), measles.source(), 0, null, List.of(),
                java.util.Map.of(io.corrigo.api.PassageFilter.READERS, "finance"));
        RunResult scoped = pipeline.run("How does it spread?", List.of(new Turn("What is the incubation period of measles?",
                "Ten to twelve days [1].", List.of(restricted))), hrOnly, null, d -> { });
        assertThat(scoped.trace().retrieved()).extracting(PassageTrace::id).doesNotContain("1");
        assertThat(scoped.answer().text()).doesNotContain("air");
    }

    @Test
    void should_announce_a_web_search_only_when_a_search_provider_is_configured() {
        // given: a question no passage answers, with and without a search provider
        List<io.corrigo.engine.trace.Decision> without = new ArrayList<>();
        List<io.corrigo.engine.trace.Decision> with = new ArrayList<>();

        // when
        pipeline(kbRetriever(), Fakes.overlapEvaluator(), null, SETTINGS)
                .run("What is the boiling point of water?", List.of(), null, without::add);
        pipeline(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), SETTINGS)
                .run("What is the boiling point of water?", List.of(), null, with::add);

        // then: what the abstention line is built from says no web was searched when none could be
        assertThat(without).singleElement().satisfies(d -> {
            assertThat(d.action()).isEqualTo(Grade.INCORRECT);
            assertThat(d.webSearch()).isFalse();
            assertThat(d.reason()).isEqualTo("no passage answers the question, and no web search is configured");
        });
        assertThat(with).singleElement().satisfies(d -> assertThat(d.webSearch()).isTrue());
    }

    @Test
    void should_ask_back_instead_of_retrieving_when_a_follow_up_s_referent_cannot_be_told() {
        // given
        List<String> retrieved = new ArrayList<>();
        Retriever recording = (query, max) -> {
            retrieved.add(query.text());
            return kbPassages.stream().limit(max).toList();
        };
        CorrectivePipeline pipeline = pipeline(recording, Fakes.overlapEvaluator(), webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("And the other one?",
                List.of(new Turn("What is the incubation period of measles?", "Ten to twelve days.")), null);

        // then: nothing retrieved, nothing served from an earlier answer, the question asked back and traced
        assertThat(retrieved).isEmpty();
        assertThat(result.answer().abstained()).isTrue();
        assertThat(result.answer().text()).contains("the other one").contains("ask the whole question");
        assertThat(result.trace().condensation().rule()).isEqualTo("unclear");
        assertThat(result.trace().condensation().clarification()).isEqualTo(result.answer().text());
    }

    @Test
    void should_condense_with_the_query_rewriter_when_there_is_one__and_fall_back_on_the_rules_when_it_fails() {
        // given
        List<String> transcripts = new ArrayList<>();
        QueryRewriter condensing = (question, purpose, feedback) -> {
            transcripts.add(purpose + " | " + feedback);
            return "How is measles transmitted?";
        };
        QueryRewriter broken = (question, purpose, feedback) -> {
            throw new IncompatibleClassChangeError("built before CONDENSE existed");
        };
        List<Turn> history = List.of(new Turn("What is the incubation period of measles?", "Ten to twelve days."));

        // when
        RunResult rewritten = CorrectivePipeline.builder().settings(SETTINGS).executor(Runnable::run)
                .plugins(new PipelinePlugins(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), generator, embeddings,
                        List.of()).with(io.corrigo.api.QueryRewriter.class, condensing)).build().run("And how does it spread?", history, null);
        RunResult fallback = CorrectivePipeline.builder().settings(SETTINGS).executor(Runnable::run)
                .plugins(new PipelinePlugins(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), generator, embeddings,
                        List.of()).with(io.corrigo.api.QueryRewriter.class, broken)).build().run("And how does it spread?", history, null);

        // then
        assertThat(transcripts).as("the rewriter's first call, before the web search's").first().asString()
                .startsWith("CONDENSE | User: What is the incubation period of measles?\nAssistant: Ten to twelve days.\n")
                .contains("Named so far, with kinds: ").contains("measles");
        assertThat(rewritten.trace().condensation().standalone()).isEqualTo("How is measles transmitted?");
        assertThat(rewritten.trace().condensation().by()).isEqualTo("rewriter");
        assertThat(fallback.trace().condensation().by()).isEqualTo("rules");
        assertThat(fallback.trace().notices()).anySatisfy(n -> {
            assertThat(n.stage()).isEqualTo(Stage.CONDENSE);
            assertThat(n.message()).contains("failed to condense");
            assertThat(n.degrading()).isFalse();
        });
    }

    @Test
    void should_answer_from_the_knowledge_base__when_a_passage_is_correct() {
        // given
        CorrectivePipeline pipeline = pipeline(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("What is the incubation period of measles?");

        // then
        assertThat(result.trace().action()).isEqualTo(Grade.CORRECT);
        assertThat(searches).as("no web search on CORRECT").isEmpty();
        assertThat(result.answer().abstained()).isFalse();
        assertThat(result.answer().text()).contains("ten to twelve days");
        assertThat(result.answer().citations()).singleElement()
                .satisfies(c -> assertThat(c.source().documentId()).isEqualTo("doc-1"));
        assertThat(result.trace().retrieved()).extracting(PassageTrace::grade)
                .containsExactly(Grade.CORRECT, Grade.INCORRECT);
        assertThat(result.trace().retrieved()).extracting(PassageTrace::kept).containsExactly(true, false);
        assertThat(result.degraded()).isFalse();
    }

    @Test
    void should_grade_the_rerankers_choice_from_a_wider_net__and_trace_how_it_moved_the_passages() {
        // given a top-1 pipeline whose retriever ranks the answering passage second, and a reranker that puts it first
        List<Integer> asked = new ArrayList<>();
        Retriever wrongOrder = (query, max) -> {
            asked.add(max);
            return List.of(kbPassages.get(1), kbPassages.get(0));
        };
        Reranker answeringFirst = (query, candidates) -> candidates.stream()
                .sorted(java.util.Comparator.comparing((Passage p) -> !p.text().contains("incubation"))).toList();
        CorrectivePipeline pipeline = CorrectivePipeline.builder()
                .settings(new PipelineSettings(Mode.CORRECTIVE, 1, 0.6, 0.2, 0.3, 400, 5))
                .plugins(new PipelinePlugins(wrongOrder, Fakes.overlapEvaluator(), webSearch(), generator, embeddings,
                        List.of()).with(io.corrigo.api.Reranker.class, answeringFirst))
                .executor(Runnable::run)
                .build();

        // when
        RunResult result = pipeline.run("What is the incubation period of measles?");

        // then three candidates per graded passage were asked for, and only the reranker's first was graded
        assertThat(asked).containsExactly(3);
        assertThat(result.trace().retrieved()).extracting(PassageTrace::id).containsExactly("1");
        assertThat(result.trace().action()).isEqualTo(Grade.CORRECT);
        assertThat(result.answer().text()).contains("ten to twelve days");
        assertThat(result.trace().reranking().candidates()).isEqualTo(2);
        assertThat(result.trace().reranking().kept()).singleElement()
                .satisfies(move -> assertThat(move.retrievalRank()).isEqualTo(2))
                .satisfies(move -> assertThat(move.rank()).isEqualTo(1));
        assertThat(result.trace().timings()).extracting(t -> t.stage()).contains(Stage.RERANK);
    }

    @Test
    void should_refine_to_relevant_sentences__dropping_the_rest_of_a_correct_passage() {
        // given
        CorrectivePipeline pipeline = pipeline(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("What is the incubation period of measles?");

        // then
        assertThat(generator.calls).singleElement().satisfies(context ->
                assertThat(context).extracting(c -> c.text())
                        .containsExactly("The incubation period of measles is ten to twelve days."));
        assertThat(result.trace().strips()).anySatisfy(s -> {
            assertThat(s.text()).isEqualTo("Measles spreads through the air.");
            assertThat(s.kept()).isFalse();
            assertThat(s.reason()).startsWith("below strip threshold");
        });
    }

    @Test
    void should_search_the_web_and_drop_the_knowledge_base__when_every_passage_is_incorrect() {
        // given
        CorrectivePipeline pipeline = pipeline(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("What is the boiling point of water at sea level?");

        // then
        assertThat(result.trace().action()).isEqualTo(Grade.INCORRECT);
        assertThat(searches).singleElement().satisfies(r -> {
            assertThat(r.keywords()).isEqualTo("boiling point water sea level");
            assertThat(r.maxResults()).isEqualTo(3);
        });
        assertThat(result.trace().rewrittenQuery()).isEqualTo("boiling point water sea level");
        assertThat(result.trace().retrieved()).noneMatch(PassageTrace::kept);
        assertThat(result.trace().searchResults()).extracting(PassageTrace::id, PassageTrace::kept)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("w1", true),
                        org.assertj.core.groups.Tuple.tuple("w2", false));
        assertThat(result.answer().citations()).singleElement()
                .satisfies(c -> assertThat(c.source().origin()).isEqualTo(Origin.WEB));
        assertThat(result.answer().text()).contains("one hundred degrees");
        assertThat(embeddings.calls.get()).as("web results are embedded at query time").isGreaterThan(1);
    }

    @Test
    void should_announce_the_retrieval_decision_once__before_the_answer_is_generated() {
        // given
        CorrectivePipeline pipeline = pipeline(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), SETTINGS);
        List<String> events = new ArrayList<>();
        List<io.corrigo.engine.trace.Decision> decisions = new ArrayList<>();

        // when
        RunResult result = pipeline.run("What is the boiling point of water at sea level?", List.of(),
                piece -> events.add("token"), decision -> {
                    decisions.add(decision);
                    events.add("decision after " + generator.calls.size() + " generations");
                });

        // then: INCORRECT, both KB passages dropped, the web searched; announced before generating
        assertThat(decisions).singleElement().satisfies(d -> {
            assertThat(d.retrieve()).isTrue();
            assertThat(d.action()).isEqualTo(Grade.INCORRECT).isEqualTo(result.trace().action());
            assertThat(d.graded()).isEqualTo(2);
            assertThat(d.kept()).isZero();
            assertThat(d.webSearch()).isTrue();
        });
        assertThat(events.get(0)).isEqualTo("decision after 0 generations");
        assertThat(events).contains("token");
    }

    @Test
    void should_keep_knowledge_and_add_web_results__when_the_best_passage_is_ambiguous() {
        // given: the KB passage matches half of the query words
        List<Passage> kbOnly = List.of(kb("1", "Measles incubation lasts about ten days."));
        List<Passage> webOnly = List.of(web("w1", "Measles incubation rash appears after fourteen days in children."));
        CorrectivePipeline pipeline = pipeline((q, m) -> kbOnly, Fakes.overlapEvaluator(),
                r -> webOnly, SETTINGS.withThresholds(0.9, 0.2, 0.2));

        // when: the KB passage has 1 of 4 query words (0.25), the web result 3 of 4 (0.75)
        RunResult result = pipeline.run("When does the measles rash appear in children?");

        // then
        assertThat(result.trace().action()).isEqualTo(Grade.AMBIGUOUS);
        assertThat(result.trace().retrieved()).singleElement().satisfies(p -> assertThat(p.kept()).isTrue());
        assertThat(generator.calls).singleElement().satisfies(context ->
                assertThat(context).extracting(c -> c.source().origin())
                        .containsExactlyInAnyOrder(Origin.WEB, Origin.KNOWLEDGE_BASE));
        assertThat(generator.calls.get(0).get(0).source().origin())
                .as("the better-scoring web strip comes first").isEqualTo(Origin.WEB);
    }

    @Test
    void should_abstain_without_calling_the_generator__when_nothing_relevant_is_found_anywhere() {
        // given
        CorrectivePipeline pipeline = pipeline(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("Who won the chess olympiad?");

        // then
        assertThat(result.trace().action()).isEqualTo(Grade.INCORRECT);
        assertThat(result.answer().abstained()).isTrue();
        assertThat(result.answer().text()).isEqualTo(GenerationStage.NOTHING_RELEVANT);
        assertThat(result.trace().abstained()).isTrue();
        assertThat(generator.calls).isEmpty();
        assertThat(result.degraded()).as("an honest abstention is not a degradation").isFalse();
    }

    @Test
    void should_degrade_and_abstain__when_the_search_provider_fails_on_an_incorrect_query() {
        // given
        SearchProvider failing = r -> {
            throw new IllegalStateException("HTTP 503 from search API");
        };
        CorrectivePipeline pipeline = pipeline(kbRetriever(), Fakes.overlapEvaluator(), failing, SETTINGS);

        // when
        RunResult result = pipeline.run("What is the boiling point of water at sea level?");

        // then
        assertThat(result.degraded()).isTrue();
        assertThat(result.answer().abstained()).isTrue();
        assertThat(result.trace().notices()).anySatisfy(n -> {
            assertThat(n.stage()).isEqualTo(Stage.CORRECT);
            assertThat(n.message()).contains("web search failed").contains("HTTP 503");
        });
        assertThat(result.trace().incomplete()).as("the KB passages it fell back on did not answer either").isTrue();
    }

    @Test
    void should_answer_from_kept_knowledge__when_search_fails_on_an_ambiguous_query() {
        // given
        List<Passage> kbOnly = List.of(kb("1", "Measles incubation lasts about ten days."));
        SearchProvider failing = r -> {
            throw new RuntimeException("connection reset");
        };
        CorrectivePipeline pipeline = pipeline((q, m) -> kbOnly, Fakes.overlapEvaluator(), failing,
                SETTINGS.withThresholds(0.9, 0.3, 0.3));

        // when
        RunResult result = pipeline.run("How long is measles incubation in adults?");

        // then
        assertThat(result.trace().action()).isEqualTo(Grade.AMBIGUOUS);
        assertThat(result.degraded()).isTrue();
        assertThat(result.answer().abstained()).isFalse();
        assertThat(result.answer().text()).contains("ten days");
    }

    @Test
    void should_treat_an_empty_knowledge_base_as_incorrect_and_search_the_web() {
        // given
        CorrectivePipeline pipeline = pipeline((q, m) -> List.of(), Fakes.overlapEvaluator(), webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("What is the boiling point of water at sea level?");

        // then
        assertThat(result.trace().action()).isEqualTo(Grade.INCORRECT);
        assertThat(result.trace().retrieved()).isEmpty();
        assertThat(result.answer().abstained()).isFalse();
        assertThat(result.answer().citations().get(0).source().origin()).isEqualTo(Origin.WEB);
    }

    @Test
    void should_degrade_not_fail__when_the_retriever_throws() {
        // given
        Retriever broken = (q, m) -> {
            throw new IllegalStateException("index is corrupt");
        };
        CorrectivePipeline pipeline = pipeline(broken, Fakes.overlapEvaluator(), webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("What is the boiling point of water at sea level?");

        // then
        assertThat(result.degraded()).isTrue();
        assertThat(result.trace().notices()).extracting(Notice::message)
                .anySatisfy(m -> assertThat(m).contains("retriever failed").contains("index is corrupt"));
        assertThat(result.trace().action()).isEqualTo(Grade.INCORRECT);
        assertThat(result.answer().text()).contains("one hundred degrees");
    }

    @Test
    void should_grade_a_passage_ambiguous__when_the_evaluator_throws_for_it() {
        // given
        RetrievalEvaluator flaky = (query, passage) -> {
            if (passage.id().equals("2")) {
                throw new IllegalArgumentException("cannot parse grade");
            }
            return Fakes.overlapEvaluator().score(query, passage);
        };
        CorrectivePipeline pipeline = pipeline(kbRetriever(), flaky, webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("What is the incubation period of measles?");

        // then
        assertThat(result.trace().retrieved()).filteredOn(p -> p.id().equals("2")).singleElement().satisfies(p -> {
            assertThat(p.grade()).isEqualTo(Grade.AMBIGUOUS);
            assertThat(p.error()).contains("cannot parse grade");
        });
        assertThat(result.trace().action()).isEqualTo(Grade.CORRECT);
    }

    @Test
    void should_degrade_to_an_abstention__when_the_generator_throws() {
        // given
        CorrectivePipeline pipeline = CorrectivePipeline.builder()
                .settings(SETTINGS)
                .plugins(new PipelinePlugins(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), request -> {
                    throw new IllegalStateException("model server down");
                }, embeddings, List.of()))
                .build();

        // when
        RunResult result = pipeline.run("What is the incubation period of measles?");

        // then
        assertThat(result.degraded()).isTrue();
        assertThat(result.answer().abstained()).isTrue();
        assertThat(result.answer().text()).isEqualTo(GenerationStage.GENERATOR_FAILED);
    }

    @Test
    void should_pass_whole_top_k_passages_without_grading__in_naive_mode() {
        // given
        CorrectivePipeline pipeline = pipeline(kbRetriever(), (q, p) -> {
            throw new AssertionError("naive mode must not grade");
        }, webSearch(), SETTINGS.withMode(Mode.NAIVE));

        // when
        RunResult result = pipeline.run("What is the boiling point of water at sea level?");

        // then
        assertThat(result.trace().action()).isNull();
        assertThat(searches).isEmpty();
        assertThat(generator.calls).singleElement().satisfies(context -> {
            assertThat(context).hasSize(2);
            assertThat(context.get(0).text()).isEqualTo(kbPassages.get(0).text());
        });
        assertThat(result.trace().retrieved()).allSatisfy(p -> assertThat(p.grade()).isNull());
    }

    @Test
    void should_hand_a_naive_generator_whole_passages_sentence_by_sentence_with_their_stored_embeddings() {
        // given: an indexed passage carries its sentences and their embeddings
        Passage indexed = kbPassages.get(0);
        List<Strip> strips = List.of(
                new Strip(0, "The incubation period of measles is ten to twelve days.", embeddings.embed("a")),
                new Strip(1, "Measles spreads through the air.", embeddings.embed("b")));
        Passage withStrips = indexed.withEmbeddings(embeddings.embed(indexed.text()), strips);
        CorrectivePipeline pipeline = pipeline((query, max) -> List.of(withStrips, kbPassages.get(1)),
                Fakes.overlapEvaluator(), webSearch(), SETTINGS.withMode(Mode.NAIVE));

        // when
        RunResult result = pipeline.run("What is the incubation period of measles?");

        // then: nothing dropped, the stored embeddings reused, the trace shows every sentence the generator saw
        assertThat(generator.calls).singleElement().satisfies(context -> {
            assertThat(context).extracting(ContextStrip::text).containsExactly(strips.get(0).text(),
                    strips.get(1).text(), kbPassages.get(1).text());
            assertThat(context).extracting(ContextStrip::citation).containsExactly(1, 1, 2);
            assertThat(context.get(1).embedding()).isSameAs(strips.get(1).embedding());
        });
        assertThat(result.trace().strips()).extracting(StripTrace::text).containsExactly(strips.get(0).text(),
                strips.get(1).text(), kbPassages.get(1).text());
        assertThat(result.trace().strips()).allSatisfy(s -> {
            assertThat(s.kept()).isTrue();
            assertThat(s.reason()).isEqualTo(CorrectivePipeline.NAIVE_CONTEXT);
        });
    }

    @Test
    void should_record_a_timing_for_every_stage_that_ran() {
        // given
        CorrectivePipeline pipeline = pipeline(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), SETTINGS);

        // when
        RunResult result = pipeline.run("What is the boiling point of water at sea level?");

        // then
        assertThat(result.trace().timings()).extracting(StageTiming::stage).containsExactly(
                Stage.ANALYSE, Stage.RETRIEVE, Stage.EVALUATE, Stage.CORRECT, Stage.REFINE, Stage.GENERATE);
        assertThat(result.trace().settings()).isEqualTo(SETTINGS);
    }

    @Test
    void should_answer_from_the_best_kb_passages_flagged_incomplete__when_search_fails_under_answer_from_kb() {
        // given: the KB passage is graded INCORRECT (2 of 6 words) but is the best there is
        List<Passage> kbOnly = List.of(kb("1", "Measles incubation lasts about ten days."));
        SearchProvider failing = r -> {
            throw new IllegalStateException("circuit open");
        };
        CorrectivePipeline pipeline = pipeline((q, m) -> kbOnly, Fakes.overlapEvaluator(), failing,
                SETTINGS.withThresholds(0.7, 0.5, 0.3));

        // when
        RunResult result = pipeline.run("How long does measles incubation take in unvaccinated adults?");

        // then
        assertThat(result.trace().action()).isEqualTo(Grade.INCORRECT);
        assertThat(result.answer().abstained()).isFalse();
        assertThat(result.answer().text()).contains("ten days");
        assertThat(result.trace().incomplete()).isTrue();
        assertThat(result.degraded()).isTrue();
        assertThat(result.trace().notices()).extracting(Notice::message)
                .anySatisfy(m -> assertThat(m).contains("may be incomplete"));
        assertThat(result.trace().retrieved()).singleElement().satisfies(p -> assertThat(p.kept()).isTrue());
    }

    @Test
    void should_refuse_with_a_structured_message__when_search_fails_under_refuse() {
        // given
        SearchProvider failing = r -> {
            throw new IllegalStateException("timed out after 500 ms");
        };
        CorrectivePipeline pipeline = pipeline(kbRetriever(), Fakes.overlapEvaluator(), failing,
                SETTINGS.withSearch(SearchFailurePolicy.REFUSE, false));

        // when
        RunResult result = pipeline.run("What is the boiling point of water at sea level?");

        // then
        assertThat(result.answer().abstained()).isTrue();
        assertThat(result.answer().text()).isEqualTo(CorrectivePipeline.SEARCH_UNAVAILABLE);
        assertThat(result.degraded()).isTrue();
        assertThat(generator.calls).isEmpty();
    }

    @Test
    void should_cancel_the_parallel_search__when_the_knowledge_base_answers() throws Exception {
        // given: a search that blocks until interrupted
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch interrupted = new java.util.concurrent.CountDownLatch(1);
        SearchProvider slow = r -> {
            started.countDown();
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            return List.of();
        };
        // the knowledge base answers only once the search is under way (else a fast KB cancels it before it starts:
        // right, but not what this test is about)
        Retriever afterSearchStarted = (query, max) -> {
            try {
                started.await(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return kbPassages.stream().limit(max).toList();
        };
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newCachedThreadPool();
        CorrectivePipeline pipeline = CorrectivePipeline.builder()
                .settings(SETTINGS.withSearch(SearchFailurePolicy.ANSWER_FROM_KB, true))
                .plugins(new PipelinePlugins(afterSearchStarted, Fakes.overlapEvaluator(), slow, generator, embeddings,
                        List.of()))
                .executor(threads)
                .build();

        // when
        RunResult result = pipeline.run("What is the incubation period of measles?");

        // then
        assertThat(result.trace().action()).isEqualTo(Grade.CORRECT);
        assertThat(started.await(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(interrupted.await(5, java.util.concurrent.TimeUnit.SECONDS)).as("the search thread was interrupted").isTrue();
        assertThat(result.trace().notices()).extracting(Notice::message).contains("parallel web search cancelled: the knowledge base answered");
        threads.shutdownNow();
    }

    @Test
    void should_use_the_parallel_search_results__when_the_knowledge_base_does_not_answer() {
        // given
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newCachedThreadPool();
        CorrectivePipeline pipeline = CorrectivePipeline.builder()
                .settings(SETTINGS.withSearch(SearchFailurePolicy.ANSWER_FROM_KB, true))
                .plugins(new PipelinePlugins(kbRetriever(), Fakes.overlapEvaluator(), webSearch(), generator, embeddings, List.of()))
                .executor(threads)
                .build();

        // when
        RunResult result = pipeline.run("What is the boiling point of water at sea level?");

        // then
        assertThat(result.trace().action()).isEqualTo(Grade.INCORRECT);
        assertThat(searches).hasSize(1);
        assertThat(result.answer().text()).contains("one hundred degrees");
        threads.shutdownNow();
    }
}
