package io.corrigo.server.knowledge;

import io.corrigo.server.problem.ErrorCode;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.problem.ServiceException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.tika.detect.Detector;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.mime.MediaType;
import org.apache.tika.parser.AutoDetectParser;
import org.springframework.stereotype.Component;

/**
 * Turns an upload into {@link SourceText}s. The type is decided by the content (Apache Tika's detection), not by
 * the file name: PDF, DOCX and HTML are parsed to text with Tika in a separate process ({@link ParserSandbox}); text is split by its extension into plain text,
 * Markdown ({@code .md}, {@code .markdown}) and JSON Lines ({@code .jsonl}: one
 * {@code {"text": ..., "id", "title", "doc_id"}} object per line), and must be UTF-8. Anything else is refused.
 */
@Component
class DocumentParser {

    private static final int MAX_ERRORS_LISTED = 10;
    /** Text extracted from one document, at most (about 2,000 pages). */
    static final int MAX_EXTRACTED_CHARS = 5_000_000;
    static final MediaType PDF = MediaType.application("pdf");
    static final MediaType DOCX = MediaType.application("vnd.openxmlformats-officedocument.wordprocessingml.document");
    static final MediaType HTML = MediaType.text("html");
    static final MediaType XHTML = MediaType.application("xhtml+xml");

    private final ObjectMapper json;
    private final ParserSandbox sandbox;
    private final Detector detector = new AutoDetectParser().getDetector();

    DocumentParser(ObjectMapper json, ParserSandbox sandbox) {
        this.json = json;
        this.sandbox = sandbox;
    }

    /** What an upload holds: its media type, detected from the content, and its texts. */
    record Parsed(String mediaType, List<SourceText> texts) {
    }

    /**
     * What an upload is, checked as far as is safe in a request: the media type by the content, and for text formats
     * (plain, Markdown, JSON Lines) the whole parse. PDF, DOCX and HTML are only recognised here; they are read in the
     * {@link ParserSandbox} when the job runs, where a document that cannot be read fails with the reason.
     *
     * @throws ServiceException 400 for an upload that is refused
     */
    String check(String fileName, byte[] content) {
        MediaType type = content.length == 0 ? null : detect(content);
        return type != null && isExtracted(type) ? type.toString() : parse(fileName, content).mediaType();
    }

    private static boolean isExtracted(MediaType type) {
        return type.equals(PDF) || type.equals(DOCX) || type.equals(HTML) || type.equals(XHTML) || Ocr.IMAGES.contains(type);
    }

    Parsed parse(String fileName, byte[] content) {
        String name = fileName == null ? "" : fileName.toLowerCase(Locale.ROOT);
        if (content.length == 0) {
            throw ServiceException.invalid(ErrorCode.EMPTY_DOCUMENT, "'" + fileName + "' is empty.");
        }
        MediaType type = detect(content);
        if (isExtracted(type)) {
            return new Parsed(type.toString(), List.of(extract(fileName, content, type)));
        }
        if (!type.getType().equals("text")) {
            throw ServiceException.invalid(looksBinary(content) ? ErrorCode.NOT_TEXT : ErrorCode.UNSUPPORTED_TYPE, "'" + fileName
                    + "' is " + type + " by its content: upload PDF, DOCX, HTML, Markdown, plain text, JSON Lines or a "
                    + "PNG, JPEG or TIFF image of text.");
        }
        String text = decode(fileName, content);
        if (text.isBlank()) {
            throw ServiceException.invalid(ErrorCode.EMPTY_DOCUMENT, "'" + fileName + "' is empty.");
        }
        if (name.endsWith(".jsonl")) {
            return new Parsed(type.toString(), parseJsonl(fileName, text));
        }
        boolean markdown = name.endsWith(".md") || name.endsWith(".markdown");
        return new Parsed(type.toString(), List.of(source(null, null, fileName, text,
                markdown ? TextCleaner.Layout.MARKDOWN : TextCleaner.Layout.PLAIN, Map.of())));
    }

