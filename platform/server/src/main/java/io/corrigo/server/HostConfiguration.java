package io.corrigo.server;

import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Shared infrastructure beans. */
@Configuration
@EnableScheduling
class HostConfiguration {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    /** Where passages and strips are graded in parallel: bounded, so a burst of queries cannot exhaust threads. */
    @Bean(destroyMethod = "shutdown")
    ExecutorService gradingExecutor() {
        return Executors.newFixedThreadPool(Math.max(4, Runtime.getRuntime().availableProcessors() * 2),
                DaemonThreads.named("corrigo-grading"));
    }
}
