package io.corrigo.server.plugin.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * One end of the runner protocol ({@link Wire}) over a connected local socket: sends requests and waits for their
 * replies, runs the other side's requests on {@code workers}, and hands events of a call to the consumer given with
 * it. One writer thread writes every frame (a caller's thread may be interrupted, and an interrupted thread's I/O would
 * close the socket); one reader thread reads every frame in order, so a call's events reach its consumer before its
 * reply.
 */
final class Channel implements Closeable {

    /** Answers one request from the other side. */
    interface Handler {
        /** The result of {@code request} (a JSON value, {@code null} for none). */
        JsonNode handle(JsonNode request) throws Exception;
    }

    private record Pending(CompletableFuture<JsonNode> reply, Consumer<JsonNode> events) {
    }

    private final SocketChannel socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final Handler handler;
    private final Executor workers;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private final CompletableFuture<Throwable> closed = new CompletableFuture<>();
    private final java.util.concurrent.BlockingQueue<byte[]> outbox = new java.util.concurrent.LinkedBlockingQueue<>();
    private Thread writer;

    Channel(SocketChannel socket, Handler handler, Executor workers) {
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(SocketStreams.in(socket), 65536));
        this.out = new DataOutputStream(new BufferedOutputStream(SocketStreams.out(socket), 65536));
        this.handler = handler;
        this.workers = workers;
    }

    /** Starts reading frames on a thread of its own named {@code name}. */
    Channel start(String name) {
        Thread reader = new Thread(this::readLoop, name);
        reader.setDaemon(true);
        reader.start();
        writer = new Thread(this::writeLoop, name + "-out");
        writer.setDaemon(true);
        writer.start();
        return this;
    }

    /** Completes with the cause when the channel ends (the other side went away, a bad frame, or {@link #close}). */
    CompletableFuture<Throwable> closed() {
        return closed;
    }

    boolean open() {
        return !closed.isDone();
    }

    /**
     * Sends {@code request} and waits for its reply's result.
     *
     * @param events called on the reader thread with each event frame of this call, or {@code null}
     * @throws PluginRunnerException when the reply is an error, it does not come within {@code timeout}, or the channel
     *                               ends first
     */
    JsonNode call(ObjectNode request, Duration timeout, Consumer<JsonNode> events, String where) {
        long id = ids.incrementAndGet();
        request.put("id", id);
        Pending call = new Pending(new CompletableFuture<>(), events);
        pending.put(id, call);
        try {
            if (!open()) {
                throw new PluginRunnerException(where + ": the plugin runner is not running");
            }
            send(request);
            JsonNode reply = call.reply().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (reply.has("error")) {
                throw Wire.exception(reply.get("error"), where);
            }
            return reply.get("result");
        } catch (TimeoutException e) {
            throw new PluginRunnerException(where + ": no answer from the plugin runner within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            throw new PluginRunnerException(where + ": " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PluginRunnerException(where + ": interrupted while waiting for the plugin runner");
        } catch (IOException e) {
            throw new PluginRunnerException(where + ": the plugin runner could not be reached: " + e.getMessage());
        } finally {
            pending.remove(id);
        }
    }

    /** Queues a frame for the writer thread. @throws IOException when it cannot be encoded or the channel ended */
    void send(JsonNode frame) throws IOException {
        if (!open()) {
            throw new IOException("the channel is closed");
        }
        outbox.add(Wire.encode(frame));
    }

    private void writeLoop() {
        try {
            while (true) {
                byte[] frame = outbox.take();
                out.writeInt(frame.length);
                out.write(frame);
                if (outbox.isEmpty()) {
                    out.flush();
                }
            }
        } catch (InterruptedException e) {
            // the channel ended
        } catch (IOException | RuntimeException e) {
            end(e);
        }
    }

    private void readLoop() {
        Throwable cause = null;
        try {
            while (true) {
                JsonNode frame = Wire.read(in);
                if (frame.has("re")) {
                    Pending call = pending.get(frame.get("re").asLong());
                    if (call != null) {
                        call.reply().complete(frame);
                    }
                } else if (frame.has("call")) {
                    Pending call = pending.get(frame.get("call").asLong());
                    if (call != null && call.events() != null) {
                        call.events().accept(frame);
                    }
                } else if (frame.has("id")) {
                    workers.execute(() -> answer(frame));
                } else {
                    throw new IOException("a frame that is neither request, reply nor event");
                }
            }
        } catch (IOException | RuntimeException e) {
            cause = e;
        } finally {
            end(cause == null ? new IOException("closed") : cause);
        }
    }

    private void answer(JsonNode request) {
        ObjectNode reply = Wire.JSON.createObjectNode();
        reply.put("v", Wire.VERSION);
        reply.put("re", request.get("id").asLong());
        try {
            reply.set("result", handler.handle(request));
        } catch (Throwable e) {
            reply.set("error", Wire.error(e));
            if (e instanceof VirtualMachineError fatal) {
                throw fatal;
            }
        }
        try {
            send(reply);
        } catch (IOException e) {
            end(e);
        }
    }

    private void end(Throwable cause) {
        if (closed.complete(cause)) {
            PluginRunnerException gone = new PluginRunnerException("the plugin runner went away: " + cause.getMessage());
            pending.values().forEach(p -> p.reply().completeExceptionally(gone));
            try {
                socket.close();
            } catch (IOException ignored) {
                // already gone
            }
            if (writer != null) {
                writer.interrupt();
            }
        }
    }

    @Override
    public void close() {
        end(new IOException("closed by this side"));
    }
}
