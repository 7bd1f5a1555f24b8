package io.corrigo.server.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Error codes are constants: each written once, in {@code snake_case}, and compared as constants, not strings. */
class ErrorCodeTest {

    private static final Path ROOT = Paths.get("..", "..").toAbsolutePath().normalize();
    /** A code compared as a string literal: {@code "rate_limited".equals(e.code())} or {@code code().equals("…")}. */
    private static final Pattern LITERAL_COMPARISON = Pattern.compile(
            "\"[a-z0-9_]+\"\\.equals\\([\\w.()]*code\\(\\)\\)|code\\(\\)\\.equals\\(\"[a-z0-9_]+\"\\)");

    @Test
    void should_write_each_code_once_in_snake_case() {
        List<String> codes = Arrays.stream(ErrorCode.values()).map(ErrorCode::code).toList();

        assertThat(codes).doesNotHaveDuplicates().allSatisfy(c -> assertThat(c).matches("[a-z][a-z0-9_]*"));
        assertThat(ErrorCode.values()).allSatisfy(c -> assertThat(c.name()).isEqualTo(c.code().toUpperCase()));
        assertThat(ServiceException.notFound(ErrorCode.TENANT_NOT_FOUND, "No tenant 'x'.").code()).isEqualTo("tenant_not_found");
    }

    @Test
    void should_compare_no_error_code_as_a_string_in_the_main_sources() throws IOException {
        List<String> found;
        try (Stream<Path> files = Files.walk(ROOT)) {
            found = files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/"))
                    .filter(p -> !ROOT.relativize(p).toString().matches("(.*/)?(target|node_modules)/.*"))
                    .filter(p -> {
                        try {
                            return LITERAL_COMPARISON.matcher(Files.readString(p)).find();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }).map(p -> ROOT.relativize(p).toString()).toList();
        }
        assertThat(found).as("compare with ServiceException.is(ErrorCode.…)").isEmpty();
        assertThat(LITERAL_COMPARISON.matcher("if (\"downgrade_not_confirmed\".equals(ex.code())) {").find()).isTrue();
    }
}
