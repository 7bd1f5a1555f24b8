package io.corrigo.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/** Real PDFs for upload tests, made with PDFBox (what the host's parser reads them with). */
public final class TestPdfs {

    private TestPdfs() {
    }

    /**
     * A PDF of one page per list, one printed line per entry (Helvetica 11), with {@code title} in its metadata unless
     * {@code null}.
     */
    public static byte[] pages(String title, List<List<String>> pages) throws IOException {
        return pages(title, null, pages);
    }

    /**
     * As {@link #pages(String, List)}, with {@code author} in its metadata unless {@code null}, and then a creation date
     * of 2024-05-17 (noon UTC) too.
     */
    public static byte[] pages(String title, String author, List<List<String>> pages) throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (List<String> lines : pages) {
                PDPage page = new PDPage();
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    content.beginText();
                    content.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 11);
                    content.newLineAtOffset(60, 740);
                    for (String line : lines) {
                        content.showText(line);
                        content.newLineAtOffset(0, -16);
                    }
                    content.endText();
                }
            }
            if (title != null) {
                document.getDocumentInformation().setTitle(title);
            }
            if (author != null) {
                document.getDocumentInformation().setAuthor(author);
                java.util.Calendar created = java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC"));
                created.clear();
                created.set(2024, java.util.Calendar.MAY, 17, 12, 0);
                document.getDocumentInformation().setCreationDate(created);
            }
            document.save(out);
            return out.toByteArray();
        }
    }
}