    /**
     * The cleaned text as a source: titled by {@code title} when given, else by its first heading, else by the file
     * name. Refused as empty when cleaning left no prose.
     */
    private static SourceText source(String id, String title, String fileName, String text, TextCleaner.Layout layout,
                                     Map<String, String> metadata) {
        TextCleaner.Cleaned cleaned = TextCleaner.clean(text, layout);
        if (cleaned.text().isBlank()) {
            throw ServiceException.invalid(ErrorCode.EMPTY_DOCUMENT, "'" + fileName + "' has no text beyond headings and boilerplate.");
        }
        String chosen = title != null && !title.isBlank() ? title.strip()
                : cleaned.title() != null ? cleaned.title() : fileName;
        return new SourceText(id, chosen, cleaned.sections(), metadata);
    }

    /** The media type by the bytes alone (magic numbers, container structure), never by the name. */
    private MediaType detect(byte[] content) {
        try (InputStream in = new ByteArrayInputStream(content)) {
            return detector.detect(in, new Metadata());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The text of a PDF, DOCX or HTML document, read in the {@link ParserSandbox}. */
    private SourceText extract(String fileName, byte[] content, MediaType type) {
        ParserSandbox.Result result = sandbox.extract(content, type);
        if (result instanceof ParserSandbox.Refused refused) {
            throw ServiceException.invalid(ErrorCode.UNREADABLE_DOCUMENT, "'" + fileName + "' " + refused.reason() + ".");
        }
        ParserSandbox.Extracted extracted = (ParserSandbox.Extracted) result;
        if (extracted.text().isBlank()) {
            throw ServiceException.invalid(ErrorCode.EMPTY_DOCUMENT, "'" + fileName + "' has no extractable text: nothing was"
                    + " read from it, by its text or by OCR.");
        }
        Map<String, String> metadata = new LinkedHashMap<>(extracted.facts());
        metadata.put("format", type.toString());
        boolean paged = type.equals(PDF) || Ocr.IMAGES.contains(type);
        String text = paged ? PageFurniture.remove(extracted.text()) : extracted.text();
        SourceText source = source(null, extracted.title(), fileName, text,
                paged ? TextCleaner.Layout.PDF : TextCleaner.Layout.MARKDOWN, metadata);
        PageMap pages = paged ? PageMap.of(text) : null;
        return pages == null ? source : new SourceText(source.id(), source.title(), source.sections(), source.metadata(), pages);
    }

    private static boolean looksBinary(byte[] content) {
        for (int i = 0; i < Math.min(content.length, 8000); i++) {
            if (content[i] == 0) {
                return true;
            }
        }
        return false;
    }

    private static String decode(String fileName, byte[] content) {
        for (byte b : content) {
            if (b == 0) {
                throw ServiceException.invalid(ErrorCode.NOT_TEXT, "'" + fileName + "' is a binary file, not text.");
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(content)).toString();
        } catch (CharacterCodingException e) {
            throw ServiceException.invalid(ErrorCode.NOT_UTF8, "'" + fileName + "' is not UTF-8 text.");
        }
    }

    private List<SourceText> parseJsonl(String fileName, String text) {
        List<SourceText> rows = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        Map<String, String> titles = new HashMap<>();
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
                String docId = node.hasNonNull("doc_id") ? node.get("doc_id").asText() : null;
                if (docId != null) {
                    metadata.put("sourceDocId", docId);
                }
                String id = node.hasNonNull("id") ? node.get("id").asText() : null;
                // a row without a title takes its document's: the first heading of the document's first row
                String title = node.hasNonNull("title") ? node.get("title").asText() : titles.get(docId);
                TextCleaner.Cleaned cleaned = TextCleaner.clean(body, TextCleaner.Layout.PLAIN);
                if (title == null && cleaned.title() != null && docId != null) {
                    titles.put(docId, cleaned.title());
                    title = cleaned.title();
                }
                // a row that is all heading and boilerplate is kept as it was: rows are the caller's passages
                List<TextCleaner.Section> sections = cleaned.text().isBlank()
                        ? List.of(new TextCleaner.Section(null, body.strip())) : cleaned.sections();
                rows.add(new SourceText(id, title != null ? title : fileName, sections, metadata));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                errors.add("line " + (i + 1) + ": not valid JSON");
            }
        }
        if (!errors.isEmpty()) {
            List<String> listed = errors.subList(0, Math.min(MAX_ERRORS_LISTED, errors.size()));
            throw ServiceException.invalid(ErrorCode.INVALID_JSONL, "'" + fileName + "' has " + errors.size()
                    + " invalid line(s); nothing was indexed.", listed);
        }
        return rows;
    }

}
