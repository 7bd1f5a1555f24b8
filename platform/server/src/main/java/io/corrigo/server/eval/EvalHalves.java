package io.corrigo.server.eval;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * The fixed split of a labelled question set into a tuning half and a held-out half, by its questions' ids: a
 * question is in the tuning half when the first hex digit of SHA-1 of its id is below 8. Thresholds and rules are
 * tuned on the tuning half only; the held-out half says whether a change generalises, and the evaluation command
 * reports both. The split depends on nothing but the id, so it is the same on every machine and for every later set.
 */
public final class EvalHalves {

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

    private EvalHalves() {
    }

    /** The half the question {@code id} is in. */
    public static Half of(String id) {
        try {
            byte[] sha1 = MessageDigest.getInstance("SHA-1").digest(id.getBytes(StandardCharsets.UTF_8));
            return ((sha1[0] & 0xff) >> 4) < 8 ? Half.TUNING : Half.HELD_OUT;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The runs of {@code runs} whose question is in {@code half}. */
    public static List<EvalRun> of(List<EvalRun> runs, Half half) {
        return runs.stream().filter(r -> of(r.question().id()) == half).toList();
    }
}
