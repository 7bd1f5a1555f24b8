package io.corrigo.plugins.lightweightevaluator;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.huggingface.tokenizers.jni.CharSpan;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer reader: a small extractive transformer (MiniLM-L6, int8 ONNX, fine-tuned on SQuAD 2.0 with a no-answer
 * option; model card in the plugin README and {@code answer-reader/MODEL.md}) that reads a question and a passage and
 * says where in the passage the answer is, or that it is not there. Its <em>margin</em> (best span score minus the
 * no-answer score) is a second opinion on sufficiency; its span is a short answer.
 *
 * <p>A passage is read in windows of at most {@value #MAX_LENGTH} tokens ({@code [CLS] question [SEP] window [SEP]}),
 * as short as the passage allows; all windows of one call run as one batch. Thread-safe (ONNX Runtime sessions are);
 * loaded once per plugin start from the plugin's resources, never downloaded.
 */
final class AnswerReader implements AutoCloseable {

    /** The model file in the plugin's resources. */
    static final String MODEL = "answer-reader-minilm-l6-int8.onnx";
    static final int MAX_LENGTH = 256;
    static final int MAX_QUESTION = 64;
    static final int STRIDE = 96;
    static final int MAX_ANSWER = 40;

    /**
     * What the reader found in one passage.
     *
     * @param margin best span score minus the no-answer score: above the pipeline's threshold, the passage answers
     * @param answer the best span, as written in the passage
     */
    record Reading(double margin, String answer) {
    }

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;

    private AnswerReader(OrtEnvironment environment, OrtSession session, HuggingFaceTokenizer tokenizer) {
        this.environment = environment;
        this.session = session;
        this.tokenizer = tokenizer;
    }

    /** The shipped reader, loaded on first use and shared (it is immutable and thread-safe). */
    static AnswerReader shipped() {
        return Shipped.READER;
    }

    private static final class Shipped {
        static final AnswerReader READER = load();
    }

    private static AnswerReader load() {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        return new AnswerReader(environment, ShippedModels.session(environment, MODEL), ShippedModels.tokenizer());
    }

    /** One window of one passage: its tokens' ids and where each token is in the passage. */
    private record Window(int passage, long[] ids, CharSpan[] spans) {
    }

    /** Reads each passage for the question, all windows in one batch; a reading per passage, in order. */
    List<Reading> read(String question, List<String> passages) {
        long[] q = tokenizer.encode(question, false, false).getIds();
        if (q.length > MAX_QUESTION) {
            q = java.util.Arrays.copyOf(q, MAX_QUESTION);
        }
        int room = MAX_LENGTH - q.length - 3;
        List<Window> windows = new ArrayList<>();
        for (int p = 0; p < passages.size(); p++) {
            Encoding encoding = tokenizer.encode(passages.get(p), false, false);
            long[] ids = encoding.getIds();
            CharSpan[] spans = encoding.getCharTokenSpans();
            for (int start = 0; ; start += room - STRIDE) {
                int end = Math.min(ids.length, start + room);
                windows.add(new Window(p, java.util.Arrays.copyOfRange(ids, start, end),
                        java.util.Arrays.copyOfRange(spans, start, end)));
                if (end >= ids.length) {
                    break;
                }
            }
        }
        List<long[][]> rows = new ArrayList<>();
        for (Window w : windows) {
            rows.add(new long[][] {q, w.ids()});
        }
        float[][][] logits = ShippedModels.run(environment, session, "the answer reader", rows, "start_logits",
                "end_logits");
        float[][] starts = logits[0];
        float[][] ends = logits[1];
        double[] best = new double[passages.size()];
        double[] none = new double[passages.size()];
        String[] answers = new String[passages.size()];
        java.util.Arrays.fill(best, Double.NEGATIVE_INFINITY);
        java.util.Arrays.fill(none, Double.POSITIVE_INFINITY);
        int offset = q.length + 2;
        for (int b = 0; b < windows.size(); b++) {
            Window w = windows.get(b);
            int p = w.passage();
            none[p] = Math.min(none[p], starts[b][0] + ends[b][0]);
            for (int i = 0; i < w.ids().length; i++) {
                for (int j = i; j < Math.min(w.ids().length, i + MAX_ANSWER); j++) {
                    double score = starts[b][offset + i] + ends[b][offset + j];
                    if (score > best[p]) {
                        best[p] = score;
                        answers[p] = passages.get(p).substring(w.spans()[i].getStart(), w.spans()[j].getEnd());
                    }
                }
            }
        }
        List<Reading> readings = new ArrayList<>();
        for (int p = 0; p < passages.size(); p++) {
            readings.add(answers[p] == null ? new Reading(Double.NEGATIVE_INFINITY, null)
                    : new Reading(best[p] - none[p], answers[p]));
        }
        return readings;
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            // closing a session that failed to run: nothing left to release
        }
        tokenizer.close();
    }
}
