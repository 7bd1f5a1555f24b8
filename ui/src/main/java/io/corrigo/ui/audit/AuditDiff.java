package io.corrigo.ui.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an audited change changed: the recorded before and after states (JSON) flattened to field paths
 * ({@code settings.topK}, {@code allowedOrigins[0]}) and compared, so an admin reads "topK: 8 → 5" instead of two
 * blobs. A state that is not JSON is compared as one value.
 */
final class AuditDiff {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One changed field.
     *
     * @param path   where, in the recorded state
     * @param before its value before, or {@code null} when it was added
     * @param after  its value after, or {@code null} when it was removed
     */
    record Change(String path, String before, String after) {
    }

    private AuditDiff() {
    }

    /** The fields that differ between {@code before} and {@code after}, in the order they appear. */
    static List<Change> between(String before, String after) {
        Map<String, String> a = flatten(before);
        Map<String, String> b = flatten(after);
        Set<String> paths = new LinkedHashSet<>(a.keySet());
        paths.addAll(b.keySet());
        List<Change> changes = new ArrayList<>();
        for (String path : paths) {
            String was = a.get(path);
            String is = b.get(path);
            if (was == null ? is != null : !was.equals(is)) {
                changes.add(new Change(path, was, is));
            }
        }
        return changes;
    }

    /** The state indented for reading, or as it is when it is not JSON. */
    static String pretty(String state) {
        if (state == null) {
            return null;
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(JSON.readTree(state));
        } catch (JsonProcessingException e) {
            return state;
        }
    }

    private static Map<String, String> flatten(String state) {
        Map<String, String> flat = new LinkedHashMap<>();
        if (state == null || state.isBlank()) {
            return flat;
        }
        try {
            flatten(JSON.readTree(state), "", flat);
        } catch (JsonProcessingException e) {
            flat.put("(value)", state);
        }
        return flat;
    }

    private static void flatten(JsonNode node, String path, Map<String, String> flat) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                flatten(field.getValue(), path.isEmpty() ? field.getKey() : path + "." + field.getKey(), flat);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                flatten(node.get(i), path + "[" + i + "]", flat);
            }
        } else {
            flat.put(path.isEmpty() ? "(value)" : path, node.isTextual() ? node.asText() : node.toString());
        }
    }
}
