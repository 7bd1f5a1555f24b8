package io.corrigo.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Runtime data never enters git: no H2 database, master key, index or upload that a host wrote under a {@code data/}
 * directory is tracked (the checkout of a clone; skipped where the tree is not a git work tree).
 */
class TrackedFilesTest {

    private static final Path ROOT = Paths.get("..", "..").toAbsolutePath().normalize();
    /** What a running host writes: its data directory, an H2 file, a generated master key, a log. */
    private static final Pattern RUNTIME = Pattern.compile(
            "(^|.*/)data/.*|.*\\.mv\\.db|.*\\.trace\\.db|(^|.*/)master\\.key|.*\\.log");
    /** The container image's empty data directory is part of the image, not runtime data. */
    private static final Pattern ALLOWED = Pattern.compile("ui/src/main/jib/data/.*");

    @Test
    void should_track_no_runtime_data() throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.exists(ROOT.resolve(".git")), "not a git work tree");
        Process git;
        try {
            git = new ProcessBuilder("git", "ls-files", "-z").directory(ROOT.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("git is not installed: " + e.getMessage());
            return;
        }
        String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(git.waitFor(60, TimeUnit.SECONDS)).isTrue();
        Assumptions.assumeTrue(git.exitValue() == 0, "git ls-files failed: " + out);

        List<String> runtime = Arrays.stream(out.split("\u0000")).filter(p -> !p.isBlank())
                .filter(p -> RUNTIME.matcher(p).matches() && !ALLOWED.matcher(p).matches()).toList();

        assertThat(runtime).as("runtime data tracked by git: remove it with git rm --cached").isEmpty();
    }
}
