package io.corrigo.server.secrets;

import io.corrigo.server.CorrigoProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Service;

/**
 * Encrypts secret settings (API keys) for storage: AES-256-GCM with a random 96-bit nonce per value, stored as
 * {@code enc:v1:<base64(nonce | ciphertext | tag)>}. A changed or truncated value fails to decrypt instead of
 * yielding garbage.
 *
 * <p>The master key is {@code corrigo.secrets.master-key} ({@code CORRIGO_MASTER_KEY}): base64 of 32 bytes. In
 * production mode the host does not start without it. In demo mode, when it is not set, one is generated once and
 * kept in {@code <data-dir>/master.key} (readable by its owner only), with a warning.
 */
@Service
public class SecretBox {

    private static final Logger log = LoggerFactory.getLogger(SecretBox.class);

    /** The prefix of an encrypted value. */
    public static final String PREFIX = "enc:v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKey key;
    private final SecureRandom random = new SecureRandom();

    @Autowired
    public SecretBox(CorrigoProperties properties) {
        this(masterKey(properties));
    }

    /** A box over a raw 256-bit key. */
    public SecretBox(byte[] key) {
        if (key.length != 32) {
            throw new IllegalArgumentException("the master key must be 32 bytes (256 bits), was " + key.length);
        }
        this.key = new SecretKeySpec(key, "AES");
    }

    private static byte[] masterKey(CorrigoProperties properties) {
        String configured = properties.secrets().masterKey();
        if (configured != null && !configured.isBlank()) {
            return decodeKey(configured.trim(), "CORRIGO_MASTER_KEY (corrigo.secrets.master-key)");
        }
        if (properties.mode() == CorrigoProperties.Mode.PRODUCTION) {
            throw new IllegalStateException("CORRIGO_MASTER_KEY is not set. In production mode secret plugin settings "
                    + "are encrypted with it: set it to base64 of 32 random bytes (e.g. `openssl rand -base64 32`), the "
                    + "same on every host, and keep it safe: without it stored API keys cannot be read.");
        }
        Path file = properties.dataDir().resolve("master.key");
        try {
            if (Files.exists(file)) {
                return decodeKey(Files.readString(file, StandardCharsets.US_ASCII).trim(), file.toString());
            }
            byte[] generated = new byte[32];
            new SecureRandom().nextBytes(generated);
            Files.createDirectories(file.getParent());
            Files.writeString(file, Base64.getEncoder().encodeToString(generated) + "\n", StandardCharsets.US_ASCII);
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException ignored) {
                // not a POSIX file system
            }
            log.warn("No CORRIGO_MASTER_KEY: generated one in {} (demo mode). Set CORRIGO_MASTER_KEY in production.", file);
            return generated;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the master key " + file, e);
        }
    }

    private static byte[] decodeKey(String base64, String where) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(where + " is not base64: " + e.getMessage());
        }
        if (key.length != 32) {
            throw new IllegalStateException(where + " must be base64 of 32 bytes (256 bits), was " + key.length + " bytes");
        }
        return key;
    }

    /** Whether {@code value} is an encrypted value (rather than plaintext). */
    public static boolean isEncrypted(String value) {
        return value != null && value.startsWith(PREFIX);
    }

    /** {@code plaintext} encrypted; an already encrypted value is returned as it is. */
    public String encrypt(String plaintext) {
        if (isEncrypted(plaintext)) {
            return plaintext;
        }
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[nonce.length + sealed.length];
            System.arraycopy(nonce, 0, out, 0, nonce.length);
            System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
            return PREFIX + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /**
     * The plaintext of an encrypted value; a value without the prefix (stored before encryption) is returned as it is.
     *
     * @throws IllegalStateException when the value was encrypted under another master key or changed
     */
    public String decrypt(String value) {
        if (!isEncrypted(value)) {
            return value;
        }
        try {
            byte[] in = Base64.getDecoder().decode(value.substring(PREFIX.length()));
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
            return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("a stored secret cannot be decrypted: it was encrypted under another master "
                    + "key (CORRIGO_MASTER_KEY) or changed");
        }
    }
}
