package io.corrigo.plugins.lightweightevaluator;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer check: a cross-encoder (MiniLM-L6, int8 ONNX; trained by {@code tools/answer-check}, model card in the
 * plugin README) that reads a question and one candidate sentence, with what it stands among (its document's title, the
 * sentence before it and the one after), and says how likely the sentence states what is asked — a probability, the
 * one judgement the grader, refinement and the critic share.
 *
 * <p>A sequence is {@code [CLS] question [SEP] sentence [SEP] title: neighbours [SEP]}, the question cut to
 * {@value #MAX_QUESTION} tokens, the sentence to {@value #MAX_CANDIDATE}, the neighbours to what is left of
 * {@value #MAX_LENGTH}, exactly as in training. All pairs of one call run as one batch; pairs seen recently
 * (the critic re-reads what the grader read) come from a small cache. Thread-safe; loaded once from the plugin's
 * resources, never downloaded.
 */
final class AnswerCheck implements AutoCloseable {

    /** The model file in the plugin's resources. */
    static final String MODEL = "answer-check-minilm-l6-int8.onnx";
    static final int MAX_LENGTH = 128;
    static final int MAX_QUESTION = 40;
    static final int MAX_CANDIDATE = 64;
    private static final int CACHE = 4096;

    /**
     * One sentence to check.
     *
     * @param sentence   the sentence judged
     * @param title      its document's title, or {@code null}
     * @param neighbours the sentence before it and the one after, as one text ({@code ""} when it stands alone)
     */
    record Candidate(String sentence, String title, String neighbours) {

        Candidate {
            neighbours = neighbours == null ? "" : neighbours;
        }

        /** The sentence at {@code index} of a passage's {@code sentences}, with its neighbours there. */
        static Candidate in(List<String> sentences, int index, String title) {
            String before = index > 0 ? sentences.get(index - 1) : "";
            String after = index + 1 < sentences.size() ? sentences.get(index + 1) : "";
            return new Candidate(sentences.get(index), title, (before + " " + after).strip());
        }

        /** What it stands among, as the check reads it: "title: neighbours". */
        String context() {
            return (title == null || title.isBlank() ? "" : title + ": ") + neighbours;
        }
    }

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final Map<String, Double> seen = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Double> eldest) {
            return size() > CACHE;
        }
    };

    private AnswerCheck(OrtEnvironment environment, OrtSession session, HuggingFaceTokenizer tokenizer) {
        this.environment = environment;
        this.session = session;
        this.tokenizer = tokenizer;
    }

    /** The shipped check, loaded on first use and shared. */
    static AnswerCheck shipped() {
        return Shipped.CHECK;
    }

    private static final class Shipped {
        static final AnswerCheck CHECK = load();
    }

    private static AnswerCheck load() {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        return new AnswerCheck(environment, ShippedModels.session(environment, MODEL), ShippedModels.tokenizer());
    }

    /** A check from another model file of the same shape (a newly trained one, before it is shipped). */
    static AnswerCheck of(java.nio.file.Path model) {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        try {
            return new AnswerCheck(environment, ShippedModels.session(environment, model.toString(),
                    java.nio.file.Files.readAllBytes(model)), ShippedModels.tokenizer());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + model, e);
        }
    }

    /** The probability that each candidate states what the question asks, in order; one batch for what is not cached. */
    double[] probabilities(String question, List<Candidate> candidates) {
        double[] result = new double[candidates.size()];
        List<Integer> missing = new ArrayList<>();
        synchronized (seen) {
            for (int i = 0; i < candidates.size(); i++) {
                Double known = seen.get(key(question, candidates.get(i)));
                if (known == null) {
                    missing.add(i);
                } else {
                    result[i] = known;
                }
            }
        }
        if (missing.isEmpty()) {
            return result;
        }
        long[] q = tokenizer.encode(question, false, false).getIds();
        if (q.length > MAX_QUESTION) {
            q = Arrays.copyOf(q, MAX_QUESTION);
        }
        List<long[][]> rows = new ArrayList<>();
        for (int m : missing) {
            Candidate candidate = candidates.get(m);
            long[] text = cut(tokenizer.encode(candidate.sentence(), false, false).getIds(), MAX_CANDIDATE);
            long[] context = cut(tokenizer.encode(candidate.context(), false, false).getIds(),
                    Math.max(0, MAX_LENGTH - q.length - text.length - 4));
            rows.add(new long[][] {q, text, context});
        }
        float[][] logits = ShippedModels.run(environment, session, "the answer check", rows, "logits")[0];
        synchronized (seen) {
            for (int b = 0; b < missing.size(); b++) {
                double p = 1 / (1 + Math.exp(-logits[b][0]));
                result[missing.get(b)] = p;
                seen.put(key(question, candidates.get(missing.get(b))), p);
            }
        }
        return result;
    }

    /** A sentence as a reason in the trace shows it: at most 80 characters. */
    static String shown(String sentence) {
        return sentence.length() <= 80 ? sentence : sentence.substring(0, 77) + "...";
    }

    private static long[] cut(long[] ids, int max) {
        return ids.length > max ? Arrays.copyOf(ids, max) : ids;
    }

    private static String key(String question, Candidate candidate) {
        return question + '\u0000' + candidate.sentence() + '\u0000' + candidate.context();
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            // nothing left to release
        }
        tokenizer.close();
    }
}
