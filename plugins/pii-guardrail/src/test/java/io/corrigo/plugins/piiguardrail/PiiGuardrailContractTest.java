package io.corrigo.plugins.piiguardrail;

import io.corrigo.api.Guardrail;
import io.corrigo.api.PluginFactory;
import io.corrigo.testkit.GuardrailContract;
import java.util.List;
import java.util.Map;

class PiiGuardrailContractTest extends GuardrailContract {

    @Override
    protected PluginFactory<Guardrail> factory() {
        return new PiiGuardrailFactory();
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("customPatterns", "EMPLOYEE_ID=\\bE-\\d{6}\\b");
    }

    @Override
    protected List<Planted> planted() {
        return List.of(
                new Planted("jane.doe@example.com", "EMAIL", "Please write to jane.doe@example.com about my leave."),
                new Planted("+49 30 1234567", "PHONE", "Call me on +49 30 1234567 tomorrow."),
                new Planted("DE89 3704 0044 0532 0130 00", "IBAN", "Pay it to DE89 3704 0044 0532 0130 00 please."),
                new Planted("4111 1111 1111 1111", "CARD", "My card 4111 1111 1111 1111 was charged twice."),
                new Planted("192.168.10.24", "IP", "The printer at 192.168.10.24 is offline."),
                new Planted("E-123456", "EMPLOYEE_ID", "I am employee E-123456, how many days do I get?"));
    }

    @Override
    protected List<String> clean() {
        return List.of("How many days of paid time off do full-time employees get?",
                "What changed in 2024 and in version 1.2.3?",
                "The budget was 1250000 euros in 2023, up 4.5 %.",
                "Order 4111 1111 1111 1112 is not a card (its Luhn check fails).",
                "The measles incubation period is 10 to 12 days.");
    }
}
