package io.corrigo.plugins.piiguardrail;

import io.corrigo.api.Guardrail;
import io.corrigo.api.Redaction;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;

/**
 * Replaces what its detectors find with {@code [KIND]}, detector by detector in order (so that what one replaced no
 * later one sees), and counts each kind.
 */
final class PiiGuardrail implements Guardrail {

    private final List<Detector> detectors;

    PiiGuardrail(List<Detector> detectors) {
        this.detectors = List.copyOf(detectors);
    }

    @Override
    public Redaction redact(String text) {
        String current = text;
        List<Redaction.Found> found = new ArrayList<>();
        for (Detector detector : detectors) {
            Matcher m = detector.pattern().matcher(current);
            StringBuilder out = new StringBuilder(current.length());
            int count = 0;
            while (m.find()) {
                if (detector.valid().test(m.group())) {
                    m.appendReplacement(out, Matcher.quoteReplacement("[" + detector.kind() + "]"));
                    count++;
                }
            }
            if (count > 0) {
                m.appendTail(out);
                current = out.toString();
                found.add(new Redaction.Found(detector.kind(), count));
            }
        }
        return found.isEmpty() ? Redaction.none(text) : new Redaction(current, found);
    }
}
