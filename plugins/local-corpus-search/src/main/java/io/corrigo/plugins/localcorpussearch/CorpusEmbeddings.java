package io.corrigo.plugins.localcorpussearch;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Passage;
import io.corrigo.api.Strip;
import io.corrigo.api.text.Boilerplate;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The corpus's passages embedded once, as ingestion embeds a knowledge-base passage: each prose sentence
 * ({@link Boilerplate#proseSentences}) and the passage as the mean of its sentences. Search results then come with
 * their embeddings, and the pipeline embeds nothing at query time (before, every result's sentences were embedded for
 * every query that fell back). The vectors are computed in the background after the provider starts ({@link #fill})
 * and kept in a file beside the corpus, so a restart reads them instead; a result whose passage is not embedded yet
 * is embedded on the spot and kept. Thread-safe.
 */
final class CorpusEmbeddings {

    private static final Logger LOG = Logger.getLogger(CorpusEmbeddings.class.getName());
    private static final int MAGIC = 0x434f5245; // "CORE"
    private static final int SAVE_EVERY = 500;

    /** One passage's vectors: the passage's and its sentences'. */
    private record Vectors(Embedding passage, List<Strip> strips) {
    }

    private final List<CorpusReader.Entry> entries;
    private final EmbeddingService embeddings;
    private final Path file;
    private final String fingerprint;
    private final AtomicReferenceArray<Vectors> vectors;
    private final AtomicInteger embedded = new AtomicInteger();
    private final AtomicBoolean stopped = new AtomicBoolean();

    /**
     * @param file where the vectors are kept between starts (read now if it matches this corpus and model)
     */
    CorpusEmbeddings(List<CorpusReader.Entry> entries, EmbeddingService embeddings, Path file) {
        this.entries = List.copyOf(entries);
        this.embeddings = embeddings;
        this.file = file;
        this.fingerprint = fingerprint(entries, embeddings);
        this.vectors = new AtomicReferenceArray<>(entries.size());
        load();
    }

    /** What the vectors depend on: the model and every passage's text (a changed corpus or model starts afresh). */
    String fingerprint() {
        return fingerprint;
    }

    /** How many passages are embedded so far, of {@link #size()}. */
    int embedded() {
        return embedded.get();
    }

    int size() {
        return entries.size();
    }

    /** The passage of entry {@code n} with its embedding and embedded sentences (embedding it now if need be). */
    Passage embed(int n, Passage passage) {
        Vectors v = vectors(n);
        return passage.withEmbeddings(v.passage(), v.strips());
    }

    /**
     * Embeds every passage not embedded yet, saving now and then and at the end; returns early when {@link #stop}ped.
     * Meant for a background thread.
     */
    void fill() {
        int sinceSave = 0;
        for (int n = 0; n < entries.size() && !stopped.get(); n++) {
            if (vectors.get(n) == null) {
                vectors(n);
                if (++sinceSave >= SAVE_EVERY) {
                    save();
                    sinceSave = 0;
                }
            }
        }
        if (sinceSave > 0 && !stopped.get()) {
            save();
        }
    }

    /** Stops a running {@link #fill} after the passage it is on. */
    void stop() {
        stopped.set(true);
    }

    private Vectors vectors(int n) {
        Vectors v = vectors.get(n);
        if (v != null) {
            return v;
        }
        String text = entries.get(n).text();
        List<String> sentences = Boilerplate.proseSentences(text);
        List<Strip> strips = new ArrayList<>(sentences.size());
        for (int i = 0; i < sentences.size(); i++) {
            strips.add(new Strip(i, sentences.get(i), embeddings.embed(sentences.get(i))));
        }
        Embedding passage = strips.isEmpty() ? embeddings.embed(text)
                : Embedding.meanOf(strips.stream().map(Strip::embedding).toList());
        Vectors computed = new Vectors(passage, List.copyOf(strips));
        if (vectors.compareAndSet(n, null, computed)) {
            embedded.incrementAndGet();
            return computed;
        }
        return vectors.get(n);
    }

    /** Writes the vectors embedded so far (whole file replaced at once: a crash leaves the previous one). */
    private synchronized void save() {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(file.getParent());
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(temporary)))) {
                out.writeInt(MAGIC);
                out.writeUTF(fingerprint);
                out.writeInt(entries.size());
                for (int n = 0; n < entries.size(); n++) {
                    Vectors v = vectors.get(n);
                    if (v == null) {
                        out.writeInt(-1);
                        continue;
                    }
                    out.writeInt(v.strips().size());
                    write(out, v.passage());
                    for (Strip strip : v.strips()) {
                        write(out, strip.embedding());
                    }
                }
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot keep the corpus embeddings in " + file + ": " + e);
        }
    }

    /** Reads the kept vectors when the file is of this corpus and model; otherwise starts afresh. */
    private void load() {
        if (!Files.isRegularFile(file)) {
            return;
        }
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readInt() != MAGIC || !in.readUTF().equals(fingerprint) || in.readInt() != entries.size()) {
                return; // another corpus, cut, or model: embedded afresh and overwritten
            }
            int dimension = embeddings.dimension();
            for (int n = 0; n < entries.size(); n++) {
                int count = in.readInt();
                if (count < 0) {
                    continue;
                }
                Embedding passage = read(in, dimension);
                List<String> sentences = Boilerplate.proseSentences(entries.get(n).text());
                if (sentences.size() != count) {
                    throw new IOException("entry " + n + " has " + sentences.size() + " sentences, the file " + count);
                }
                List<Strip> strips = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    strips.add(new Strip(i, sentences.get(i), read(in, dimension)));
                }
                vectors.set(n, new Vectors(passage, List.copyOf(strips)));
                embedded.incrementAndGet();
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "ignoring the kept corpus embeddings in " + file + ": " + e);
            for (int n = 0; n < entries.size(); n++) {
                vectors.set(n, null);
            }
            embedded.set(0);
        }
    }

    private static void write(DataOutputStream out, Embedding embedding) throws IOException {
        for (float value : embedding.toArray()) {
            out.writeFloat(value);
        }
    }

    private static Embedding read(DataInputStream in, int dimension) throws IOException {
        float[] values = new float[dimension];
        for (int i = 0; i < dimension; i++) {
            values[i] = in.readFloat();
        }
        return Embedding.of(values);
    }

    /** What the kept vectors depend on: the model and every passage's text, in order. */
    static String fingerprint(List<CorpusReader.Entry> entries, EmbeddingService embeddings) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((embeddings.modelId() + "/" + embeddings.dimension()).getBytes(StandardCharsets.UTF_8));
            for (CorpusReader.Entry entry : entries) {
                digest.update((byte) 0);
                digest.update(entry.text().getBytes(StandardCharsets.UTF_8));
            }
            return java.util.HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
