package io.corrigo.server.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.web.ApiException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Turns an upload into {@link SourceText}s. Supported for now: plain text ({@code .txt}), Markdown ({@code .md},
 * {@code .markdown}) and JSON Lines ({@code .jsonl}: one {@code {"text": ..., "id", "title", "doc_id"}} object per
 * line). The content must be UTF-8 text: binary files are refused whatever their name says.
 */
@Component
class DocumentParser {

    private static final int MAX_ERRORS_LISTED = 10;

    private final ObjectMapper json;

    DocumentParser(ObjectMapper json) {
        this.json = json;
    }

    List<SourceText> parse(String fileName, byte[] content) {
        String name = fileName == null ? "" : fileName.toLowerCase(Locale.ROOT);
        String text = decode(fileName, content);
        if (text.isBlank()) {
            throw ApiException.badRequest("empty_document", "'" + fileName + "' is empty.");
        }
        if (name.endsWith(".jsonl")) {
            return parseJsonl(fileName, text);
        }
        if (name.endsWith(".txt") || name.endsWith(".md") || name.endsWith(".markdown")) {
            return List.of(new SourceText(null, titleOf(fileName, text), stripMarkdown(text), Map.of()));
        }
        throw ApiException.badRequest("unsupported_type", "'" + fileName
                + "' has an unsupported type: upload .txt, .md or .jsonl files (PDF, DOCX and HTML are planned).");
    }

    private static String decode(String fileName, byte[] content) {
        for (byte b : content) {
            if (b == 0) {
                throw ApiException.badRequest("not_text", "'" + fileName + "' is a binary file, not text.");
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(content)).toString();
        } catch (CharacterCodingException e) {
            throw ApiException.badRequest("not_utf8", "'" + fileName + "' is not UTF-8 text.");
        }
    }

    private List<SourceText> parseJsonl(String fileName, String text) {
        List<SourceText> rows = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        String[] lines = text.split("\\r?\\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            try {
                JsonNode node = json.readTree(line);
                String body = node.path("text").asText("");
                if (!node.isObject() || body.isBlank()) {
                    errors.add("line " + (i + 1) + ": needs a non-empty \"text\" field");
                    continue;
                }
                Map<String, String> metadata = new LinkedHashMap<>();
                if (node.hasNonNull("doc_id")) {
                    metadata.put("sourceDocId", node.get("doc_id").asText());
                }
                String id = node.hasNonNull("id") ? node.get("id").asText() : null;
                String title = node.hasNonNull("title") ? node.get("title").asText()
                        : node.hasNonNull("doc_id") ? node.get("doc_id").asText() : fileName;
                rows.add(new SourceText(id, title, body, metadata));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                errors.add("line " + (i + 1) + ": not valid JSON");
            }
        }
        if (!errors.isEmpty()) {
            List<String> listed = errors.subList(0, Math.min(MAX_ERRORS_LISTED, errors.size()));
            throw ApiException.badRequest("invalid_jsonl", "'" + fileName + "' has " + errors.size()
                    + " invalid line(s); nothing was indexed.", listed);
        }
        return rows;
    }

    private static String titleOf(String fileName, String text) {
        for (String line : text.split("\\r?\\n", 20)) {
            if (line.startsWith("# ")) {
                return line.substring(2).strip();
            }
        }
        return fileName;
    }

    /** Drops Markdown markup that would pollute sentences: headings' hashes, emphasis, link targets, code fences. */
    private static String stripMarkdown(String text) {
        return text.replaceAll("(?m)^```.*$", "")
                .replaceAll("(?m)^#{1,6}\\s*(.*)$", "$1\n")
                .replaceAll("!?\\[([^]]*)]\\([^)]*\\)", "$1")
                .replaceAll("[*_`]{1,3}([^*_`]+)[*_`]{1,3}", "$1");
    }
}
