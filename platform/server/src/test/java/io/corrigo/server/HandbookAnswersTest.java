package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A handbook uploaded as a user would (a PDF whose sentences run across printed lines, under headings, and a Markdown
 * IT guide), asked through the API with the default offline pipeline: the answering sentence is served, whole, with
 * the document's title in the citation; a sentence that is supported but does not answer is not served; a two-part
 * question answered in part says so.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HandbookAnswersTest extends HostTestBase {

    private static final String HANDBOOK = "acme-handbook";
    private static final String STAFF_ONLY = "acme-staff-only";

    private static final String[] HANDBOOK_PDF = {
            "Acme Robotics Employee Handbook",
            "Working hours",
            "A standard working day at Acme Robotics lasts 11 hours per",
            "day, including a one-hour lunch break taken between noon and two.",
            "Notice period",
            "Employees in the United Kingdom give a notice period of three months",
            "before they leave the company.",
            "Networks",
            "Staff connect to the AcmeCorp Wi-Fi network with their badge and a",
            "personal password that the IT desk issues on the first day."};

    private static final String TRAVEL = "travel-policy";

    private static final String TRAVEL_POLICY = """
            # Acme Travel and Office Policy

            ## Office hours

            Core working hours at Acme Robotics are 10:00 to 15:00, and staff choose when they start and finish around them.

            ## Hotels

            The hotel limit in London is 180 pounds per night, breakfast included.

            Staff book hotels through the travel desk at least a week before the trip.
            """;

    private static final String IT_GUIDE = """
            # Acme IT Guide

            ## Guest access

            Visitors use the guest Wi-Fi network called AcmeGuest, with the daily code from the reception desk.

            ## Printing

            Every floor has two printers; print jobs are released with the staff badge.
            """;

    @BeforeAll
    void uploadTheHandbooks() throws IOException {
        postJson("/api/v1/tenants", Map.of("id", TRAVEL, "name", "Acme travel policy"));
        assertThat(uploadAndWait("/api/v1/tenants/" + TRAVEL + "/documents", "travel.md",
                TRAVEL_POLICY.getBytes(StandardCharsets.UTF_8)).body().get("state").asText()).isEqualTo("DONE");
        postJson("/api/v1/tenants", Map.of("id", HANDBOOK, "name", "Acme handbook"));
        postJson("/api/v1/tenants", Map.of("id", STAFF_ONLY, "name", "Acme handbook without the IT guide"));
        byte[] handbook = TestDocuments.pdf(null, HANDBOOK_PDF); // no title metadata: the first heading titles it
        for (String tenant : new String[] {HANDBOOK, STAFF_ONLY}) {
            assertThat(uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "handbook.pdf", handbook)
                    .body().get("state").asText()).isEqualTo("DONE");
        }
        assertThat(uploadAndWait("/api/v1/tenants/" + HANDBOOK + "/documents", "it-guide.md",
                IT_GUIDE.getBytes(StandardCharsets.UTF_8)).body().get("state").asText()).isEqualTo("DONE");
    }

    @Test
    void should_serve_a_pdf_sentence_whole__though_it_runs_across_two_printed_lines__citing_the_documents_title() {
        JsonNode reply = ask(HANDBOOK, "How long is a standard working day at Acme Robotics?").body();

        assertThat(reply.get("abstained").asBoolean()).as(reply.toString()).isFalse();
        // the short answer first, then the sentence that holds it
        assertThat(reply.get("answer").asText()).startsWith("11 hours [1]. A standard working day at Acme Robotics lasts "
                + "11 hours per day, including a one-hour lunch break");
        assertThat(reply.get("citations").get(0).get("title").asText()).isEqualTo("Acme Robotics Employee Handbook");
    }

    @Test
    void should_answer_with_the_sentence_that_answers__not_the_one_most_like_the_question() {
        JsonNode reply = ask(HANDBOOK, "What is the guest Wi-Fi network called?").body();

        assertThat(reply.get("abstained").asBoolean()).as(reply.toString()).isFalse();
        assertThat(reply.get("answer").asText()).contains("AcmeGuest").doesNotContain("AcmeCorp");
        assertThat(reply.get("citations").get(0).get("title").asText()).isEqualTo("Acme IT Guide");
    }

    @Test
    void should_not_serve_a_supported_sentence_that_does_not_answer() {
        // the staff network sentence is in the handbook and resembles the question; it does not name the guest network
        JsonNode reply = ask(STAFF_ONLY, "What is the guest Wi-Fi network called?").body();

        assertThat(reply.get("answer").asText()).as(reply.toString()).doesNotContain("AcmeCorp");
        assertThat(reply.get("abstained").asBoolean()).isTrue();
    }

    @Test
    void should_never_quote_a_heading_or_the_title_line_as_an_answer() {
        JsonNode reply = ask(HANDBOOK, "What was the revenue of Acme Robotics last year?").body();

        assertThat(reply.get("answer").asText()).as(reply.toString()).doesNotContain("Employee Handbook");
        assertThat(reply.get("abstained").asBoolean()).isTrue();
    }

    @Test
    void should_flag_a_two_part_question_answered_in_part__naming_the_missing_part() {
        JsonNode reply = ask(HANDBOOK, "What is the notice period in the United Kingdom and Japan?").body();

        assertThat(reply.get("abstained").asBoolean()).as(reply.toString()).isFalse();
        assertThat(reply.get("answer").asText()).contains("three months");
        assertThat(reply.get("incomplete").asBoolean()).isTrue();
        assertThat(reply.get("notices").toString()).contains("nothing found on japan");
    }

    @Test
    void should_abstain_on_the_annual_revenue__even_with_thresholds_that_let_every_passage_through() {
        // the playground case: thresholds 0.10/0.03 grade the core-hours passage CORRECT by its words
        JsonNode active = get("/api/v1/tenants/" + TRAVEL + "/pipeline").body();
        com.fasterxml.jackson.databind.node.ObjectNode definition =
                (com.fasterxml.jackson.databind.node.ObjectNode) active.get("definition");
        ((com.fasterxml.jackson.databind.node.ObjectNode) definition.get("settings")).put("upperThreshold", 0.10)
                .put("lowerThreshold", 0.03);
        int version = postJson("/api/v1/tenants/" + TRAVEL + "/pipeline/drafts?note=permissive", definition).body()
                .get("version").asInt();
        assertThat(postJson("/api/v1/tenants/" + TRAVEL + "/pipeline/versions/" + version + "/publish", Map.of()).status())
                .isEqualTo(200);

        JsonNode reply = ask(TRAVEL, "What is the annual revenue of Acme Robotics?").body();

        assertThat(reply.get("abstained").asBoolean()).as(reply.toString()).isTrue();
        assertThat(reply.get("answer").asText()).doesNotContain("10:00");
        JsonNode run = get("/api/v1/tenants/" + TRAVEL + "/runs/" + reply.get("runId").asText()).body();
        assertThat(run.toString()).contains("insufficient (asked: MONEY, amount of money (revenue))");
    }

    @Test
    void should_answer_the_london_hotel_limit_and_flag_berlin_as_missing() {
        JsonNode reply = ask(TRAVEL, "What is the hotel limit in London and in Berlin?").body();

        assertThat(reply.get("abstained").asBoolean()).as(reply.toString()).isFalse();
        assertThat(reply.get("answer").asText()).contains("180 pounds per night");
        assertThat(reply.get("incomplete").asBoolean()).isTrue();
        assertThat(reply.get("notices").toString()).contains("nothing found on berlin");
    }
}
