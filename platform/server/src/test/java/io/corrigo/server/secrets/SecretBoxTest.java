package io.corrigo.server.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.server.CorrigoProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretBoxTest {

    @TempDir
    Path dataDir;

    private static byte[] randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }

    private CorrigoProperties properties(CorrigoProperties.Mode mode, String masterKey) {
        return new CorrigoProperties(dataDir, null, 2000, new CorrigoProperties.Demo(false, "demo"),
                new CorrigoProperties.Runs(90, false), new CorrigoProperties.Security("admin", null, true, true), mode,
                new CorrigoProperties.Plugins(null, null, null, 25, 10_000, java.util.List.of(), java.util.List.of(),
                        new CorrigoProperties.Runner(false, 256, 30_000, 20_000, 10, "bubblewrap", 65534, 65534, 4096)), new CorrigoProperties.Secrets(masterKey));
    }

    @Test
    void should_encrypt_with_a_fresh_nonce_and_decrypt_back() {
        SecretBox box = new SecretBox(randomKey());

        String first = box.encrypt("tvly-secret-123");
        String second = box.encrypt("tvly-secret-123");

        assertThat(first).startsWith(SecretBox.PREFIX).doesNotContain("tvly-secret-123").isNotEqualTo(second);
        assertThat(box.decrypt(first)).isEqualTo("tvly-secret-123");
        assertThat(box.encrypt(first)).as("encrypting twice changes nothing").isEqualTo(first);
        assertThat(box.decrypt("plain-from-before")).as("legacy plaintext is read as it is").isEqualTo("plain-from-before");
    }

    @Test
    void should_refuse_a_value_changed_after_encryption_or_encrypted_under_another_key() {
        SecretBox box = new SecretBox(randomKey());
        String sealed = box.encrypt("sk-live-42");
        byte[] raw = Base64.getDecoder().decode(sealed.substring(SecretBox.PREFIX.length()));
        raw[raw.length - 1] ^= 1;
        String changed = SecretBox.PREFIX + Base64.getEncoder().encodeToString(raw);

        assertThatThrownBy(() -> box.decrypt(changed)).hasMessageContaining("cannot be decrypted");
        assertThatThrownBy(() -> new SecretBox(randomKey()).decrypt(sealed)).hasMessageContaining("another master key");
    }

    @Test
    void should_refuse_to_start_in_production_mode_without_a_master_key_and_say_how_to_make_one() {
        assertThatThrownBy(() -> new SecretBox(properties(CorrigoProperties.Mode.PRODUCTION, "")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CORRIGO_MASTER_KEY is not set").hasMessageContaining("openssl rand -base64 32");
        assertThatThrownBy(() -> new SecretBox(properties(CorrigoProperties.Mode.PRODUCTION, "not base64!")))
                .hasMessageContaining("is not base64");
        assertThatThrownBy(() -> new SecretBox(properties(CorrigoProperties.Mode.PRODUCTION,
                Base64.getEncoder().encodeToString(new byte[16])))).hasMessageContaining("must be base64 of 32 bytes");
        String key = Base64.getEncoder().encodeToString(randomKey());
        SecretBox production = new SecretBox(properties(CorrigoProperties.Mode.PRODUCTION, key));
        assertThat(new SecretBox(Base64.getDecoder().decode(key)).decrypt(production.encrypt("x"))).isEqualTo("x");
    }

    @Test
    void should_generate_a_master_key_once_in_demo_mode_readable_by_its_owner_only() throws Exception {
        SecretBox first = new SecretBox(properties(CorrigoProperties.Mode.DEMO, null));
        String sealed = first.encrypt("demo-secret");
        Path keyFile = dataDir.resolve("master.key");

        assertThat(keyFile).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keyFile))).isEqualTo("rw-------");
        assertThat(new SecretBox(properties(CorrigoProperties.Mode.DEMO, null)).decrypt(sealed))
                .as("the next start reads the same key").isEqualTo("demo-secret");
    }
}
