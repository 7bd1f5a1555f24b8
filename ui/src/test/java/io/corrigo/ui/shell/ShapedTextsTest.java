package io.corrigo.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.eval.EvalReport;
import io.corrigo.server.health.HealthAlert;
import io.corrigo.server.health.HealthBand;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sentences the host stores in English (an evaluation's reasons, an alert's messages) shown in German: the template
 * each was made from is found again, translated and filled with the same values, a value the catalog names (a level,
 * a band's meaning) in German too; any other sentence as it is.
 */
class ShapedTextsTest {

    @Test
    void should_say_an_evaluation_reason_in_german_with_its_reference() {
        String why = EvalReport.Outcome.LACKS.replace("{0}", "412 grams");
        assertThat(Texts.shaped(why, EvalReport.Outcome.REASONS, "de")).isEqualTo("eine Antwort ohne „412 grams“ ausgeliefert");
        assertThat(Texts.shaped(EvalReport.Outcome.ABSTAINED_KB, EvalReport.Outcome.REASONS, "de"))
                .isEqualTo("ohne Antwort, obwohl die Wissensbasis sie beantwortet");
        assertThat(Texts.shaped(why, EvalReport.Outcome.REASONS, "en")).isEqualTo(why);
    }

    @Test
    void should_say_an_alert_in_german_with_its_level_and_the_band_s_meaning() {
        String meaning = HealthBand.DEFAULTS.stream().filter(b -> b.metric().equals("fallbackRate")).findFirst()
                .orElseThrow().meaning();
        String message = HealthAlert.message(HealthAlert.ROSE_ALERT, "fallbackRate", "100 %", 15, 25, "50 %", "ok", meaning);
        String german = Texts.shaped(message, HealthAlert.MESSAGES, "de");
        assertThat(german).startsWith("fallbackRate stieg auf 100 % in den letzten 15 min (25 Läufe), über seine "
                + "Alarmschwelle 50 % (vorher in Ordnung). ").endsWith(Texts.catalog("de").get(meaning));
        assertThat(Texts.shaped(HealthAlert.message(HealthAlert.BREAKER_OPENED, "web-search"), HealthAlert.MESSAGES, "de"))
                .isEqualTo("Der Circuit Breaker von web-search hat geöffnet: Seine Aufrufe scheitern sofort, Läufe werden "
                        + "eingeschränkt.");
    }

    @Test
    void should_show_a_sentence_of_no_known_shape_as_it_is() {
        assertThat(Texts.shaped("Something else happened.", HealthAlert.MESSAGES, "de")).isEqualTo("Something else happened.");
        assertThat(Texts.shaped(null, List.of(), "de")).isNull();
    }
}
