package io.corrigo.plugins.lightweightevaluator;

/**
 * What the factories built on the shipped answerhood model share: the model, read once per plugin start (the weights
 * are part of the plugin version) and shared by every instance (it is immutable); an id and a help text; and pure
 * computation on the host's embeddings, so the host needs no timeout hop around their calls.
 */
abstract class AnswerhoodModelFactory {

    protected final AnswerhoodModel model = AnswerhoodModel.shipped();
    private final String id;
    private final String description;

    AnswerhoodModelFactory(String id, String description) {
        this.id = id;
        this.description = description;
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    public boolean inProcess() {
        return true;
    }
}
