package io.corrigo.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The fixed split of a labelled set (the evaluation's questions, the condenser's conversations) into a tuning half and a
 * held-out half, by its items' ids: an item is in the tuning half when the first hex digit of SHA-1 of its id is below
 * 8. Thresholds and rules are tuned on the tuning half only; the held-out half says whether a change generalises, and
 * the {@code eval} and {@code condense} commands report both. The split depends on nothing but the id, so it is the same
 * on every machine and for every later set.
 */
public final class Halves {

    /** One half. */
    public enum Half {
        TUNING("tuning"), HELD_OUT("held-out");

        private final String label;

        Half(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private Halves() {
    }

    /** The half the item {@code id} is in. */
    public static Half of(String id) {
        try {
            byte[] sha1 = MessageDigest.getInstance("SHA-1").digest(id.getBytes(StandardCharsets.UTF_8));
            return ((sha1[0] & 0xff) >> 4) < 8 ? Half.TUNING : Half.HELD_OUT;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
