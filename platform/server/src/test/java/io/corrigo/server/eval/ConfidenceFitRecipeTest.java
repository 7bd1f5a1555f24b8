package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.engine.confidence.ConfidenceCalibration;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The confidence calibration's recipe, {@code tools/confidence/fit_confidence.py}, run on evaluation runs whose
 * answers were right as often as a known calibration says: it must find that calibration again from the tuning half,
 * bring the calibration error down on the held-out half, and read the lines {@code eval} writes.
 */
class ConfidenceFitRecipeTest {

    private static final Path TOOL = Path.of("../../tools/confidence/fit_confidence.py");

    @Test
    void should_find_a_known_calibration_again__from_runs_as_the_evaluation_writes_them(@TempDir Path dir) throws Exception {
        // given: 3,000 served answers whose grade overstates how often they are right, as the grader's does
        ConfidenceCalibration truth = new ConfidenceCalibration(0.5, -0.3);
        Random random = new Random(7);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            double grade = 0.02 + 0.96 * random.nextDouble();
            boolean right = random.nextDouble() < truth.probability(grade);
            lines.append(String.format(Locale.ROOT, "{\"pipeline\":\"corrective v2\",\"question\":{\"id\":\"q-%d\"},"
                    + "\"abstained\":false,\"confidence\":{\"score\":%.6f,\"evidence\":%.6f},\"outcome\":\"%s\"}%n",
                    i, grade, grade, right ? "answered right" : "served wrong"));
        }
        // and lines the fit must leave out: an abstention, a run not judged
        lines.append("{\"question\":{\"id\":\"a\"},\"abstained\":true,\"confidence\":null,\"outcome\":\"abstained rightly\"}\n");
        lines.append("{\"question\":{\"id\":\"b\"},\"abstained\":false,\"confidence\":{\"evidence\":0.9},\"outcome\":null}\n");
        Path runs = dir.resolve("runs.jsonl");
        Files.writeString(runs, lines, StandardCharsets.UTF_8);

        // when
        Path fit = dir.resolve("fit.json");
        Path log = dir.resolve("log.txt");
        Process tool = new ProcessBuilder("/usr/bin/python3", TOOL.toString(), runs.toString(), "--json", fit.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = tool.waitFor(60, TimeUnit.SECONDS);
        String printed = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(ended).as(printed).isTrue();
        assertThat(tool.exitValue()).as(printed).isZero();

        // then: the known calibration found again from about half the answers, and it helps the other half
        JsonNode result = new ObjectMapper().readTree(fit.toFile());
        assertThat(result.get("tuning_answers").asInt()).isBetween(1_300, 1_700);
        assertThat(result.get("slope").asDouble()).isCloseTo(0.5, within(0.12));
        assertThat(result.get("intercept").asDouble()).isCloseTo(-0.3, within(0.12));
        JsonNode heldOut = null;
        for (JsonNode row : result.get("figures")) {
            if (row.get("half").asText().equals("held-out")) {
                heldOut = row;
            }
        }
        assertThat(heldOut).isNotNull();
        assertThat(heldOut.get("ece_after").asDouble()).isLessThan(heldOut.get("ece_before").asDouble() / 2);
        assertThat(printed).contains("fitted on", "held-out", "calibration error");
    }
}
