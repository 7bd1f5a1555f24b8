package io.corrigo.plugins.llm;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.ollama.OllamaStreamingChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a model is served and how to call it, turned into LangChain4j chat models. Retries are left to the host's
 * guard (one budget for timeout, retries and breaker), so LangChain4j's own are switched off.
 *
 * @param api            {@code openai} (any OpenAI-compatible server: OpenAI, vLLM, llama.cpp, LM Studio) or {@code ollama}
 * @param baseUrl        e.g. {@code https://api.openai.com/v1} or {@code http://localhost:11434}
 * @param model          the model name
 * @param apiKey         the API key, or blank for servers without one
 * @param temperature    sampling temperature
 * @param maxTokens      the most tokens to generate
 * @param timeoutSeconds the HTTP timeout of one call
 */
record ModelEndpoint(String api, String baseUrl, String model, String apiKey, double temperature, int maxTokens,
                     int timeoutSeconds) {

    static final String OPENAI = "openai";
    static final String OLLAMA = "ollama";

    /** The settings of an endpoint; {@code api} is offered only when the factory serves both kinds. */
    static List<ConfigProperty> properties(String fixedApi, String defaultUrl, String defaultModel, int defaultMaxTokens) {
        List<ConfigProperty> properties = new ArrayList<>();
        if (fixedApi == null) {
            properties.add(ConfigProperty.string("api", "API", OPENAI).asRequired()
                    .withDescription("'openai' for OpenAI-compatible servers (OpenAI, vLLM, llama.cpp server, LM Studio), "
                            + "'ollama' for Ollama."));
        }
        properties.add(ConfigProperty.string("baseUrl", "Base URL", defaultUrl).asRequired()
                .withDescription("The server's API root, e.g. https://api.openai.com/v1, or a vLLM or Ollama server "
                        + "(https://vllm.example.com/v1, https://ollama.example.com). The host's outbound policy refuses "
                        + "addresses on this machine and private networks unless the platform admin allows them "
                        + "(CORRIGO_OUTBOUND_ALLOW, e.g. 127.0.0.1 or 10.20.0.0/16)."));
        properties.add(ConfigProperty.string("model", "Model", defaultModel).asRequired()
                .withDescription("The model name the server knows, e.g. gpt-4o-mini, llama3.1, selfrag/selfrag_llama2_7b."));
        if (!OLLAMA.equals(fixedApi)) {
            properties.add(ConfigProperty.string("apiKey", "API key", null).asSecret()
                    .withDescription("Sent as a Bearer token; leave empty for local servers without keys."));
        }
        properties.add(ConfigProperty.decimal("temperature", "Temperature", 0.0).withRange(0, 2)
                .withDescription("0 for the most deterministic output."));
        properties.add(ConfigProperty.integer("maxTokens", "Max tokens", defaultMaxTokens).withRange(1, 32_000)
                .withDescription("The most tokens the model may generate per call."));
        properties.add(ConfigProperty.integer("timeoutSeconds", "HTTP timeout (s)", 60).withRange(1, 600)
                .withDescription("Per call; the pipeline's model resilience settings bound the whole call too."));
        return properties;
    }

    /** What no model endpoint could start with: an unknown api, a base URL that is not http(s) with a host. */
    static List<String> problems(PluginConfig config, String fixedApi) {
        List<String> problems = new ArrayList<>();
        String api = fixedApi != null ? fixedApi : config.string("api").orElse(OPENAI).strip().toLowerCase(Locale.ROOT);
        if (!api.equals(OPENAI) && !api.equals(OLLAMA)) {
            problems.add("api: must be 'openai' or 'ollama', was '" + api + "'");
        }
        String url = config.string("baseUrl").orElse("").strip();
        if (!url.matches("(?i)https?://[^/?#\\s]+.*")) {
            problems.add("baseUrl: must be the model server's http:// or https:// URL, was '" + url + "'");
        }
        return problems;
    }

    static ModelEndpoint from(PluginConfig config, String fixedApi) {
        String api = fixedApi != null ? fixedApi : config.string("api").orElse(OPENAI).strip().toLowerCase(Locale.ROOT);
        if (!api.equals(OPENAI) && !api.equals(OLLAMA)) {
            throw new InvalidConfigException(List.of("api: must be 'openai' or 'ollama', was '" + api + "'"));
        }
        String key = OLLAMA.equals(fixedApi) ? "" : config.string("apiKey").orElse("");
        return new ModelEndpoint(api, config.string("baseUrl").orElseThrow().strip(),
                config.string("model").orElseThrow().strip(), key, config.decimal("temperature"), (int) config.integer("maxTokens"),
                (int) config.integer("timeoutSeconds"));
    }

    ChatModel chatModel() {
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        if (api.equals(OLLAMA)) {
            return OllamaChatModel.builder().baseUrl(baseUrl).modelName(model).temperature(temperature)
                    .numPredict(maxTokens).timeout(timeout).maxRetries(0).build();
        }
        return OpenAiChatModel.builder().baseUrl(baseUrl).apiKey(apiKey.isBlank() ? "none" : apiKey).modelName(model)
                .temperature(temperature).maxTokens(maxTokens).timeout(timeout).maxRetries(0).build();
    }

    StreamingChatModel streamingModel() {
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        if (api.equals(OLLAMA)) {
            return OllamaStreamingChatModel.builder().baseUrl(baseUrl).modelName(model).temperature(temperature)
                    .numPredict(maxTokens).timeout(timeout).build();
        }
        return OpenAiStreamingChatModel.builder().baseUrl(baseUrl).apiKey(apiKey.isBlank() ? "none" : apiKey)
                .modelName(model).temperature(temperature).maxTokens(maxTokens).timeout(timeout).build();
    }

    /** For logs and errors: never the key. */
    @Override
    public String toString() {
        return api + " " + model + " at " + baseUrl;
    }
}
