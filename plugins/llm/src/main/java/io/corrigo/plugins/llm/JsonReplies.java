package io.corrigo.plugins.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;

/** Reads the JSON object a model was asked for out of its reply, tolerating prose or code fences around it. */
final class JsonReplies {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonReplies() {
    }

    /** The first parseable JSON object in {@code reply}, if any. */
    static Optional<JsonNode> object(String reply) {
        if (reply == null) {
            return Optional.empty();
        }
        for (int start = reply.indexOf('{'); start >= 0; start = reply.indexOf('{', start + 1)) {
            int end = reply.lastIndexOf('}');
            while (end > start) {
                try {
                    JsonNode node = JSON.readTree(reply.substring(start, end + 1));
                    if (node != null && node.isObject()) {
                        return Optional.of(node);
                    }
                } catch (Exception ignored) {
                    // try a shorter span
                }
                end = reply.lastIndexOf('}', end - 1);
            }
        }
        return Optional.empty();
    }

    /** The reply shortened for a trace message. */
    static String excerpt(String reply) {
        String flat = reply == null ? "" : reply.replaceAll("\\s+", " ").strip();
        return flat.length() <= 80 ? flat : flat.substring(0, 77) + "...";
    }
}
