package io.corrigo.server.knowledge;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.apache.tika.exception.TikaException;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.mime.MediaType;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.slf4j.LoggerFactory;
import org.xml.sax.SAXException;

/**
 * The document parser's own process: the host starts it ({@link ParserSandbox}) with a capped heap and sends it one
 * document at a time, so a hostile file (a decompression bomb, a parser bug that loops) costs this process and one
 * document, never the host. Reads requests on standard input and answers on standard output; anything else the
 * libraries print goes to standard error.
 *
 * <p>Request: the media type ({@link DataOutputStream#writeUTF}), the length and the bytes. Answer: {@link #TEXT},
 * whether a title follows, the title, the number of metadata facts and each as two {@code writeUTF} strings (key,
 * value: {@link #facts}), the length and the UTF-8 bytes of the structured text; or {@link #REFUSED} and
 * the reason.
 */
public final class ExtractionWorker {

    static final byte TEXT = 1;
    static final byte REFUSED = 2;
    private static final int MAX_TITLE_CHARS = 500;

    private ExtractionWorker() {
    }

    public static void main(String[] args) throws IOException {
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
        System.setOut(System.err); // only answers on the channel to the host
        quietLogging();
        DataInputStream in = new DataInputStream(new BufferedInputStream(System.in));
        AutoDetectParser tika = new AutoDetectParser();
        while (true) {
            String type;
            try {
                type = in.readUTF();
            } catch (EOFException e) {
                return; // the host closed the channel
            }
            byte[] content = new byte[in.readInt()];
            in.readFully(content);
            answer(out, tika, MediaType.parse(type), content);
            out.flush();
        }
    }

    private static void answer(DataOutputStream out, AutoDetectParser tika, MediaType type, byte[] content) throws IOException {
        Metadata metadata = new Metadata();
        StructuredText handler = new StructuredText(DocumentParser.MAX_EXTRACTED_CHARS);
        String read;
        boolean ocr = false;
        try (InputStream in = new ByteArrayInputStream(content)) {
            if (Ocr.IMAGES.contains(type)) {
                read = ocr(out, () -> Ocr.image(content));
                ocr = true;
            } else {
                tika.parse(in, handler, metadata, new ParseContext());
                read = handler.toString();
                // a PDF of pictures of pages (a scan): read the pictures
                if (type.equals(DocumentParser.PDF) && read.isBlank()) {
                    read = ocr(out, () -> Ocr.pdf(content));
                    ocr = true;
                }
            }
            if (read == null) {
                return; // refused: OCR is missing or failed, and the refusal is written
            }
        } catch (IOException | SAXException | TikaException | RuntimeException | StackOverflowError e) {
            boolean tooLong = e instanceof StructuredText.LimitReachedException
                    || e.getCause() instanceof StructuredText.LimitReachedException;
            out.writeByte(REFUSED);
            out.writeUTF(tooLong ? "has more than " + DocumentParser.MAX_EXTRACTED_CHARS + " characters of text"
                    : "could not be read as " + type.getSubtype().toUpperCase(Locale.ROOT) + " (" + e.getClass().getSimpleName() + ")");
            return;
        }
        String title = metadata.get(TikaCoreProperties.TITLE);
        byte[] text = read.getBytes(StandardCharsets.UTF_8);
        out.writeByte(TEXT);
        out.writeBoolean(title != null);
        if (title != null) {
            out.writeUTF(title.length() > MAX_TITLE_CHARS ? title.substring(0, MAX_TITLE_CHARS) : title);
        }
        Map<String, String> facts = facts(metadata);
        if (ocr) {
            facts.put("ocr", "tesseract"); // read from pictures: a reader may find OCR's mistakes in it
        }
        out.writeInt(facts.size());
        for (Map.Entry<String, String> fact : facts.entrySet()) {
            out.writeUTF(fact.getKey());
            out.writeUTF(fact.getValue());
        }
        out.writeInt(text.length);
        out.write(text);
    }

    /** Work that reads text from pictures. */
    @FunctionalInterface
    private interface Reading {
        String read() throws IOException;
    }

    /**
     * The text OCR reads, or {@code null} after writing the refusal: Tesseract missing, or failing on the file (a page
     * that takes too long included).
     */
    private static String ocr(DataOutputStream out, Reading reading) throws IOException {
        if (!Ocr.available()) {
            out.writeByte(REFUSED);
            out.writeUTF(Ocr.unavailable());
            return null;
        }
        try {
            return reading.read();
        } catch (IOException e) {
            out.writeByte(REFUSED);
            out.writeUTF("could not be read by OCR (" + e.getMessage() + ")");
            return null;
        }
    }

    /**
     * What the file says of itself, as document metadata: {@code author}, {@code created} and {@code updated} (ISO
     * days) and {@code language}, where the format records them and they are plausible (one short line, a date).
     */
    static Map<String, String> facts(Metadata metadata) {
        Map<String, String> facts = new java.util.LinkedHashMap<>();
        String author = metadata.get(TikaCoreProperties.CREATOR);
        if (author != null && !author.isBlank() && author.length() <= 200 && !author.contains("\n")) {
            facts.put("author", author.strip());
        }
        day(metadata.get(TikaCoreProperties.CREATED)).ifPresent(d -> facts.put("created", d));
        day(metadata.get(TikaCoreProperties.MODIFIED)).ifPresent(d -> facts.put("updated", d));
        String language = metadata.get(TikaCoreProperties.LANGUAGE);
        if (language != null && language.strip().matches("[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?")) {
            facts.put("language", language.strip().toLowerCase(Locale.ROOT));
        }
        return facts;
    }

    private static java.util.Optional<String> day(String value) {
        return java.util.Optional.ofNullable(io.corrigo.api.PassageFilter.day(value)).map(Object::toString);
    }

    /** Warnings and errors only: without the host's configuration Logback would print every parser's debug lines. */
    private static void quietLogging() {
        if (LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) instanceof ch.qos.logback.classic.Logger root) {
            root.setLevel(ch.qos.logback.classic.Level.WARN);
        }
    }
}
