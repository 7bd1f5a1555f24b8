package io.corrigo.server.run;

import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes runs to the run log by group commit: the asker's run joins a bounded queue, one writer thread saves what has
 * gathered in one transaction, and the asker waits for that commit before its answer is sent, so an answer a client
 * received is a run the log keeps, even if the host is killed the moment after (H2 is opened with
 * {@code WRITE_DELAY=0}: a commit is written when it returns). Under load, many answers share one commit. Nothing is
 * lost: a full queue makes the asker write its run itself (back-pressure, not dropping), a batch that fails is retried
 * run by run, and closing (the host stops) writes everything still queued before the database goes. A commit that
 * takes longer than ten seconds lets the answer go and is written still. {@code corrigo.runs.async-writes=false}
 * writes each run alone on the request path instead.
 */
@Component
class RunWriter {

    private static final Logger log = LoggerFactory.getLogger(RunWriter.class);
    private static final int BATCH = 200;
    private static final long WAIT_SECONDS = 10;

    private final RunRepository runs;
    private final RunRollups rollups;
    private final TransactionTemplate transactions;
    private final boolean async;
    private final BlockingQueue<RunRecord> queue;
    private final Map<String, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();
    private final Thread writer;
    private volatile boolean closed;

    @Autowired
    RunWriter(RunRepository runs, RunRollups rollups, PlatformTransactionManager transactions,
              @Value("${corrigo.runs.async-writes:true}") boolean async,
              @Value("${corrigo.runs.write-queue:10000}") int capacity) {
        this.runs = runs;
        this.rollups = rollups;
        this.transactions = new TransactionTemplate(transactions);
        this.async = async;
        this.queue = new ArrayBlockingQueue<>(Math.max(1, capacity));
        this.writer = new Thread(this::drain, "corrigo-run-writer");
        this.writer.setDaemon(true);
        if (async) {
            this.writer.start();
        }
    }

    /** Logs {@code run}: queued for the writer, or written now when writes are synchronous, the queue full or closed. */
    void write(RunRecord run) {
        if (!async || closed) {
            runs.save(run);
            rollups.record(List.of(run));
            return;
        }
        CompletableFuture<Void> written = new CompletableFuture<>();
        pending.put(run.id, written);
        if (!queue.offer(run)) {
            try {
                runs.save(run); // the writer is behind: the asker pays, nothing is dropped
                rollups.record(List.of(run));
            } finally {
                pending.remove(run.id);
                written.complete(null);
            }
            return;
        }
        await(written); // acknowledged means committed: the answer goes once its batch is
    }

    /** Waits (at most ten seconds) until the run {@code runId}, if queued, is written. */
    void awaitWritten(String runId) {
        await(pending.get(runId));
    }

    /** Waits until every run queued so far is written. */
    void awaitAll() {
        new ArrayList<>(pending.values()).forEach(RunWriter::await);
    }

    /** Stops taking runs and writes every queued one (the host is stopping). */
    @PreDestroy
    void close() {
        closed = true;
        if (!writer.isAlive()) {
            return;
        }
        try {
            writer.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!queue.isEmpty()) { // the writer did not finish in time: the rest now, on this thread
            List<RunRecord> rest = new ArrayList<>();
            queue.drainTo(rest);
            save(rest);
        }
    }

    private void drain() {
        List<RunRecord> batch = new ArrayList<>(BATCH);
        while (!closed || !queue.isEmpty()) {
            try {
                RunRecord first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, BATCH - 1);
                save(batch);
            } catch (InterruptedException e) {
                // stopped from outside: write what is queued on this thread, once, and end
                closed = true;
                batch.clear();
                queue.drainTo(batch);
                save(batch);
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                log.error("The run writer failed: {}", e.toString(), e);
            } finally {
                batch.clear();
            }
        }
    }

    /** One transaction for the batch; if it fails, run by run, so that one bad run does not lose the others. */
    private void save(List<RunRecord> batch) {
        try {
            transactions.executeWithoutResult(status -> runs.saveAll(batch));
            rollups.record(batch);
        } catch (RuntimeException e) {
            List<RunRecord> saved = new ArrayList<>();
            for (RunRecord run : batch) {
                try {
                    runs.save(run);
                    saved.add(run);
                } catch (RuntimeException single) {
                    log.error("Run {} of tenant {} could not be logged: {}", run.id, run.tenantId, single.toString());
                }
            }
            rollups.record(saved);
        } finally {
            batch.forEach(run -> {
                CompletableFuture<Void> written = pending.remove(run.id);
                if (written != null) {
                    written.complete(null);
                }
            });
        }
    }

    private static void await(CompletableFuture<Void> written) {
        if (written == null) {
            return;
        }
        try {
            written.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // read what is there
        }
    }
}
