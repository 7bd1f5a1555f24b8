package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A healthy host under ordinary load answers fully: 16 clients asking the demo tenant for 60 s get only 200s, and
 * not one answer degraded (a stage refused or failed). Counting status codes alone would miss an answer that came
 * back 200 with an empty retrieval behind a refused limiter. This test asserts correctness under load; the speed
 * figures are the benchmarks' business (docs/performance.md, "Benchmarks").
 */
class SustainedLoadTest extends HostTestBase {

    private static final int CLIENTS = 16;
    private static final Duration LENGTH = Duration.ofSeconds(60);
    private static final List<String> QUESTIONS = List.of(
            "What is the Hepatitis C virus?",
            "what does the solicitor general of texas do",
            "what is the function of insulin and where is it produced",
            "who played charlotte lucas in pride and prejudice",
            "How is SARS-CoV-2 transmitted?",
            "What is the capital of Mongolia?");

    @Test
    void should_answer_every_question_of_16_clients_for_60_seconds_with_200_and_nothing_degraded() throws Exception {
        // given
        Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
        Map<String, String> examples = new ConcurrentHashMap<>();
        long end = System.nanoTime() + LENGTH.toNanos();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);

        // when
        List<Future<?>> running = new java.util.ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            running.add(clients.submit(() -> {
                for (int i = client; System.nanoTime() < end; i++) {
                    Reply reply = ask("demo", QUESTIONS.get(i % QUESTIONS.size()));
                    String outcome = reply.status() != 200 ? "HTTP " + reply.status()
                            : reply.body().get("degraded").asBoolean() ? "degraded" : "full";
                    outcomes.computeIfAbsent(outcome, k -> new AtomicInteger()).incrementAndGet();
                    if (!outcome.equals("full")) {
                        examples.putIfAbsent(outcome, reply.body().toString());
                    }
                }
            }));
        }
        for (Future<?> client : running) {
            client.get(LENGTH.toSeconds() + 120, TimeUnit.SECONDS);
        }
        clients.shutdown();

        // then
        System.out.printf("SustainedLoadTest: %d clients, %d s: %s%n", CLIENTS, LENGTH.toSeconds(), outcomes);
        assertThat(outcomes.keySet()).as("outcomes %s; examples %s", outcomes, examples).containsOnly("full");
        assertThat(outcomes.get("full").get()).as("answers in 60 s").isGreaterThan(CLIENTS * 10);
    }
}
