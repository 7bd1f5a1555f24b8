package io.corrigo.server.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.Passage;
import io.corrigo.api.SearchException;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.api.Source;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PluginGuardsTest {

    private static final SearchRequest REQUEST = new SearchRequest("k", "q?", 3);
    private static final List<Passage> RESULT = List.of(Passage.of("w", "text", Source.web("u", "t", "u")));
    // small window so tests are short: opens at 50 % failures over 4 calls, stays open 300 ms
    private static final ResilienceSettings FAST =
            new ResilienceSettings(300, 1, 0, 50, 1000, 100, 4, 4, 300, 1, 8, 1000);

    private PluginGuards guards;
    private final AtomicInteger calls = new AtomicInteger();
    private ExecutorService threads;

    @BeforeEach
    void setUp() {
        guards = new PluginGuards(new SimpleMeterRegistry(), Clock.systemUTC(), new io.corrigo.server.security.TenantAccess());
        threads = Executors.newCachedThreadPool();
    }

    @AfterEach
    void tearDown() {
        guards.stop();
        threads.shutdownNow();
    }

    private SearchProvider failing(RuntimeException error) {
        return r -> {
            calls.incrementAndGet();
            throw error;
        };
    }

    @Test
    void should_open_after_the_failure_rate_is_reached__reject_fast__and_close_after_a_good_trial_call() throws Exception {
        // given
        SearchProvider down = guards.guard("t", "p", failing(SearchException.permanent("boom", 500, null)), FAST, false);
        for (int i = 0; i < 4; i++) {
            assertThatThrownBy(() -> down.search(REQUEST)).isInstanceOf(SearchUnavailableException.class);
        }
        assertThat(guards.status("t")).singleElement().satisfies(s -> assertThat(s.state()).isEqualTo("OPEN"));

        // when the breaker is open
        long start = System.nanoTime();
        assertThatThrownBy(() -> down.search(REQUEST)).hasMessageContaining("circuit breaker OPEN");

        // then it failed fast, without calling the provider
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(50));
        assertThat(calls.get()).isEqualTo(4);

        // and after the open duration a good call closes it again
        Thread.sleep(350);
        SearchProvider up = guards.guard("t", "p", r -> RESULT, FAST, false);
        assertThat(up.search(REQUEST)).isEqualTo(RESULT);
        assertThat(guards.status("t")).singleElement().satisfies(s -> {
            assertThat(s.state()).isEqualTo("CLOSED");
            assertThat(s.recentFailures()).hasSize(5);
        });
    }

    @Test
    void should_time_out_a_hung_call_within_the_budget_and_interrupt_it() throws Exception {
        // given
        CountDownLatch interrupted = new CountDownLatch(1);
        SearchProvider hung = guards.guard("t", "p", r -> {
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            return RESULT;
        }, FAST, false);

        // when
        long start = System.nanoTime();
        assertThatThrownBy(() -> hung.search(REQUEST)).hasMessageContaining("timed out after 300 ms");

        // then
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(300 + 150));
        assertThat(interrupted.await(2, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void should_retry_a_transient_failure__but_not_a_permanent_one() {
        // given
        ResilienceSettings retrying = new ResilienceSettings(2000, 3, 10, 50, 1000, 100, 10, 10, 300, 1, 8, 1000);
        AtomicInteger attempts = new AtomicInteger();
        SearchProvider flaky = guards.guard("t", "flaky", r -> {
            if (attempts.incrementAndGet() < 3) {
                throw SearchException.transientFailure("HTTP 503", 503, null);
            }
            return RESULT;
        }, retrying, false);
        SearchProvider broken = guards.guard("t", "broken", failing(SearchException.permanent("HTTP 401", 401, null)), retrying, false);

        // when / then
        assertThat(flaky.search(REQUEST)).isEqualTo(RESULT);
        assertThat(attempts.get()).isEqualTo(3);
        assertThatThrownBy(() -> broken.search(REQUEST)).hasMessageContaining("HTTP 401");
        assertThat(calls.get()).isEqualTo(1);
    }

    @Test
    void should_never_retry_past_the_time_budget() {
        // given: backoff of 300 ms (±50 %) against a 400 ms budget, 5 attempts allowed
        ResilienceSettings tight = new ResilienceSettings(400, 5, 300, 50, 1000, 100, 10, 10, 300, 1, 8, 1000);
        SearchProvider flaky = guards.guard("t", "p", failing(SearchException.transientFailure("reset", null, null)), tight, false);

        // when
        long start = System.nanoTime();
        assertThatThrownBy(() -> flaky.search(REQUEST)).isInstanceOf(SearchUnavailableException.class);

        // then
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(400 + 100));
        assertThat(calls.get()).isBetween(1, 2);
    }

    @Test
    void should_respect_retry_after_without_calling_the_provider_again() {
        // given
        SearchProvider limited = guards.guard("t", "p", failing(SearchException.rateLimited("429", Duration.ofSeconds(30))), FAST, false);

        // when
        assertThatThrownBy(() -> limited.search(REQUEST)).hasMessageContaining("retry after 30 s");
        assertThatThrownBy(() -> limited.search(REQUEST)).hasMessageContaining("asked to wait until");

        // then
        assertThat(calls.get()).isEqualTo(1);
        assertThat(guards.status("t").get(0).state()).as("a quota is not an outage").isEqualTo("CLOSED");
        assertThat(guards.status("t").get(0).rateLimitedUntil()).isNotNull();

        // and a manual reset forgets it
        assertThat(guards.reset("t", "p")).isTrue();
        assertThat(guards.status("t").get(0).rateLimitedUntil()).isNull();
    }

    @Test
    void should_wait_briefly_for_a_bulkhead_place__and_reject_when_none_frees_in_time() throws Exception {
        // given: one place, taken by a call of 1 s; a call waits at most 250 ms for a place (budget 2 s)
        ResilienceSettings single = new ResilienceSettings(2000, 1, 0, 50, 1000, 100, 10, 10, 300, 1, 1, 1000);
        CountDownLatch inside = new CountDownLatch(1);
        SearchProvider slow = guards.guard("t", "p", r -> {
            inside.countDown();
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return RESULT;
        }, single, false);
        Future<List<Passage>> first = threads.submit(() -> slow.search(REQUEST));
        assertThat(inside.await(2, TimeUnit.SECONDS)).isTrue();

        // when / then
        long start = System.nanoTime();
        assertThatThrownBy(() -> slow.search(REQUEST)).hasMessageContaining("1 calls already running");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("waited for a place").isGreaterThanOrEqualTo(Duration.ofMillis(200));
        assertThat(first.get(3, TimeUnit.SECONDS)).isEqualTo(RESULT);
    }

    @Test
    void should_let_a_call_wait_for_a_bulkhead_place_that_frees_within_the_wait() throws Exception {
        // given: one place, taken by a call of 50 ms
        ResilienceSettings single = new ResilienceSettings(2000, 1, 0, 50, 1000, 100, 10, 10, 300, 1, 1, 1000);
        CountDownLatch inside = new CountDownLatch(1);
        SearchProvider quick = guards.guard("t", "q", r -> {
            inside.countDown();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return RESULT;
        }, single, false);
        Future<List<Passage>> first = threads.submit(() -> quick.search(REQUEST));
        assertThat(inside.await(2, TimeUnit.SECONDS)).isTrue();

        // when / then: the second call gets the place once the first is done, instead of failing at once
        assertThat(quick.search(REQUEST)).isEqualTo(RESULT);
        assertThat(first.get(3, TimeUnit.SECONDS)).isEqualTo(RESULT);
    }

    @Test
    void should_limit_the_call_rate__waiting_for_a_permit_only_briefly() {
        // given: one call a second; a call waits at most 50 ms (a quarter of its 200 ms budget) for a permit
        ResilienceSettings onePerSecond = new ResilienceSettings(200, 1, 0, 50, 200, 100, 10, 10, 300, 1, 8, 1);
        SearchProvider ok = guards.guard("t", "p", r -> RESULT, onePerSecond, false);

        // when: six calls at once: the first, and at most one more if a new second starts within a wait
        int refused = 0;
        for (int i = 0; i < 6; i++) {
            try {
                ok.search(REQUEST);
            } catch (SearchUnavailableException e) {
                assertThat(e.getMessage()).contains("over the rate limit of 1 calls/s");
                refused++;
            }
        }

        // then
        assertThat(refused).isGreaterThanOrEqualTo(4);
    }

    @Test
    void should_keep_the_breaker_state_across_pipeline_versions_with_the_same_settings() {
        SearchProvider down = guards.guard("t", "p", failing(SearchException.permanent("boom", 500, null)), FAST, false);
        for (int i = 0; i < 4; i++) {
            assertThatThrownBy(() -> down.search(REQUEST)).isInstanceOf(SearchUnavailableException.class);
        }

        guards.guard("t", "p", r -> RESULT, FAST, false);
        assertThat(guards.status("t").get(0).state()).isEqualTo("OPEN");

        guards.guard("t", "p", r -> RESULT, new ResilienceSettings(300, 1, 0, 60, 1000, 100, 4, 4, 300, 1, 8, 1000), false);
        assertThat(guards.status("t").get(0).state()).as("new settings, new breaker").isEqualTo("CLOSED");
    }

    @Test
    void should_never_rate_limit_an_in_process_plugin__while_a_remote_one_is_held_to_its_limit() {
        // given: the same burst of calls against an in-process retriever and a remote one, both allowed 200 calls/s
        // (the evaluation command's naive baseline called its in-process retriever faster than that and got empty
        // retrievals for a block of runs)
        ResilienceSettings settings = new ResilienceSettings(50, 1, 0, 50, 50, 100, 20, 5, 30_000, 1, 64, 200);
        io.corrigo.api.Retriever fast = (query, max) -> RESULT;
        io.corrigo.api.Retriever local = guards.guardModel("t", "local", fast, GuardedModels::retriever, settings, true);
        io.corrigo.api.Retriever remote = guards.guardModel("t", "remote", fast, GuardedModels::retriever, settings, false);

        // when
        int localServed = 0;
        int remoteServed = 0;
        for (int i = 0; i < 260; i++) {
            localServed += local.retrieve(io.corrigo.api.Query.of("q"), 3).size();
            try {
                remoteServed += remote.retrieve(io.corrigo.api.Query.of("q"), 3).size();
            } catch (PluginUnavailableException e) {
                assertThat(e.getMessage()).contains("over the rate limit of 200 calls/s");
            }
        }

        // then
        assertThat(localServed).isEqualTo(260 * RESULT.size());
        assertThat(remoteServed).isLessThan(260 * RESULT.size());
        assertThat(guards.status("t")).filteredOn(g -> g.provider().equals("local")).singleElement()
                .satisfies(g -> assertThat(g.state()).isEqualTo("CLOSED"));
    }

    @Test
    void should_call_a_trusted_in_process_plugin_on_the_caller_s_thread__and_keep_its_deadline_by_interrupting_it() {
        // given: a retriever that says where it runs, one that hangs (interruptibly), one that throws an Error
        ResilienceSettings settings = new ResilienceSettings(100, 1, 0, 50, 100, 100, 20, 5, 30_000, 1, 64, 200);
        java.util.List<Thread> ranOn = new java.util.concurrent.CopyOnWriteArrayList<>();
        io.corrigo.api.Retriever telling = (query, max) -> {
            ranOn.add(Thread.currentThread());
            return RESULT;
        };
        io.corrigo.api.Retriever hanging = (query, max) -> {
            try {
                Thread.sleep(5_000);
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted while hanging");
            }
            return RESULT;
        };
        io.corrigo.api.Retriever exploding = (query, max) -> {
            throw new AssertionError("retriever exploded");
        };
        io.corrigo.api.Query q = io.corrigo.api.Query.of("q");

        // when
        guards.guardModel("t", "inline", telling, GuardedModels::retriever, settings, true, true).retrieve(q, 3);
        guards.guardModel("t", "handed-over", telling, GuardedModels::retriever, settings, true, false).retrieve(q, 3);
        Throwable hung = catchThrowable(() -> guards.guardModel("t", "hanging", hanging, GuardedModels::retriever,
                settings, true, true).retrieve(q, 3));
        boolean interruptedAfter = Thread.currentThread().isInterrupted();
        Throwable exploded = catchThrowable(() -> guards.guardModel("t", "exploding", exploding, GuardedModels::retriever,
                settings, true, true).retrieve(q, 3));

        // then: inline on this thread, handed over on another; the hang is a counted timeout and leaves no interrupt
        assertThat(ranOn).hasSize(2);
        assertThat(ranOn.get(0)).isSameAs(Thread.currentThread());
        assertThat(ranOn.get(1)).isNotSameAs(Thread.currentThread());
        assertThat(hung).isInstanceOf(PluginUnavailableException.class).hasMessageContaining("timed out after 100 ms");
        assertThat(interruptedAfter).as("the watchdog's interrupt is cleared").isFalse();
        assertThat(exploded).isInstanceOf(PluginUnavailableException.class).hasMessageContaining("retriever exploded");
        assertThat(guards.status("t")).filteredOn(g -> g.provider().equals("hanging")).singleElement()
                .satisfies(g -> assertThat(g.failedCalls()).isEqualTo(1));
    }
}
