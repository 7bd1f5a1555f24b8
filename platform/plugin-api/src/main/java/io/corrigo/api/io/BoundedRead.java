package io.corrigo.api.io;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads bytes from outside under a byte limit checked as they arrive, and a deadline for the whole read.
 *
 * <p>Reading a whole response and checking its size afterwards is what brings a host down: a start page of 12 GB is
 * held in memory before the check. Here a body is refused before its first byte when its declared length is over the
 * limit, and otherwise reading stops, and the connection is dropped, at the first byte past it. A body that trickles
 * forever is stopped at the deadline.
 *
 * <pre>{@code
 * HttpResponse<byte[]> page = BoundedRead.send(http, request, 10 * BoundedRead.MIB, Duration.ofSeconds(60));
 * byte[] object = BoundedRead.read(s3Stream, 25 * BoundedRead.MIB, Duration.ofSeconds(60), "s3://bucket/key");
 * }</pre>
 *
 * @since 1.8.0
 */
public final class BoundedRead {

    /** One mebibyte. */
    public static final long MIB = 1024L * 1024;

    private static final ScheduledExecutorService DEADLINES = deadlines();

    private BoundedRead() {
    }

    /**
     * Sends {@code request} and reads the body as bytes, at most {@code maxBytes} of them, all within
     * {@code deadline} (from sending to the body's last byte).
     *
     * @return the response with its whole body
     * @throws TooLargeException    the body is (or declares itself) larger than {@code maxBytes}
     * @throws HttpTimeoutException the whole exchange took longer than {@code deadline}
     * @throws IOException          the exchange failed
     * @throws InterruptedException the calling thread was interrupted while waiting
     */
    public static HttpResponse<byte[]> send(HttpClient client, HttpRequest request, long maxBytes, Duration deadline)
            throws IOException, InterruptedException {
        String what = request.uri().getScheme() + "://" + request.uri().getRawAuthority() + request.uri().getRawPath();
        CompletableFuture<HttpResponse<byte[]>> exchange = client.sendAsync(request, info -> limited(info, maxBytes, what));
        try {
            return exchange.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw new HttpTimeoutException(what + ": no whole answer within " + deadline.toMillis() + " ms");
        } catch (InterruptedException e) {
            exchange.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException(what + ": " + (cause == null ? "the exchange failed" : cause.getMessage()), cause);
        }
    }

    /**
     * Reads {@code in} to its end, at most {@code maxBytes}, within {@code deadline}; closes it in any case (at the
     * deadline from another thread, which ends a blocked read of a socket).
     *
     * @param what what is read, in words, for the exception's message
     * @throws TooLargeException the stream holds more than {@code maxBytes}
     * @throws IOException       the read failed, or the deadline passed ({@link java.io.InterruptedIOException})
     */
    public static byte[] read(InputStream in, long maxBytes, Duration deadline, String what) throws IOException {
        return read(in, maxBytes, deadline, what, in);
    }

    /**
     * Like {@link #read(InputStream, long, Duration, String)}, with {@code abort} closed instead of the stream when the
     * limit or the deadline is reached (an SDK's {@code abort()} that drops the connection instead of draining it).
     */
    public static byte[] read(InputStream in, long maxBytes, Duration deadline, String what, Closeable abort)
            throws IOException {
        AtomicBoolean late = new AtomicBoolean();
        ScheduledFuture<?> stop = DEADLINES.schedule(() -> {
            late.set(true);
            closeQuietly(abort);
        }, deadline.toMillis(), TimeUnit.MILLISECONDS);
        boolean whole = false;
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(maxBytes, 64 * 1024));
            byte[] buffer = new byte[16 * 1024];
            long total = 0;
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                total += n;
                if (total > maxBytes) {
                    throw new TooLargeException(what, maxBytes);
                }
                out.write(buffer, 0, n);
            }
            whole = true;
            return out.toByteArray();
        } catch (IOException e) {
            if (late.get() && !(e instanceof TooLargeException)) {
                throw new java.io.InterruptedIOException(what + ": not read within " + deadline.toMillis() + " ms");
            }
            throw e;
        } finally {
            stop.cancel(false);
            if (!whole && abort != in) {
                closeQuietly(abort);
            }
            closeQuietly(in);
        }
    }

    /**
     * A file's bytes, refused before reading when it is larger than {@code maxBytes} (and stopped at the limit when it
     * grows while being read).
     */
    public static byte[] file(Path file, long maxBytes) throws IOException {
        if (Files.size(file) > maxBytes) {
            throw new TooLargeException(file.getFileName().toString(), maxBytes);
        }
        return read(Files.newInputStream(file), maxBytes, Duration.ofMinutes(10), file.getFileName().toString());
    }

    /** A size in words: {@code 10 MiB}, {@code 512 KiB}, {@code 300 bytes}. */
    static String describe(long bytes) {
        if (bytes >= MIB && bytes % MIB == 0) {
            return bytes / MIB + " MiB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " KiB";
        }
        return bytes + " bytes";
    }

    /** A body subscriber that keeps at most {@code maxBytes} and gives up at the first byte past them. */
    private static HttpResponse.BodySubscriber<byte[]> limited(HttpResponse.ResponseInfo info, long maxBytes, String what) {
        long declared = info.headers().firstValueAsLong("Content-Length").orElse(-1);
        return new Limited(maxBytes, declared, what);
    }

    private static final class Limited implements HttpResponse.BodySubscriber<byte[]> {

        private final long maxBytes;
        private final long declared;
        private final String what;
        private final CompletableFuture<byte[]> body = new CompletableFuture<>();
        private final List<ByteBuffer> kept = new ArrayList<>();
        private Flow.Subscription subscription;
        private long received;

        Limited(long maxBytes, long declared, String what) {
            this.maxBytes = maxBytes;
            this.declared = declared;
            this.what = what;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return body;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            if (declared > maxBytes) {
                subscription.cancel();
                body.completeExceptionally(new TooLargeException(what, maxBytes));
                return;
            }
            subscription.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            if (body.isDone()) {
                return;
            }
            for (ByteBuffer buffer : buffers) {
                received += buffer.remaining();
                if (received > maxBytes) {
                    kept.clear();
                    subscription.cancel();
                    body.completeExceptionally(new TooLargeException(what, maxBytes));
                    return;
                }
                ByteBuffer copy = ByteBuffer.allocate(buffer.remaining());
                copy.put(buffer).flip();
                kept.add(copy);
            }
            subscription.request(1);
        }

        @Override
        public void onError(Throwable error) {
            kept.clear();
            body.completeExceptionally(error);
        }

        @Override
        public void onComplete() {
            byte[] all = new byte[(int) received];
            int at = 0;
            for (ByteBuffer buffer : kept) {
                int n = buffer.remaining();
                buffer.get(all, at, n);
                at += n;
            }
            kept.clear();
            body.complete(all);
        }
    }

    private static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException | RuntimeException e) {
            // closing to stop: what it says no longer matters
        }
    }

    private static ScheduledExecutorService deadlines() {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread thread = new Thread(r, "corrigo-read-deadlines");
            thread.setDaemon(true);
            return thread;
        });
        executor.setRemoveOnCancelPolicy(true);
        return executor;
    }
}
