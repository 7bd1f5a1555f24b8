package io.corrigo.server.eval;

import io.corrigo.api.Grade;
import java.util.List;

/**
 * What a replayed outcome (the action and whether the answer abstained) is worth for one recorded question during
 * calibration: a benchmark label, or a user's rating of a real run.
 */
public sealed interface Label permits Label.Gold, Label.Feedback {

    /** The credit of the replayed outcome, in [0, 1]. */
    double credit(Grade action, boolean abstained);

    /** Whether the question has an answer: true, false (the right outcome is an abstention), or null when unknown. */
    Boolean answerable();

    /** The sentences that answer it, for context precision and recall; empty when unknown. */
    List<String> goldSentences();

    /** A labelled question: credit as the benchmark's route accuracy. */
    record Gold(EvalQuestion question) implements Label {

        @Override
        public double credit(Grade action, boolean abstained) {
            return EvalMetrics.routeCredit(question.goldRoute(), action.name(), abstained);
        }

        @Override
        public Boolean answerable() {
            return !question.goldRoute().equals("none");
        }

        @Override
        public List<String> goldSentences() {
            return question.goldRoute().equals("none") ? List.of() : question.goldSentences();
        }
    }

    /**
     * A user's rating of a run that answered with {@code action} (abstaining or not). A helpful run's outcome was
     * right: a replay earns 1 for the same outcome, 0.5 for a neighbouring one that still answers (knowledge base
     * alone ↔ both ↔ fallback alone), else 0. A run rated not helpful had the wrong outcome: the replay earns the
     * complement. A rating says nothing of which sentences answer, so there is no context precision or recall.
     *
     * @param helpful   the rating
     * @param action    the action of the rated run
     * @param abstained whether the rated run abstained
     */
    record Feedback(boolean helpful, Grade action, boolean abstained) implements Label {

        @Override
        public double credit(Grade replayedAction, boolean replayedAbstained) {
            double agreement = agreement(outcome(action, abstained), outcome(replayedAction, replayedAbstained));
            return helpful ? agreement : 1 - agreement;
        }

        @Override
        public Boolean answerable() {
            if (abstained) {
                return !helpful; // a helpful abstention: nothing answers; an unhelpful one: something should have
            }
            return helpful ? Boolean.TRUE : null; // an unhelpful answer may have needed another route or no answer
        }

        @Override
        public List<String> goldSentences() {
            return List.of();
        }

        /** 0 abstains, 1 answers from the knowledge base, 2 from both, 3 from the fallback alone. */
        private static int outcome(Grade action, boolean abstained) {
            if (abstained) {
                return 0;
            }
            return switch (action) {
                case CORRECT -> 1;
                case AMBIGUOUS -> 2;
                case INCORRECT -> 3;
            };
        }

        private static double agreement(int rated, int replayed) {
            if (rated == replayed) {
                return 1;
            }
            return rated != 0 && replayed != 0 && Math.abs(rated - replayed) == 1 ? 0.5 : 0;
        }
    }
}
