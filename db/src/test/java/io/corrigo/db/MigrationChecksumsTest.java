package io.corrigo.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Flyway migration that landed on {@code main} never changes: a database migrated with it would fail validation at
 * the next start. {@code landed-migrations.sha256} keeps the SHA-256 of every migration as it landed
 * ({@code sha256sum} format); a change to one of them fails here, naming it. A new migration is added to the list in
 * the commit that adds it (then it is frozen too).
 */
class MigrationChecksumsTest {

    @Test
    void should_find_every_migration_as_it_landed() throws Exception {
        Path migrations = Path.of(MigrationChecksumsTest.class.getResource("/db/migration").toURI());

        List<String> problems = problems(migrations, landed());

        assertThat(problems).as("migrations that differ from the landed list (a change is a new migration, "
                + "never an edit)").isEmpty();
    }

    @Test
    void should_name_a_landed_migration_that_was_edited__and_one_not_in_the_list(@TempDir Path copy) throws Exception {
        // given: the migrations as shipped, then one edited the way V22 once was (its primary key changed)
        Path migrations = Path.of(MigrationChecksumsTest.class.getResource("/db/migration").toURI());
        try (Stream<Path> files = Files.list(migrations)) {
            for (Path file : files.toList()) {
                Files.copy(file, copy.resolve(file.getFileName().toString()));
            }
        }
        Path edited = copy.resolve("V22__widget_texts.sql");
        Files.writeString(edited, Files.readString(edited).replace("PRIMARY KEY", "PRIMARY KEY /* edited */"));
        Files.writeString(copy.resolve("V999__not_listed.sql"), "CREATE TABLE x (id INT);\n");

        // when
        List<String> problems = problems(copy, landed());

        // then
        assertThat(problems).containsExactly(
                "V22__widget_texts.sql changed after it landed: express the change as a new migration",
                "V999__not_listed.sql is not in landed-migrations.sha256: add its line (sha256sum) when it lands");
    }

    /** What differs between the migrations in {@code directory} and {@code landed} (file name → SHA-256). */
    static List<String> problems(Path directory, Map<String, String> landed) throws IOException {
        List<String> problems = new ArrayList<>();
        Map<String, String> now = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".sql")).sorted().toList()) {
                now.put(file.getFileName().toString(), sha256(Files.readAllBytes(file)));
            }
        }
        landed.forEach((name, sum) -> {
            if (!now.containsKey(name)) {
                problems.add(name + " landed and is gone: a migration is never removed");
            } else if (!now.get(name).equals(sum)) {
                problems.add(name + " changed after it landed: express the change as a new migration");
            }
        });
        now.keySet().stream().filter(name -> !landed.containsKey(name)).sorted().forEach(name -> problems.add(name
                + " is not in landed-migrations.sha256: add its line (sha256sum) when it lands"));
        return problems;
    }

    private static Map<String, String> landed() throws IOException {
        Map<String, String> landed = new LinkedHashMap<>();
        try (InputStream in = MigrationChecksumsTest.class.getResourceAsStream("/landed-migrations.sha256")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    String[] parts = line.strip().split("\\s+\\*?", 2);
                    landed.put(parts[1], parts[0]);
                }
            }
        }
        return landed;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
