package io.corrigo.plugins.lightweightevaluator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The fitted answerhood grader: two logistic heads over {@link AnswerFeatures}, one for passages ("does this
 * passage answer the question?") and one for sentences ("does this sentence carry the answer?"). Each head
 * standardises the features with the means and scales of its training data and returns a probability.
 *
 * <p>The weights ship as a versioned resource ({@code answerhood-v1.properties}), written by the repository's
 * fitting command from SQuAD 2.0 (see the plugin README); this class only reads them, so a refit changes no code.
 */
public final class AnswerhoodModel {

    /** The resource the plugin ships. */
    public static final String RESOURCE = "answerhood-v1.properties";

    /** One logistic head: p = σ(bias + Σ w·(x − mean)/scale). */
    public record Head(double[] mean, double[] scale, double[] weights, double bias) {

        public Head {
            if (mean.length != weights.length || scale.length != weights.length) {
                throw new IllegalArgumentException("mean, scale and weights differ in length");
            }
        }

        /** The probability for one feature vector. */
        public double probability(double[] x) {
            if (x.length != weights.length) {
                throw new IllegalArgumentException("expected " + weights.length + " features, got " + x.length);
            }
            double z = bias;
            for (int i = 0; i < x.length; i++) {
                z += weights[i] * (x[i] - mean[i]) / scale[i];
            }
            return 1 / (1 + Math.exp(-z));
        }
    }

    private final String version;
    private final Head passage;
    private final Head sentence;
    private final double relevanceFloor;

    /**
     * @param relevanceFloor the sentence head's probability below which an answer sentence judged on its own is taken
     *                       not to answer the question (the critic's ISREL); 0 accepts everything
     */
    public AnswerhoodModel(String version, Head passage, Head sentence, double relevanceFloor) {
        this.version = version;
        this.passage = passage;
        this.sentence = sentence;
        this.relevanceFloor = relevanceFloor;
    }

    /**
     * The model shipped with the plugin, read once per plugin start (a class loader) and shared by the evaluator, the
     * reranker and the critic: it is immutable, and its weights are part of the plugin version.
     */
    public static AnswerhoodModel shipped() {
        return Shipped.MODEL;
    }

    /** Reads the shipped weights on first use. */
    private static final class Shipped {
        static final AnswerhoodModel MODEL = load();
    }

    private static AnswerhoodModel load() {
        try (InputStream in = AnswerhoodModel.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the plugin jar lacks " + RESOURCE);
            }
            Properties properties = new Properties();
            properties.load(in);
            return read(properties);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /** A model from its properties (the format {@code FitAnswerhood} writes). */
    public static AnswerhoodModel read(Properties p) {
        List<String> names = List.of(p.getProperty("features", "").split(","));
        if (!names.equals(AnswerFeatures.NAMES)) {
            throw new IllegalStateException("the weights were fitted for features " + names + ", this code computes "
                    + AnswerFeatures.NAMES + ": refit them");
        }
        return new AnswerhoodModel(p.getProperty("version", "?"), head(p, "passage"), head(p, "sentence"),
                Double.parseDouble(p.getProperty("sentence.relevanceFloor", "0")));
    }

    /** The properties that {@link #read} reads back. */
    public Properties write() {
        Properties p = new Properties();
        p.setProperty("version", version);
        p.setProperty("features", String.join(",", AnswerFeatures.NAMES));
        put(p, "passage", passage);
        put(p, "sentence", sentence);
        p.setProperty("sentence.relevanceFloor", Double.toString(relevanceFloor));
        return p;
    }

    private static Head head(Properties p, String name) {
        return new Head(doubles(p, name + ".mean"), doubles(p, name + ".scale"), doubles(p, name + ".weights"),
                Double.parseDouble(require(p, name + ".bias")));
    }

    private static void put(Properties p, String name, Head head) {
        p.setProperty(name + ".mean", join(head.mean()));
        p.setProperty(name + ".scale", join(head.scale()));
        p.setProperty(name + ".weights", join(head.weights()));
        p.setProperty(name + ".bias", Double.toString(head.bias()));
    }

    private static String join(double[] values) {
        return String.join(",", Arrays.stream(values).mapToObj(Double::toString).toList());
    }

    private static double[] doubles(Properties p, String key) {
        return Arrays.stream(require(p, key).split(",")).mapToDouble(Double::parseDouble).toArray();
    }

    private static String require(Properties p, String key) {
        String value = p.getProperty(key);
        if (value == null) {
            throw new IllegalStateException(RESOURCE + " lacks " + key);
        }
        return value;
    }

    public String version() {
        return version;
    }

    public Head passage() {
        return passage;
    }

    public Head sentence() {
        return sentence;
    }

    public double relevanceFloor() {
        return relevanceFloor;
    }
}
