package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.HostTestBase;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.junit.jupiter.api.Test;

/**
 * Scanned documents read by OCR (Tesseract, installed by .ci/run): an image of text and a PDF whose pages are only
 * pictures, both made here by drawing text into an image, uploaded, indexed and answered, with the page cited.
 */
class ScannedDocumentsTest extends HostTestBase {

    /** A white page with {@code lines} drawn in black, as a scanner would give it. */
    private static BufferedImage picture(List<String> lines) {
        BufferedImage image = new BufferedImage(1700, 200 + 90 * lines.size(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.BLACK);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new Font(Font.SERIF, Font.PLAIN, 44));
        for (int i = 0; i < lines.size(); i++) {
            g.drawString(lines.get(i), 100, 140 + 90 * i);
        }
        g.dispose();
        return image;
    }

    private static byte[] png(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    /** A PDF whose every page is one picture and no text: what a scanner writes. */
    private static byte[] scannedPdf(List<BufferedImage> pages) throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (BufferedImage picture : pages) {
                PDPage page = new PDPage(PDRectangle.A4);
                document.addPage(page);
                PDImageXObject image = LosslessFactory.createFromImage(document, picture);
                float width = PDRectangle.A4.getWidth() - 60;
                float height = width * picture.getHeight() / picture.getWidth();
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    content.drawImage(image, 30, PDRectangle.A4.getHeight() - 40 - height, width, height);
                }
            }
            document.save(out);
            return out.toByteArray();
        }
    }

    private String tenant(String id) {
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", id, "name", id));
        return id;
    }

    @Test
    void should_answer_from_an_image_of_text() throws IOException {
        // given
        String tenant = tenant("ocr-image");
        byte[] notice = png(picture(List.of("Pump maintenance notice",
                "The oil tank of the pump holds 12 litres of oil.",
                "Only the service team may open the pump housing.")));

        // when
        Reply job = uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "notice.png", notice);
        Reply answer = ask(tenant, "How many litres of oil does the oil tank of the pump hold?");

        // then
        assertThat(job.status()).as(job.body().toString()).isEqualTo(200);
        assertThat(job.body().toString()).contains("DONE");
        assertThat(answer.body().get("answer").asText()).as(answer.body().toString()).contains("12 litres");
        JsonNode citation = answer.body().get("citations").get(0);
        assertThat(citation.get("page").asInt()).isEqualTo(1);
        JsonNode document = get("/api/v1/tenants/" + tenant + "/documents").body().get(0);
        assertThat(document.get("contentType").asText()).isEqualTo("image/png");
        assertThat(document.get("status").asText()).isEqualTo("INDEXED");
    }

    @Test
    void should_answer_from_a_scanned_pdf__citing_the_page() throws IOException {
        // given: two pages of pictures, the answer on the second
        String tenant = tenant("ocr-scan");
        byte[] scan = scannedPdf(List.of(
                picture(List.of("Workshop handbook", "This handbook describes the care of the workshop machines.")),
                picture(List.of("Filters", "The air filter of the compressor is replaced every 14 days.",
                        "Used filters go to the recycling bin."))));

        // when
        Reply job = uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "handbook-scan.pdf", scan);
        Reply answer = ask(tenant, "How often is the air filter of the compressor replaced?");

        // then: the answer from the second page, and its citation says so
        assertThat(job.status()).as(job.body().toString()).isEqualTo(200);
        assertThat(answer.body().get("answer").asText()).as(answer.body().toString()).contains("14 days");
        assertThat(answer.body().get("citations").get(0).get("page").asInt()).isEqualTo(2);
    }

    @Test
    void should_fail_a_broken_image_with_the_reason__and_index_nothing_of_it() {
        // given
        String tenant = tenant("ocr-broken");
        byte[] broken = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};

        // when
        Reply job = uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "photo.png", broken);

        // then: the document failed, saying OCR could not read it
        JsonNode document = get("/api/v1/tenants/" + tenant + "/documents").body().get(0);
        assertThat(document.get("status").asText()).as(job.body().toString()).isEqualTo("FAILED");
        assertThat(document.get("error").asText()).contains("photo.png").contains("could not be read by OCR");
    }
}
