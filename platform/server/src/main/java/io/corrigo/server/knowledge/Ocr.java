package io.corrigo.server.knowledge;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.tika.mime.MediaType;

/**
 * Text from pictures of text, by Tesseract (Debian's {@code tesseract-ocr}, run as its own process): an image
 * upload (PNG, JPEG, TIFF) as one page, and a PDF whose pages hold no text (a scan) page by page, rendered at
 * {@value #DPI} dpi. Runs inside the {@link ExtractionWorker}, so a hostile file costs that process; each page is
 * bounded in time ({@value #PAGE_SECONDS} s) and a document in pages ({@value #MAX_PAGES}). The text comes back with a
 * {@link PageMap#MARK} before each page, so that a citation names its page.
 */
final class Ocr {

    /** The image types read by OCR. */
    static final Set<MediaType> IMAGES = Set.of(MediaType.image("png"), MediaType.image("jpeg"), MediaType.image("tiff"));
    static final int DPI = 200;
    static final int PAGE_SECONDS = 60;
    static final int MAX_PAGES = 100;
    /** The languages read when their data is installed, in this order. */
    private static final List<String> LANGUAGES = List.of("eng", "deu");

    /** The Tesseract command: on the PATH, or as the system property {@code corrigo.ocr.tesseract} names it. */
    private static String tesseract() {
        return System.getProperty("corrigo.ocr.tesseract", "tesseract");
    }

    /** Why OCR cannot run here, or {@code null} when it can. */
    private static volatile String unavailable;
    private static volatile String languages;

    private Ocr() {
    }

    /** The refusal when Tesseract is missing: what the upload says. */
    static final String MISSING = "needs OCR (it is a scan or an image), and Tesseract is not installed on this host "
            + "(Debian: apt-get install tesseract-ocr tesseract-ocr-eng)";

    /** Whether Tesseract runs here; the first call asks it for its languages. */
    static synchronized boolean available() {
        if (languages == null && unavailable == null) {
            try {
                Process p = new ProcessBuilder(tesseract(), "--list-langs").redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    p.destroyForcibly();
                    unavailable = MISSING;
                } else {
                    List<String> found = LANGUAGES.stream().filter(l -> out.lines().anyMatch(l::equals)).toList();
                    if (found.isEmpty()) {
                        unavailable = "needs OCR, and Tesseract has no English or German language data on this host "
                                + "(Debian: apt-get install tesseract-ocr-eng)";
                    } else {
                        languages = String.join("+", found);
                    }
                }
            } catch (IOException e) {
                unavailable = MISSING;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                unavailable = MISSING;
            }
        }
        return languages != null;
    }

    /** Why OCR is unavailable (after {@link #available()} said so). */
    static String unavailable() {
        return unavailable;
    }

    /** The text of an image, as one page. */
    static String image(byte[] content) throws IOException {
        Path file = Files.createTempFile("corrigo-ocr-", ".img");
        try {
            Files.write(file, content);
            return PageMap.MARK + read(file);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The text of a PDF's pages read as pictures, each after a page mark; blank when nothing was read. */
    static String pdf(byte[] content) throws IOException {
        StringBuilder text = new StringBuilder();
        try (PDDocument document = Loader.loadPDF(content)) {
            PDFRenderer renderer = new PDFRenderer(document);
            int pages = Math.min(document.getNumberOfPages(), MAX_PAGES);
            for (int i = 0; i < pages; i++) {
                BufferedImage picture = renderer.renderImageWithDPI(i, DPI, ImageType.GRAY);
                Path file = Files.createTempFile("corrigo-ocr-", ".png");
                try {
                    ImageIO.write(picture, "png", file.toFile());
                    text.append(PageMap.MARK).append(read(file));
                } finally {
                    Files.deleteIfExists(file);
                }
            }
        }
        return text.toString();
    }

    /** Tesseract's text of one picture file. @throws IOException when it fails or takes too long */
    private static String read(Path picture) throws IOException {
        List<String> command = new ArrayList<>(List.of(tesseract(), picture.toString(), "stdout", "-l", languages));
        Path errors = Files.createTempFile("corrigo-ocr-", ".log");
        Path output = Files.createTempFile("corrigo-ocr-", ".txt");
        try {
            // output to a file, so that a page that hangs is stopped by the deadline, not waited on by a read
            Process p = new ProcessBuilder(command).redirectError(errors.toFile()).redirectOutput(output.toFile()).start();
            if (!p.waitFor(PAGE_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("OCR of a page took more than " + PAGE_SECONDS + " s");
            }
            if (p.exitValue() != 0) {
                throw new IOException("OCR failed: " + Files.readString(errors).strip());
            }
            // Tesseract ends a page with a form feed; the page marks are ours
            return Files.readString(output, StandardCharsets.UTF_8).replace('\f', '\n').strip() + "\n";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("OCR interrupted", e);
        } finally {
            Files.deleteIfExists(errors);
            Files.deleteIfExists(output);
        }
    }
}
