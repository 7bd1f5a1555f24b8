package io.corrigo.plugins.lightweightevaluator;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * Loads the transformers this plugin ships (the answer reader, the answer check) from its own resources: an int8 ONNX
 * file run by the host's ONNX Runtime on the calling thread, and the WordPiece tokenizer they share, set to add no
 * special tokens and cut nothing (the callers build and cut their sequences). Never downloads anything.
 *
 * <p>One thread a run and no spinning: concurrent questions already keep the cores busy, and ONNX Runtime's default
 * pool spins between runs, burning CPU that other questions need (as the host's embedding model did before it was
 * run the same way).
 */
final class ShippedModels {

    /** The WordPiece tokenizer both models read with (all-MiniLM-L6-v2's). */
    static final String TOKENIZER = "answer-reader-tokenizer.json";

    private ShippedModels() {
    }

    static HuggingFaceTokenizer tokenizer() {
        try (InputStream vocabulary = resource(TOKENIZER)) {
            return HuggingFaceTokenizer.newInstance(vocabulary, Map.of(
                    "addSpecialTokens", "false", "truncation", "false", "padding", "false", "modelMaxLength", "100000"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + TOKENIZER, e);
        }
    }

    static OrtSession session(OrtEnvironment environment, String model) {
        try (InputStream in = resource(model)) {
            return session(environment, model, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + model, e);
        }
    }

    /** A session for a model's bytes (named for the message when they do not load). */
    static OrtSession session(OrtEnvironment environment, String name, byte[] model) {
        try {
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            options.addConfigEntry("session.inter_op.allow_spinning", "0");
            return environment.createSession(model, options);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot load " + name + ": " + e.getMessage(), e);
        }
    }

    private static final long CLS = 101;
    private static final long SEP = 102;

    /**
     * Runs a BERT-style session on rows of token segments, each row packed as {@code [CLS] first [SEP] second [SEP] …}
     * (type 0 for the first segment and its {@code [SEP]}, 1 after), padded to the longest row; the named outputs, in
     * order, each {@code [rows][length]}.
     */
    static float[][][] run(OrtEnvironment environment, OrtSession session, String what, List<long[][]> rows,
                           String... outputs) {
        int length = 0;
        for (long[][] row : rows) {
            int n = 1;
            for (long[] segment : row) {
                n += segment.length + 1;
            }
            length = Math.max(length, n);
        }
        long[][] inputIds = new long[rows.size()][length];
        long[][] typeIds = new long[rows.size()][length];
        long[][] mask = new long[rows.size()][length];
        for (int b = 0; b < rows.size(); b++) {
            int at = 0;
            inputIds[b][at] = CLS;
            mask[b][at++] = 1;
            long[][] row = rows.get(b);
            for (int s = 0; s < row.length; s++) {
                for (long id : row[s]) {
                    inputIds[b][at] = id;
                    typeIds[b][at] = s == 0 ? 0 : 1;
                    mask[b][at++] = 1;
                }
                inputIds[b][at] = SEP;
                typeIds[b][at] = s == 0 ? 0 : 1;
                mask[b][at++] = 1;
            }
        }
        try (OnnxTensor ids = OnnxTensor.createTensor(environment, inputIds);
             OnnxTensor types = OnnxTensor.createTensor(environment, typeIds);
             OnnxTensor attention = OnnxTensor.createTensor(environment, mask);
             OrtSession.Result result = session.run(Map.of("input_ids", ids, "token_type_ids", types,
                     "attention_mask", attention))) {
            float[][][] values = new float[outputs.length][][];
            for (int o = 0; o < outputs.length; o++) {
                values[o] = (float[][]) result.get(outputs[o]).orElseThrow().getValue();
            }
            return values;
        } catch (OrtException e) {
            throw new IllegalStateException(what + " failed: " + e.getMessage(), e);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = ShippedModels.class.getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException("the plugin jar lacks " + name);
        }
        return in;
    }
}
