package io.corrigo.server.plugin;

import io.corrigo.api.CriticFactory;
import io.corrigo.api.EvaluatorFactory;
import io.corrigo.api.GeneratorFactory;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.QueryRewriterFactory;
import io.corrigo.api.RetrieverFactory;
import io.corrigo.api.SearchProviderFactory;

/** The kinds of extension a pipeline is built from, with the stage key pipelines use for each. */
public enum PluginKind {
    RETRIEVER("retriever", RetrieverFactory.class, true),
    EVALUATOR("evaluator", EvaluatorFactory.class, true),
    SEARCH("search", SearchProviderFactory.class, false),
    GENERATOR("generator", GeneratorFactory.class, true),
    /** Self-RAG's critic: judges answers and decides retrieve-or-not; without one, answers are not critiqued. */
    CRITIC("critic", CriticFactory.class, false),
    /** Rewrites questions for web search and re-retrieval; without one, keywords are used. */
    REWRITER("rewriter", QueryRewriterFactory.class, false);

    private final String stage;
    private final Class<? extends PluginFactory<?>> factoryType;
    private final boolean required;

    PluginKind(String stage, Class<? extends PluginFactory<?>> factoryType, boolean required) {
        this.stage = stage;
        this.factoryType = factoryType;
        this.required = required;
    }

    /** Whether every pipeline needs this stage. */
    public boolean required() {
        return required;
    }

    /** The key of this stage in a pipeline definition. */
    public String stage() {
        return stage;
    }

    public Class<? extends PluginFactory<?>> factoryType() {
        return factoryType;
    }
}
