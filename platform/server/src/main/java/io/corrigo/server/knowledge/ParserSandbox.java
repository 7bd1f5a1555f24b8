package io.corrigo.server.knowledge;

import io.corrigo.server.ChildJvm;
import io.corrigo.server.DaemonThreads;
import jakarta.annotation.PreDestroy;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.tika.mime.MediaType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Extracts text from PDF, DOCX and HTML in child processes ({@link ExtractionWorker}) with a capped heap and a time
 * limit per document: a decompression bomb or a parser that never ends costs one document, which fails with the
 * reason, while the host's memory and threads stay untouched. The children are started on first use, kept for the
 * next documents (stopped after {@code corrigo.ingestion.parser.idle}, 2 minutes, without one), and replaced when one ran out of memory, out of time or
 * stopped.
 *
 * <p>Settings: {@code corrigo.ingestion.parser.heap-megabytes} (default 384), {@code .timeout} (per document,
 * default 120 s), {@code .processes} (documents parsed at once, default 2) and {@code .idle} (default 2 min).
 */
@Component
class ParserSandbox {

    private static final Logger log = LoggerFactory.getLogger(ParserSandbox.class);
    /** How a JVM started with {@code -XX:+ExitOnOutOfMemoryError} exits when its heap is full. */
    private static final int OUT_OF_MEMORY_EXIT = 3;

    /** Text from a document, or why there is none. */
    sealed interface Result permits Extracted, Refused {
    }

    /** The structured text of a document and the title in its metadata ({@code null}: none). */
    record Extracted(String title, String text, Map<String, String> facts) implements Result {
    }

    /** Why a document gave no text, in words for its owner ("could not be read as PDF (…)"). */
    record Refused(String reason) implements Result {
    }

