package io.corrigo.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The one hash the host keeps of secrets it hands out (API keys, admin tokens): SHA-256 in hex. */
public final class Digests {

    private Digests() {
    }

    /** The SHA-256 of {@code text}'s UTF-8 bytes, as 64 lower-case hex digits. */
    public static String sha256Hex(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
