package io.corrigo.plugins.piiguardrail;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Guardrail;
import io.corrigo.api.Redaction;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.testkit.TestPluginContext;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PiiGuardrailTest {

    @TempDir
    Path dir;

    private Guardrail guardrail(Map<String, String> settings) {
        PiiGuardrailFactory factory = new PiiGuardrailFactory();
        return factory.create(TestPluginContext.in(dir), PluginConfig.resolve(factory.configProperties(), settings));
    }

    @Test
    void should_redact_every_kind_in_one_text_and_count_them() {
        Redaction r = guardrail(Map.of()).redact("Mail a.b@corp.example or c@d.io, call 030 1234567 or (555) 123-4567, "
                + "IBAN GB82WEST12345698765432, card 5500-0000-0000-0004, host 10.0.0.1 or fe80::1ff:fe23:4567:890a.");

        assertThat(r.text()).isEqualTo("Mail [EMAIL] or [EMAIL], call [PHONE] or [PHONE], IBAN [IBAN], card [CARD], "
                + "host [IP] or [IP].");
        assertThat(r.found()).extracting(Redaction.Found::kind, Redaction.Found::count).containsExactly(
                org.assertj.core.groups.Tuple.tuple("EMAIL", 2), org.assertj.core.groups.Tuple.tuple("IBAN", 1),
                org.assertj.core.groups.Tuple.tuple("CARD", 1), org.assertj.core.groups.Tuple.tuple("IP", 2),
                org.assertj.core.groups.Tuple.tuple("PHONE", 2));
    }

    @Test
    void should_leave_look_alikes_alone() {
        Guardrail all = guardrail(Map.of());
        for (String text : new String[] {
                "DE89 3704 0044 0532 0130 01 has a wrong check digit.",
                "Version 10.2.300.4 and the year 2025.",
                "Between 1990 and 2020 sales rose 12345678 units.",
                "The dose is 0.5 mg twice a day.",
                "Call extension 42."}) {
            assertThat(all.redact(text).found()).as(text).isEmpty();
        }
    }

    @Test
    void should_redact_only_the_kinds_switched_on() {
        Redaction r = guardrail(Map.of("emails", "false", "phones", "true")).redact("a@b.example, +1 212 555 0199");

        assertThat(r.text()).isEqualTo("a@b.example, [PHONE]");
    }

    @Test
    void should_refuse_patterns_that_cannot_work__when_the_pipeline_is_saved() {
        PiiGuardrailFactory factory = new PiiGuardrailFactory();
        assertThat(factory.problems(PluginConfig.resolve(factory.configProperties(), Map.of("customPatterns", "lower=x"))))
                .singleElement().asString().contains("NAME in capitals");
        assertThat(factory.problems(PluginConfig.resolve(factory.configProperties(), Map.of("customPatterns", "BAD=("))))
                .singleElement().asString().contains("not a regular expression");
        assertThat(factory.problems(PluginConfig.resolve(factory.configProperties(), Map.of("customPatterns", "EMPTY=a*"))))
                .singleElement().asString().contains("empty text");
        assertThat(factory.problems(PluginConfig.resolve(factory.configProperties(),
                Map.of("customPatterns", "TICKET=\\bT-\\d{4}\\b; BADGE=B\\d{5}")))).isEmpty();
    }
}
