package io.corrigo.plugins.lightweightevaluator;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Loads the transformers this plugin ships (the answer reader, the answer check) from its own resources: an int8 ONNX
 * file run by the host's ONNX Runtime on at most two threads, and the WordPiece tokenizer they share, set to add no
 * special tokens and cut nothing (the callers build and cut their sequences). Never downloads anything.
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
            options.setIntraOpNumThreads(Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())));
            return environment.createSession(model, options);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot load " + name + ": " + e.getMessage(), e);
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
