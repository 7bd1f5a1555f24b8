package io.corrigo.engine.refine;

import io.corrigo.api.text.Terms;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which scored sentences a refined context keeps (CRAG's filter step), as one pure rule that the refiner and the
 * threshold calibration both apply: at or above the strip threshold, at least {@code stripRatio} of the best score,
 * best first while they fit the token budget, a repeated sentence once. Sentences whose scoring failed are dropped.
 */
public final class StripSelection {

    /**
     * A sentence with its score.
     *
     * @param text  the sentence
     * @param score its score in [0, 1]
     * @param error why it could not be scored, or {@code null}
     */
    public record Scored(String text, double score, String error) {

        /** A sentence scored without error. */
        public Scored(String text, double score) {
            this(text, score, null);
        }
    }

    /**
     * The choice, aligned with the candidates as given.
     *
     * @param ranked  indexes into the candidates, best score first
     * @param taken   per candidate: kept in the context
     * @param reasons per candidate: "kept" or why it was dropped
     * @param tokens  the tokens the kept sentences take
     */
    public record Selection(List<Integer> ranked, boolean[] taken, String[] reasons, int tokens) {
    }

    private StripSelection() {
    }

    /** The sentences of {@code candidates} a context keeps. */
    public static Selection select(List<Scored> candidates, double stripThreshold, double stripRatio, int tokenBudget) {
        List<Integer> ranked = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            ranked.add(i);
        }
        ranked.sort(Comparator.comparingDouble((Integer i) -> candidates.get(i).score()).reversed());
        double floor = candidates.stream().filter(c -> c.error() == null).mapToDouble(Scored::score).max().orElse(0)
                * stripRatio;
        boolean[] taken = new boolean[candidates.size()];
        String[] reasons = new String[candidates.size()];
        Set<String> seenTexts = new HashSet<>();
        int tokens = 0;
        for (int i : ranked) {
            Scored c = candidates.get(i);
            int size = Terms.tokens(c.text()).size();
            if (c.error() != null) {
                reasons[i] = c.error();
            } else if (c.score() < stripThreshold) {
                reasons[i] = String.format(Locale.ROOT, "below strip threshold (%.3f < %.3f)", c.score(), stripThreshold);
            } else if (c.score() < floor) {
                reasons[i] = String.format(Locale.ROOT, "below %.0f %% of the best sentence's score (%.3f < %.3f)",
                        stripRatio * 100, c.score(), floor);
            } else if (!seenTexts.add(String.join(" ", Terms.tokens(c.text())))) {
                reasons[i] = "repeats a kept sentence";
            } else if (tokens + size > tokenBudget) {
                reasons[i] = "over the token budget (" + tokenBudget + ")";
            } else {
                tokens += size;
                taken[i] = true;
                reasons[i] = "kept";
            }
        }
        return new Selection(List.copyOf(ranked), taken, reasons, tokens);
    }
}
