package io.corrigo.engine.analyse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import opennlp.tools.postag.POSModel;
import opennlp.tools.postag.POSTaggerME;

/**
 * English part-of-speech tags (Universal Dependencies: {@code NOUN}, {@code PROPN}, {@code VERB}, {@code AUX},
 * {@code ADP}, …) from Apache OpenNLP's model trained on the UD English Web Treebank (Apache-2.0), read once from the
 * class path (the {@code opennlp-models-pos-en} jar; nothing is downloaded). The model is shared; a tagger is made per
 * thread, as OpenNLP's taggers are not thread-safe, and each thread keeps the tags of the last 64 sentences it read.
 *
 * <p>What the tags are trusted for is small: whether a lower-case word of a question is a verb, so that a noun phrase
 * read from it does not run on into its verb ("Mount Vesuvius destroy"). A capitalised word is never taken for a verb
 * here, whatever the model says: the model reads "Mount" in "Mount Vesuvius" as one.
 */
public final class PartsOfSpeech {

    /** The model's resource inside its jar. */
    static final String MODEL = "opennlp-en-ud-ewt-pos-1.3-2.5.4.bin";

    private static final ThreadLocal<POSTaggerME> TAGGER = ThreadLocal.withInitial(() -> new POSTaggerME(Model.POS));
    /** The sentences this thread tagged last: a conversation's earlier turns are read again for every follow-up. */
    private static final ThreadLocal<Map<List<String>, List<String>>> RECENT = ThreadLocal.withInitial(
            () -> new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<List<String>, List<String>> eldest) {
                    return size() > 64;
                }
            });

    private PartsOfSpeech() {
    }

    private static final class Model {
        static final POSModel POS = load();

        private static POSModel load() {
            try (InputStream in = PartsOfSpeech.class.getClassLoader().getResourceAsStream(MODEL)) {
                if (in == null) {
                    throw new IllegalStateException("the part-of-speech model " + MODEL + " is not on the class path "
                            + "(org.apache.opennlp:opennlp-models-pos-en)");
                }
                return new POSModel(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the part-of-speech model " + MODEL, e);
            }
        }
    }

    /** The tag of each word, in order (the words as a tokenizer split them; punctuation as words of its own). */
    public static List<String> tags(List<String> words) {
        if (words.isEmpty()) {
            return List.of();
        }
        return RECENT.get().computeIfAbsent(List.copyOf(words), w -> List.of(TAGGER.get().tag(w.toArray(String[]::new))));
    }

    /**
     * Whether the word at {@code index} of {@code words}, tagged {@code tags}, is a lower-case word that names nothing: a
     * particle, a preposition or a conjunction ("grow up"), never part of a noun phrase. Adverbs are not trusted: the
     * model reads "overtime" as one.
     */
    public static boolean particle(List<String> words, List<String> tags, int index) {
        String word = words.get(index);
        return !word.isEmpty() && !Character.isUpperCase(word.codePointAt(0))
                && java.util.Set.of("PART", "ADP", "SCONJ", "CCONJ").contains(tags.get(index));
    }

    /**
     * Whether the word at {@code index} of {@code words}, tagged {@code tags}, is a lower-case verb. Whatever its tag, a
     * word right after a determiner is not ("the works council"), nor an "-ing" word right before a noun, which
     * modifies it ("a bike leasing scheme", "the parking rules").
     */
    public static boolean verb(List<String> words, List<String> tags, int index) {
        String word = words.get(index);
        if (word.isEmpty() || Character.isUpperCase(word.codePointAt(0)) || !"VERB".equals(tags.get(index))
                || index > 0 && "DET".equals(tags.get(index - 1))) {
            return false;
        }
        boolean beforeNoun = index + 1 < tags.size() && "NOUN".equals(tags.get(index + 1));
        return !(beforeNoun && word.toLowerCase(java.util.Locale.ROOT).endsWith("ing"));
    }
}
