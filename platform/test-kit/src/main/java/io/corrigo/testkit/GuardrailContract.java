package io.corrigo.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Guardrail;
import io.corrigo.api.Redaction;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link Guardrail}: what it should find is gone from the text and counted by kind, with nothing of
 * the value in the findings; a text without any is returned as it is with no findings; the text around a finding
 * survives; thread-safe.
 *
 * <p>Give {@link #planted()} texts with a value your guardrail must redact (under {@link #settings()}) and
 * {@link #clean()} texts it must leave alone.
 *
 * @since 1.6.0
 */
public abstract class GuardrailContract extends PluginFactoryContract<Guardrail> {

    /**
     * A value the guardrail must find, the kind it reports for it, and a text it is planted in.
     *
     * @param value the value, which must not survive
     * @param kind  the kind reported
     * @param text  the text holding it
     */
    public record Planted(String value, String kind, String text) {
    }

    /** Texts each holding a value to redact. */
    protected abstract List<Planted> planted();

    /** Texts with nothing to redact (look-alikes included: a year, a version, an amount). */
    protected abstract List<String> clean();

    @Test
    void removes_each_planted_value_and_counts_its_kind_without_the_value() {
        Guardrail guardrail = newInstance();
        for (Planted p : planted()) {
            Redaction r = within(() -> guardrail.redact(p.text()));
            assertThat(r.text()).as("the redacted text of %s", p.text()).doesNotContain(p.value());
            assertThat(r.found()).as("what was found in %s", p.text())
                    .anySatisfy(f -> assertThat(f.kind()).isEqualTo(p.kind()));
            assertThat(r.found().toString()).as("findings never hold the value").doesNotContain(p.value());
        }
    }

    @Test
    void keeps_the_text_around_a_finding() {
        Guardrail guardrail = newInstance();
        Planted p = planted().get(0);
        String text = "Before. " + p.text() + " After.";
        Redaction r = within(() -> guardrail.redact(text));
        assertThat(r.text()).startsWith("Before. ").endsWith(" After.");
    }

    @Test
    void leaves_a_text_without_findings_as_it_is() {
        Guardrail guardrail = newInstance();
        for (String text : clean()) {
            Redaction r = within(() -> guardrail.redact(text));
            assertThat(r.text()).as("a clean text").isEqualTo(text);
            assertThat(r.found()).as("findings in %s", text).isEmpty();
        }
    }

    @Test
    void redacts_the_same_from_many_threads_at_once() {
        Guardrail guardrail = newInstance();
        Planted p = planted().get(0);
        String alone = guardrail.redact(p.text()).text();
        assertThat(concurrently(4, () -> guardrail.redact(p.text()).text())).containsOnly(alone);
    }
}
