package io.corrigo.engine.settings;

import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Self-RAG part of a pipeline: whether to decide if a question needs retrieval at all, whether to critique
 * answers before serving them, and how strict the critique is.
 *
 * @param decideRetrieval whether greetings, thanks and questions about the assistant skip retrieval (the critic's
 *                        decision when it has one, else the host's heuristic); off: always retrieve
 * @param critique        whether answers are critiqued (ISSUP per sentence, ISUSE for the whole) before serving;
 *                        needs a critic stage, or a generator emitting Self-RAG reflection tokens
 * @param minSupport      the least mean sentence support (fully 1, partially 0.5, none 0) an answer needs to be
 *                        served without another round (0–1)
 * @param minUsefulness   the least usefulness (1–5) an answer needs to be served without another round
 * @param maxRounds       how many more attempts (regenerate or re-retrieve) after the first answer (0–5)
 */
public record SelfRagSettings(boolean decideRetrieval, boolean critique, double minSupport, int minUsefulness,
                              int maxRounds) {

    /**
     * The settings described as data, with defaults and bounds: on, with two more rounds at most (Self-RAG's own
     * default depth is small; every round costs a generation).
     */
    private static final List<ConfigProperty> PROPERTIES = List.of(
            ConfigProperty.bool("decideRetrieval", "Decide whether a question needs retrieval", true)
                    .withDescription("Greetings and chit-chat skip retrieval (Self-RAG's Retrieve decision)."),
            ConfigProperty.bool("critique", "Critique answers before serving them", true)
                    .withDescription("Each answer sentence is checked against the context (ISSUP) and the answer rated (ISUSE)."),
            ConfigProperty.decimal("minSupport", "Least sentence support to serve", 0.8).withRange(0, 1)
                    .withDescription("Mean support over the answer's sentences: fully 1, partially 0.5, none 0."),
            ConfigProperty.integer("minUsefulness", "Least usefulness to serve", 3).withRange(1, 5),
            ConfigProperty.integer("maxRounds", "Extra rounds at most (regenerate / re-retrieve)", 2)
                    .withRange(0, 5));

    /** The defaults of {@link #properties()}. */
    public static final SelfRagSettings DEFAULTS = from(Map.of());

    /** Neither decision nor critique: the CRAG pipeline alone. */
    public static final SelfRagSettings OFF = new SelfRagSettings(false, false, DEFAULTS.minSupport(),
            DEFAULTS.minUsefulness(), DEFAULTS.maxRounds());

    /** The settings described as data; their paths in a pipeline are {@code selfRag.<name>}. */
    public static List<ConfigProperty> properties() {
        return PROPERTIES;
    }

    /** The values by property name, as text. */
    public Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("decideRetrieval", Boolean.toString(decideRetrieval));
        values.put("critique", Boolean.toString(critique));
        values.put("minSupport", Double.toString(minSupport));
        values.put("minUsefulness", Integer.toString(minUsefulness));
        values.put("maxRounds", Integer.toString(maxRounds));
        return values;
    }

    /**
     * Settings from {@link #values()}-style text; missing ones take their defaults.
     *
     * @throws InvalidConfigException one problem per wrong setting, its path {@code selfRag.<name>}
     */
    public static SelfRagSettings from(Map<String, String> values) {
        PluginConfig c;
        try {
            c = PluginConfig.resolve(PROPERTIES, values);
        } catch (InvalidConfigException e) {
            throw InvalidConfigException.of(e.details().stream().map(p -> p.under("selfRag")).toList());
        }
        return Checked.construct(() -> new SelfRagSettings(c.bool("decideRetrieval"), c.bool("critique"),
                c.decimal("minSupport"), (int) c.integer("minUsefulness"), (int) c.integer("maxRounds")));
    }

    public SelfRagSettings {
        List<String> problems = new ArrayList<>();
        Checked.range(PROPERTIES, "selfRag.", "minSupport", minSupport, problems);
        Checked.range(PROPERTIES, "selfRag.", "minUsefulness", minUsefulness, problems);
        Checked.range(PROPERTIES, "selfRag.", "maxRounds", maxRounds, problems);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }
}
