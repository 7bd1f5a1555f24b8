package io.corrigo.engine.route;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Grade;
import io.corrigo.api.Passage;
import io.corrigo.api.ScoredPassage;
import io.corrigo.api.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CRAG's routing on graded passages: the action, what is kept, and whether the web is searched. */
class RouterTest {

    private static ScoredPassage graded(String id, Grade grade) {
        return new ScoredPassage(Passage.of(id, "text " + id, Source.knowledgeBase(id, id)), 0.5, grade, null);
    }

    private final Router router = new Router();

    @Test
    void should_keep_all_but_incorrect_passages_and_skip_the_web_when_one_passage_is_correct() {
        Route route = router.route(List.of(graded("a", Grade.INCORRECT), graded("b", Grade.CORRECT), graded("c", Grade.AMBIGUOUS)));

        assertThat(route.action()).isEqualTo(Grade.CORRECT);
        assertThat(route.kept()).extracting(p -> p.passage().id()).containsExactly("b", "c");
        assertThat(route.searchWeb()).isFalse();
    }

    @Test
    void should_keep_the_ambiguous_passages_and_search_the_web_too_when_none_is_correct() {
        Route route = router.route(List.of(graded("a", Grade.AMBIGUOUS), graded("b", Grade.INCORRECT)));

        assertThat(route.action()).isEqualTo(Grade.AMBIGUOUS);
        assertThat(route.kept()).extracting(p -> p.passage().id()).containsExactly("a");
        assertThat(route.searchWeb()).isTrue();
    }

    @Test
    void should_keep_nothing_and_search_the_web_when_every_passage_is_incorrect_or_there_is_none() {
        Route incorrect = router.route(List.of(graded("a", Grade.INCORRECT)));
        Route empty = router.route(List.of());

        assertThat(incorrect.action()).isEqualTo(Grade.INCORRECT);
        assertThat(incorrect.kept()).isEmpty();
        assertThat(incorrect.searchWeb()).isTrue();
        assertThat(empty.action()).isEqualTo(Grade.INCORRECT);
        assertThat(empty.searchWeb()).isTrue();
    }

    @Test
    void should_route_by_the_rule_it_is_given() {
        Router strict = new Router(graded -> Grade.AMBIGUOUS);

        Route route = strict.route(List.of(graded("a", Grade.CORRECT)));

        assertThat(route.action()).isEqualTo(Grade.AMBIGUOUS);
        assertThat(route.kept()).extracting(p -> p.passage().id()).containsExactly("a");
        assertThat(route.searchWeb()).isTrue();
    }
}
