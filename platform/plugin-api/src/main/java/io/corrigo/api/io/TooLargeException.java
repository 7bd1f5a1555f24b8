package io.corrigo.api.io;

import java.io.IOException;

/**
 * What was read is larger than the limit it was read under; reading stopped at the limit (or before the first byte,
 * when the sender declared a larger length), so no more than {@link #limit()} bytes were ever held.
 *
 * @since 1.8.0
 */
public final class TooLargeException extends IOException {

    private static final long serialVersionUID = 1L;

    private final long limit;

    /**
     * @param what  what was read, in words (a URL, an object key, a file name)
     * @param limit the limit in bytes
     */
    public TooLargeException(String what, long limit) {
        super(what + " is larger than " + BoundedRead.describe(limit) + "; reading stopped there");
        this.limit = limit;
    }

    /** The limit in bytes that was reached. */
    public long limit() {
        return limit;
    }
}
