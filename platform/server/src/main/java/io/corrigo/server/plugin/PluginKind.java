package io.corrigo.server.plugin;

import io.corrigo.api.EvaluatorFactory;
import io.corrigo.api.GeneratorFactory;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.RetrieverFactory;
import io.corrigo.api.SearchProviderFactory;

/** The kinds of extension a pipeline is built from, with the stage key pipelines use for each. */
public enum PluginKind {
    RETRIEVER("retriever", RetrieverFactory.class),
    EVALUATOR("evaluator", EvaluatorFactory.class),
    SEARCH("search", SearchProviderFactory.class),
    GENERATOR("generator", GeneratorFactory.class);

    private final String stage;
    private final Class<? extends PluginFactory<?>> factoryType;

    PluginKind(String stage, Class<? extends PluginFactory<?>> factoryType) {
        this.stage = stage;
        this.factoryType = factoryType;
    }

    /** The key of this stage in a pipeline definition. */
    public String stage() {
        return stage;
    }

    public Class<? extends PluginFactory<?>> factoryType() {
        return factoryType;
    }
}
