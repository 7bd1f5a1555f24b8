package io.corrigo.server.health;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Knowledge gaps: the questions that went unanswered (abstained, or rated not helpful), grouped by similar wording, so
 * that an admin sees "how do I reset my password" once with its eight variants rather than eight rows. Two questions
 * are alike when their content words overlap by at least {@link #SIMILAR} (Jaccard); a group is led by its most
 * unanswered wording.
 */
public final class KnowledgeGaps {

    /** The least overlap of content words for two questions to be one gap. */
    static final double SIMILAR = 0.5;

    private static final Set<String> STOP = Set.of("a", "an", "the", "is", "are", "was", "were", "be", "do", "does",
            "did", "i", "you", "we", "it", "its", "my", "your", "our", "of", "to", "in", "on", "at", "for", "by", "with",
            "and", "or", "can", "could", "how", "what", "when", "where", "who", "why", "which", "there", "this", "that",
            "about", "from", "me", "much", "many", "will", "would", "should", "has", "have", "had");

    /**
     * One gap.
     *
     * @param question   its most unanswered wording
     * @param unanswered unanswered askings of every wording in it
     * @param asked      askings of every wording in it
     * @param wordings   the wordings grouped in it, the leading one first
     */
    public record Gap(String question, long unanswered, long asked, List<String> wordings) {
    }

    private KnowledgeGaps() {
    }

    /** Groups {@code questions} (each with its counts) into gaps, the most unanswered first. */
    public static List<Gap> group(List<HealthService.QuestionCount> questions) {
        List<HealthService.QuestionCount> ordered = new ArrayList<>(questions);
        ordered.sort(Comparator.comparingLong(HealthService.QuestionCount::unanswered).reversed()
                .thenComparing(HealthService.QuestionCount::question));
        List<List<HealthService.QuestionCount>> groups = new ArrayList<>();
        List<Set<String>> words = new ArrayList<>();
        for (HealthService.QuestionCount q : ordered) {
            Set<String> own = words(q.question());
            int match = -1;
            for (int g = 0; g < groups.size() && match < 0; g++) {
                if (jaccard(own, words.get(g)) >= SIMILAR) {
                    match = g;
                }
            }
            if (match < 0) {
                groups.add(new ArrayList<>(List.of(q)));
                words.add(own);
            } else {
                groups.get(match).add(q);
            }
        }
        List<Gap> gaps = new ArrayList<>();
        for (List<HealthService.QuestionCount> group : groups) {
            gaps.add(new Gap(group.get(0).question(), group.stream().mapToLong(HealthService.QuestionCount::unanswered).sum(),
                    group.stream().mapToLong(HealthService.QuestionCount::asked).sum(),
                    group.stream().map(HealthService.QuestionCount::question).toList()));
        }
        gaps.sort(Comparator.comparingLong(Gap::unanswered).reversed().thenComparing(Gap::question));
        return gaps;
    }

    /** The content words of a question: lower case, letters and digits, no stop words. */
    static Set<String> words(String question) {
        Set<String> words = new LinkedHashSet<>();
        for (String token : question.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (token.length() > 1 && !STOP.contains(token)) {
                words.add(token.length() > 4 && token.endsWith("s") ? token.substring(0, token.length() - 1) : token);
            }
        }
        return words;
    }

    private static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() && b.isEmpty()) {
            return 1;
        }
        Set<String> union = new LinkedHashSet<>(a);
        union.addAll(b);
        long common = a.stream().filter(b::contains).count();
        return (double) common / union.size();
    }
}
