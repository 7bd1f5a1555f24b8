package io.corrigo.api.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LanguagesTest {

    @Test
    void should_tell_the_language_of_questions_and_paragraphs() {
        assertThat(Languages.detect("How many days of paid time off do full-time employees get?")).hasValue("en");
        assertThat(Languages.detect("Wie viele Tage bezahlten Urlaub erhalten Vollzeitbeschäftigte pro Jahr?")).hasValue("de");
        assertThat(Languages.detect("Wann verfällt nicht genommener Urlaub?")).hasValue("de");
        assertThat(Languages.detect("Vollzeitbeschäftigte erhalten 30 Tage bezahlten Urlaub pro Kalenderjahr. "
                + "Teilzeitkräfte erhalten Urlaub anteilig nach ihrer vertraglichen Arbeitszeit.")).hasValue("de");
        assertThat(Languages.detect("Combien de jours de congés payés les salariés ont-ils par an ?")).hasValue("fr");
        assertThat(Languages.detect("¿Cuántos días de vacaciones tienen los empleados en la oficina?")).hasValue("es");
        assertThat(Languages.detect("Hoeveel vakantiedagen krijgen de medewerkers van het bedrijf?")).hasValue("nl");
    }

    @Test
    void should_say_nothing_when_the_words_do_not_tell() {
        assertThat(Languages.detect("IFITM5 FKBP11 H1N1")).isEmpty();
        assertThat(Languages.detect("2025-03-01")).isEmpty();
        assertThat(Languages.detect("")).isEmpty();
        assertThat(Languages.detect(null)).isEmpty();
    }
}