    private final int heapMegabytes;
    private final Duration timeout;
    private final Semaphore slots;
    private final BlockingQueue<Child> idle = new LinkedBlockingQueue<>();
    private final ExecutorService exchanges = Executors.newCachedThreadPool(DaemonThreads.named("corrigo-parser-io"));
    /** Stops children idle for {@link #idle}: each holds a JVM (about 200 MB resident after a large document). */
    private final java.util.concurrent.ScheduledExecutorService reaper =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("corrigo-parser-reaper"));
    private final Duration idleLimit;
    private volatile boolean stopped;

    ParserSandbox(@Value("${corrigo.ingestion.parser.heap-megabytes:384}") int heapMegabytes,
                  @Value("${corrigo.ingestion.parser.timeout:120s}") Duration timeout,
                  @Value("${corrigo.ingestion.parser.processes:2}") int processes,
                  @Value("${corrigo.ingestion.parser.idle:2m}") Duration idleLimit) {
        if (heapMegabytes < 32 || timeout.isNegative() || timeout.isZero() || processes < 1) {
            throw new IllegalArgumentException("corrigo.ingestion.parser: heap-megabytes >= 32, a positive timeout and "
                    + "processes >= 1 are required");
        }
        this.heapMegabytes = heapMegabytes;
        this.timeout = timeout;
        this.slots = new Semaphore(processes, true);
        this.idleLimit = idleLimit;
        long every = Math.max(100, idleLimit.toMillis() / 2);
        reaper.scheduleWithFixedDelay(this::stopIdle, every, every, TimeUnit.MILLISECONDS);
    }

    private void stopIdle() {
        long now = System.nanoTime();
        for (Child child : idle) {
            if (now - child.idleSince > idleLimit.toNanos() && idle.remove(child)) {
                child.process.destroy();
                log.debug("Document parser process {} stopped after {} idle", child.process.pid(), idleLimit);
            }
        }
    }

    /** The text of {@code content}, a document of {@code type}; waits while every parser process is busy. */
    Result extract(byte[] content, MediaType type) {
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Refused("was not read: the host is stopping");
        }
        Child child = null;
        boolean reusable = false;
        try {
            child = idle.poll();
            if (child == null || !child.process.isAlive()) {
                child = start();
            }
            Child working = child;
            Future<Result> exchange = exchanges.submit(() -> working.exchange(content, type));
            try {
                Result result = exchange.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                reusable = true;
                return result;
            } catch (TimeoutException e) {
                log.warn("A {} document took longer than {} s to read: its parser process was stopped", type, timeout.toSeconds());
                return new Refused("took longer than " + timeout.toSeconds() + " s to read (the parser's time limit)");
            } catch (ExecutionException e) {
                return died(child, type, e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Refused("was not read: the host is stopping");
            } finally {
                exchange.cancel(true);
            }
        } catch (IOException e) {
            log.error("The document parser process could not be started: {}", e.toString());
            return new Refused("could not be read: the document parser could not be started");
        } finally {
            if (child != null) {
                if (reusable && !stopped) {
                    child.idleSince = System.nanoTime();
                    idle.add(child);
                } else {
                    child.process.destroyForcibly();
                }
            }
            slots.release();
        }
    }

    private Refused died(Child child, MediaType type, Throwable cause) {
        int exit;
        try {
            exit = child.process.waitFor(5, TimeUnit.SECONDS) ? child.process.exitValue() : -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exit = -1;
        }
        if (exit == OUT_OF_MEMORY_EXIT) {
            log.warn("A {} document needed more than the parser's {} MB heap: its parser process stopped", type, heapMegabytes);
            return new Refused("needs more memory to read than the parser may use (" + heapMegabytes + " MB)");
        }
        log.warn("The parser process stopped while reading a {} document (exit {}): {}", type, exit, cause.toString());
        return new Refused("could not be read: the parser stopped while reading it");
    }

    private Child start() throws IOException {
        Process process = new ProcessBuilder(command(heapMegabytes))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        log.info("Document parser process {} started (heap {} MB, {} s a document)", process.pid(), heapMegabytes,
                timeout.toSeconds());
        return new Child(process);
    }

    /** The command that starts a parser process with this JVM's classes. */
    static List<String> command(int heapMegabytes) {
        return ChildJvm.command(heapMegabytes, ExtractionWorker.class, List.of());
    }

    /** One parser process and its channel. */
    private static final class Child {
        final Process process;
        final DataOutputStream requests;
        final DataInputStream answers;
        volatile long idleSince = System.nanoTime();

        Child(Process process) {
            this.process = process;
            this.requests = new DataOutputStream(new BufferedOutputStream(process.getOutputStream()));
            this.answers = new DataInputStream(new BufferedInputStream(process.getInputStream()));
        }

        Result exchange(byte[] content, MediaType type) throws IOException {
            requests.writeUTF(type.toString());
            requests.writeInt(content.length);
            requests.write(content);
            requests.flush();
            byte kind = answers.readByte();
            if (kind == ExtractionWorker.REFUSED) {
                return new Refused(answers.readUTF());
            }
            if (kind != ExtractionWorker.TEXT) {
                throw new IOException("unexpected answer " + kind + " from the parser process");
            }
            String title = answers.readBoolean() ? answers.readUTF() : null;
            Map<String, String> facts = new java.util.LinkedHashMap<>();
            for (int n = answers.readInt(); n > 0; n--) {
                facts.put(answers.readUTF(), answers.readUTF());
            }
            byte[] text = new byte[answers.readInt()];
            answers.readFully(text);
            return new Extracted(title, new String(text, StandardCharsets.UTF_8), Map.copyOf(facts));
        }
    }

    /** The parser processes started and waiting for a document. */
    int idleProcesses() {
        return (int) idle.stream().filter(c -> c.process.isAlive()).count();
    }

    @PreDestroy
    void stop() {
        stopped = true;
        for (Child child = idle.poll(); child != null; child = idle.poll()) {
            child.process.destroy();
        }
        exchanges.shutdownNow();
        reaper.shutdownNow();
    }
}
