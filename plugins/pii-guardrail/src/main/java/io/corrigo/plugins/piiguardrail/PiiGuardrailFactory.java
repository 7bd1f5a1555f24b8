package io.corrigo.plugins.piiguardrail;

import io.corrigo.api.Guardrail;
import io.corrigo.api.GuardrailFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.pf4j.Extension;

/** Registers the offline personal-data guardrail. */
@Extension
public class PiiGuardrailFactory implements GuardrailFactory {

    public static final String ID = "pii-guardrail";
    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]{1,29}");

    @Override
    public String id() {
        return ID;
    }

    /** Regular expressions over a question: nothing leaves the process, nothing to wait for. */
    @Override
    public boolean inProcess() {
        return true;
    }

    @Override
    public String description() {
        return "Redacts personal data from questions and conversations before they are retrieved with, sent to a web "
                + "search or a model, or kept in the run log: e-mail addresses, phone numbers, IBANs (checksum), card "
                + "numbers (Luhn), IP addresses, and patterns of your own. Each is replaced by its kind, e.g. [EMAIL]; "
                + "the trace counts the kinds, never the values. Offline.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.bool("emails", "E-mail addresses", true),
                ConfigProperty.bool("phones", "Phone numbers", true)
                        .withDescription("International (+49 …, 0049 …) or with a leading 0 or (area code); 7-15 digits."),
                ConfigProperty.bool("ibans", "IBANs", true).withDescription("Only those whose check digits hold."),
                ConfigProperty.bool("cards", "Card numbers", true).withDescription("13-19 digits that pass the Luhn check."),
                ConfigProperty.bool("ips", "IP addresses", true),
                ConfigProperty.string("customPatterns", "Patterns of your own", "")
                        .withDescription("NAME=regular expression, separated by ';' (e.g. EMPLOYEE_ID=\\bE-\\d{6}\\b); "
                                + "each match becomes [NAME]."));
    }

    @Override
    public List<String> problems(PluginConfig config) {
        List<String> problems = new ArrayList<>();
        try {
            custom(config.string("customPatterns").orElse(""));
        } catch (IllegalArgumentException e) {
            problems.add("customPatterns: " + e.getMessage());
        }
        return problems;
    }

    @Override
    public Guardrail create(PluginContext context, PluginConfig config) {
        List<Detector> detectors = new ArrayList<>();
        add(detectors, config.bool("emails"), Detector.EMAIL);
        add(detectors, config.bool("ibans"), Detector.IBAN);
        add(detectors, config.bool("cards"), Detector.CARD);
        add(detectors, config.bool("ips"), Detector.IP);
        add(detectors, config.bool("phones"), Detector.PHONE);
        detectors.addAll(custom(config.string("customPatterns").orElse("")));
        return new PiiGuardrail(detectors);
    }

    private static void add(List<Detector> detectors, boolean on, Detector detector) {
        if (on) {
            detectors.add(detector);
        }
    }

    /** {@code NAME=regex;NAME=regex}: the tenant's own detectors. @throws IllegalArgumentException saying which is wrong */
    static List<Detector> custom(String value) {
        List<Detector> detectors = new ArrayList<>();
        Predicate<String> any = candidate -> true;
        for (String entry : value.split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            String name = eq < 0 ? "" : entry.substring(0, eq).strip();
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("'" + entry.strip() + "' must be NAME=regular expression, NAME in "
                        + "capitals, digits and _ (2-30 characters)");
            }
            String regex = entry.substring(eq + 1).strip();
            try {
                Pattern pattern = Pattern.compile(regex);
                if (pattern.matcher("").matches()) {
                    throw new IllegalArgumentException(name + " matches the empty text; it must match something");
                }
                detectors.add(new Detector(name, pattern, any));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException(name + " is not a regular expression: " + e.getDescription());
            }
        }
        return detectors;
    }
}
