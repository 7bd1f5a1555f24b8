package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.HostTestBase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.Test;

/**
 * A PDF's running headers and footers and its page numbers are not indexed: on the extracted text's page marks, and
 * end to end through a real PDF uploaded to the host.
 */
class PageFurnitureTest extends HostTestBase {

    private static String pages(String... pages) {
        return String.join(PageMap.MARK, pages);
    }

    @Test
    void should_take_out_a_header_and_a_numbered_footer_printed_on_most_pages__and_keep_the_body() {
        // given: four pages with a running head, a body and a numbered footer; a line at the top of one page only
        List<String> bodies = List.of("Laptops are handed out on the first day.", "Travel is booked through the portal.",
                "The office opens at eight.", "Parking permits come from facilities.");
        List<String> printed = new ArrayList<>();
        for (int p = 1; p <= 4; p++) {
            printed.add("Northwind Staff Handbook\n" + (p == 2 ? "Travel\n" : "") + bodies.get(p - 1)
                    + "\nQuestions about this go to the team of chapter " + p + ".\nPage " + p + " of 4");
        }

        // when
        String kept = PageFurniture.remove(pages(printed.toArray(String[]::new)));

        // then
        assertThat(kept).doesNotContain("Northwind Staff Handbook").doesNotContain("of 4")
                .contains("The office opens at eight.").contains("Travel").contains("Parking permits come from facilities.");
        assertThat(kept.split(java.util.regex.Pattern.quote(PageMap.MARK), -1)).as("the page marks stay").hasSize(4);
    }

    @Test
    void should_take_out_a_bare_page_number_at_a_page_s_edge__and_leave_text_without_pages_alone() {
        assertThat(PageFurniture.remove(pages("Opening hours are from nine to five.\n- 1 -", "12\nThe canteen closes at two.")))
                .doesNotContain("- 1 -").doesNotContain("12").contains("The canteen closes at two.");
        String plain = "Northwind Staff Handbook\nPage 1 of 4";
        assertThat(PageFurniture.remove(plain)).isEqualTo(plain);
        // two pages are too few to tell a running head from a repeated heading
        assertThat(PageFurniture.remove(pages("Safety\nWear boots.", "Safety\nWear gloves."))).contains("Safety");
    }

    @Test
    void should_index_a_pdf_without_its_running_head_and_page_numbers__and_still_cite_the_page() throws IOException {
        // given: a five-page handbook with a running head and "Page n of 5" at the foot of every page
        signInAsAdmin();
        String tenant = "furniture";
        postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant));
        byte[] pdf = handbook(List.of(
                "Staff receive a laptop on their first day.",
                "Travel expenses are claimed within thirty days.",
                "The office opens at eight in the morning.",
                "Parking permits are issued by the facilities team.",
                "Holiday requests go to the line manager."));

        // when
        Reply job = uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "handbook.pdf", pdf);
        assertThat(job.status()).as(job.body().toString()).isEqualTo(200);
        String id = get("/api/v1/tenants/" + tenant + "/documents").body().get(0).get("id").asText();
        JsonNode chunks = get("/api/v1/tenants/" + tenant + "/documents/" + id + "/chunks").body();
        Reply answer = ask(tenant, "When does the office open?");

        // then: no chunk holds the running head or a page number; the answer cites page 3
        assertThat(chunks.toString()).doesNotContain("Northwind Staff Handbook").doesNotContain("of 5")
                .contains("Travel expenses are claimed within thirty days.");
        assertThat(answer.body().get("answer").asText()).as(answer.body().toString()).contains("eight in the morning");
        assertThat(answer.body().get("citations").get(0).get("page").asInt()).isEqualTo(3);
    }

    /** A text PDF: one body sentence a page, under a running head and over a numbered footer. */
    private static byte[] handbook(List<String> bodies) throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            for (int p = 0; p < bodies.size(); p++) {
                PDPage page = new PDPage(PDRectangle.A4);
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    line(content, font, 9, 60, 800, "Northwind Staff Handbook");
                    line(content, font, 12, 60, 700, bodies.get(p));
                    line(content, font, 9, 260, 40, "Page " + (p + 1) + " of " + bodies.size());
                }
            }
            document.save(out);
            return out.toByteArray();
        }
    }

    private static void line(PDPageContentStream content, PDType1Font font, float size, float x, float y, String text)
            throws IOException {
        content.beginText();
        content.setFont(font, size);
        content.newLineAtOffset(x, y);
        content.showText(text);
        content.endText();
    }
}
