package io.corrigo.server.run;

/**
 * Where a question came from, as the run log records it.
 *
 * @param name  {@code api} (an admin's credentials), {@code playground}, {@code widget} (a publishable key) or
 *              {@code openai} (the OpenAI-compatible endpoint with a secret key) or {@code mcp} (the MCP server, with a
 *              secret key)
 * @param keyId the key it came with, or {@code null}
 */
public record RunChannel(String name, String keyId) {

    public static final RunChannel API = new RunChannel("api", null);
    public static final RunChannel PLAYGROUND = new RunChannel("playground", null);

    public static RunChannel widget(String keyId) {
        return new RunChannel("widget", keyId);
    }

    public static RunChannel openai(String keyId) {
        return new RunChannel("openai", keyId);
    }

    public static RunChannel mcp(String keyId) {
        return new RunChannel("mcp", keyId);
    }
}
