package io.corrigo.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The secrets the host hands out (tenant API keys, admin API tokens): made of 32 random letters and digits (≈ 190
 * bits) behind a prefix that tells what they are, and kept only as their SHA-256 — enough for values that random.
 */
public final class Tokens {

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final int RANDOM_CHARS = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Tokens() {
    }

    /** {@code prefix} followed by 32 random letters and digits. */
    public static String random(String prefix) {
        StringBuilder value = new StringBuilder(prefix);
        for (int i = 0; i < RANDOM_CHARS; i++) {
            value.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return value.toString();
    }

    /** The SHA-256 of {@code text}'s UTF-8 bytes, as 64 lower-case hex digits. */
    public static String sha256Hex(String text) {
        return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The SHA-256 of {@code bytes}, as 64 lower-case hex digits. */
    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
