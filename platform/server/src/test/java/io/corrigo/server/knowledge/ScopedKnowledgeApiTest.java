package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.Citation;
import io.corrigo.api.Source;
import io.corrigo.server.HostTestBase;
import io.corrigo.server.eval.CitationCheck;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Scoped questions over HTTP: collections, metadata and dates narrow what a question is answered from; a document's
 * groups narrow who reads it, at once when they change; bad scopes are refused with every problem named; citations
 * are located in their document (span, section, PDF page) and open there.
 */
class ScopedKnowledgeApiTest extends HostTestBase {

    private static final String LEAVE = "How many days of annual leave do employees receive?";

    private String tenant(String id) {
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", id, "name", id));
        return id;
    }

    private String upload(String tenant, String file, String query, String text) {
        Reply job = uploadAndWait("/api/v1/tenants/" + tenant + "/documents?" + query, file,
                text.getBytes(StandardCharsets.UTF_8));
        assertThat(job.status()).as(job.body().toString()).isEqualTo(200);
        return job.body().get("documents").get(0).get("id").asText();
    }

    private Set<String> citedDocuments(Reply answer) {
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        Set<String> ids = new HashSet<>();
        answer.body().get("citations").forEach(c -> ids.add(c.get("documentId").asText()));
        return ids;
    }

    private Reply ask(String tenant, Map<String, Object> body) {
        return postJson("/api/v1/tenants/" + tenant + "/query", body);
    }

    @Test
    void should_answer_only_from_the_named_collections_metadata_and_dates() {
        String t = tenant("scoped-leave");
        String berlin = upload(t, "berlin.md", "collections=hr&metadata=" + encode("{\"language\":\"en\",\"updated\":\"2023-01-01\"}"),
                "# Leave in Berlin\n\nEmployees receive 25 days of annual leave in the Berlin office.\n");
        String munich = upload(t, "munich.md", "collections=hr&metadata=" + encode("{\"language\":\"de\",\"updated\":\"2025-01-01\"}"),
                "# Leave in Munich\n\nEmployees receive 30 days of annual leave in the Munich office.\n");
        String zurich = upload(t, "zurich.md", "collections=engineering",
                "# Leave in Zurich\n\nEmployees receive 28 days of annual leave in the Zurich office.\n");

        assertThat(citedDocuments(ask(t, Map.of("question", LEAVE, "collections", List.of("engineering")))))
                .containsExactly(zurich);
        assertThat(citedDocuments(ask(t, Map.of("question", LEAVE, "filter", Map.of("language", "de")))))
                .containsExactly(munich);
        assertThat(citedDocuments(ask(t, Map.of("question", LEAVE, "collections", List.of("hr"),
                "filter", Map.of("updated_before", "2024-06-30"))))).containsExactly(berlin);
        // a document's knowledge base is one of its collections; the document view shows what it was given
        assertThat(citedDocuments(ask(t, Map.of("question", LEAVE, "collections", List.of("default")))))
                .isNotEmpty().isSubsetOf(berlin, munich, zurich);
        JsonNode listed = get("/api/v1/tenants/" + t + "/documents").body();
        JsonNode munichView = find(listed, munich);
        assertThat(munichView.get("collections")).extracting(JsonNode::asText).containsExactly("hr");
        assertThat(munichView.get("metadata").get("language").asText()).isEqualTo("de");
        assertThat(munichView.get("groups")).isEmpty();
    }

    @Test
    void should_refuse_a_bad_scope_naming_every_problem_and_store_nothing() {
        String t = tenant("scoped-refusals");
        Reply question = ask(t, Map.of("question", LEAVE, "collections", List.of("HR!"),
                "filter", Map.of("updated_after", "yesterday", "readers", "hr")));
        assertThat(question.status()).isEqualTo(400);
        assertThat(question.body().toString()).contains("HR!").contains("updated_after").contains("readers");

        Reply upload = uploadAndWait("/api/v1/tenants/" + t + "/documents?groups=Finance%20Team&metadata="
                + encode("{\"collections\":\"x\",\"updated\":\"soon\"}"), "a.md", "# A\n\nSome text here.\n".getBytes());
        assertThat(upload.status()).isEqualTo(400);
        assertThat(upload.body().toString()).contains("Finance Team").contains("metadata.collections").contains("metadata.updated");
        assertThat(get("/api/v1/tenants/" + t + "/documents").body()).as("nothing stored").isEmpty();

        Reply notJson = uploadAndWait("/api/v1/tenants/" + t + "/documents?metadata=" + encode("[1,2]"), "a.md",
                "# A\n\nSome text here.\n".getBytes());
        assertThat(notJson.status()).isEqualTo(400);
        assertThat(notJson.body().toString()).contains("JSON object");
    }

    @Test
    void should_narrow_who_reads_a_document_at_once_when_its_groups_change() throws Exception {
        String t = tenant("scoped-regroup");
        String id = upload(t, "payroll.md", "", "# Payroll\n\nSalaries are paid on the 25th of each month by bank transfer.\n");
        String key = postJson("/api/v1/tenants/" + t + "/keys", Map.of("kind", "SECRET", "name", "intranet")).body()
                .get("value").asText();
        String question = "{\"knowledge_id\": \"" + t + "\", \"query\": \"When are salaries paid?\","
                + " \"retrieval_setting\": {\"top_k\": 3, \"score_threshold\": 0.0}}";
        assertThat(retrieval(key, question)).as("open to everyone").contains("25th");

        Reply narrowed = patchJson("/api/v1/tenants/" + t + "/documents/" + id, Map.of("groups", List.of("finance")));
        assertThat(narrowed.status()).as(narrowed.body().toString()).isEqualTo(200);
        assertThat(narrowed.body().get("groups")).extracting(JsonNode::asText).containsExactly("finance");
        assertThat(retrieval(key, question)).as("right after the change, a key without the group").doesNotContain("25th");

        String financeKey = postJson("/api/v1/tenants/" + t + "/keys", Map.of("kind", "SECRET", "name", "finance",
                "groups", List.of("finance"))).body().get("value").asText();
        assertThat(retrieval(financeKey, question)).as("a key of the group").contains("25th");
        Reply regrouped = patchJson("/api/v1/tenants/" + t + "/keys/" + keyId(t, "intranet"), Map.of("groups", List.of("finance")));
        assertThat(regrouped.status()).isEqualTo(200);
        assertThat(retrieval(key, question)).as("the key given the group").contains("25th");

        Reply badKey = patchJson("/api/v1/tenants/" + t + "/keys/" + keyId(t, "intranet"), Map.of("groups", List.of("Bad Name")));
        assertThat(badKey.status()).isEqualTo(400);
        Reply reserved = patchJson("/api/v1/tenants/" + t + "/documents/" + id, Map.of("metadata", Map.of("readers", "all")));
        assertThat(reserved.status()).isEqualTo(400);
        assertThat(reserved.body().toString()).contains("metadata.readers");
    }

    @Test
    void should_locate_a_cited_pdf_sentence_at_its_page_and_open_the_document_there() throws Exception {
        String t = tenant("scoped-pdf");
        byte[] pdf = io.corrigo.testsupport.TestPdfs.pages("Lighthouse keeping", "Harbour Office", List.of(
                List.of("Lighthouse keeping", "", "The lighthouse on the northern cape was built in 1874.",
                        "It is painted with red and white stripes."),
                List.of("Maintenance", "", "The lamp of the lighthouse is cleaned every Tuesday morning.",
                        "The keeper logs every cleaning in a bound book.")));
        Reply job = uploadAndWait("/api/v1/tenants/" + t + "/documents", "lighthouse.pdf", pdf);
        assertThat(job.status()).isEqualTo(200);
        String id = job.body().get("documents").get(0).get("id").asText();
        // what the file says of itself became the document's metadata: a question can filter on it
        JsonNode metadata = find(get("/api/v1/tenants/" + t + "/documents").body(), id).get("metadata");
        assertThat(metadata.get("author").asText()).isEqualTo("Harbour Office");
        assertThat(metadata.get("created").asText()).isEqualTo("2024-05-17");
        assertThat(citedDocuments(ask(t, Map.of("question", "When is the lamp of the lighthouse cleaned?",
                "filter", Map.of("author", "Someone Else"))))).isEmpty();

        Reply answer = ask(t, Map.of("question", "When is the lamp of the lighthouse cleaned?", "filter",
                Map.of("author", "Harbour Office")));
        assertThat(answer.status()).isEqualTo(200);
        JsonNode citation = answer.body().get("citations").get(0);
        assertThat(citation.get("documentId").asText()).isEqualTo(id);
        assertThat(citation.get("page").asInt()).as("the sentence is printed on page 2").isEqualTo(2);
        assertThat(citation.get("span").get("end").asInt()).isGreaterThan(citation.get("span").get("start").asInt());

        Reply source = get(citation.get("sourceUrl").asText());
        assertThat(source.status()).isEqualTo(200);
        assertThat(source.body().get("quoted").asText()).contains("cleaned every Tuesday morning");
        assertThat(source.body().get("page").asInt()).isEqualTo(2);
        assertThat(source.body().get("pages").asInt()).isEqualTo(2);
        assertThat(source.body().get("before").asText()).contains("built in 1874");
        assertThat(source.body().get("after").asText()).contains("bound book");

        HttpResponse<byte[]> original = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                "http://127.0.0.1:" + port + "/api/v1/tenants/" + t + "/documents/" + id + "/original"))
                .header("Authorization", adminAuthorization()).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(original.statusCode()).isEqualTo(200);
        assertThat(original.headers().firstValue("Content-Type").orElse("")).startsWith("application/pdf");
        assertThat(original.headers().firstValue("Content-Disposition").orElse("")).contains("attachment");
        assertThat(original.body()).isEqualTo(pdf);
    }

    @Test
    void every_citation_points_at_a_passage_holding_the_sentence_it_follows() {
        signInAsAdmin();
        CitationCheck all = CitationCheck.NONE;
        for (String question : List.of("What is the Hepatitis C virus?", "what does the solicitor general of texas do",
                "what is the function of insulin and where is it produced", "who played charlotte lucas in pride and prejudice")) {
            Reply answer = postJson("/api/v1/tenants/demo/query", Map.of("question", question));
            assertThat(answer.status()).isEqualTo(200);
            List<Citation> citations = new ArrayList<>();
            answer.body().get("citations").forEach(c -> citations.add(new Citation(c.get("number").asInt(),
                    Source.knowledgeBase(c.get("documentId").asText(), c.get("title").asText()), c.get("quote").asText())));
            CitationCheck check = CitationCheck.of(answer.body().get("answer").asText(), citations);
            for (JsonNode c : answer.body().get("citations")) {
                if (c.hasNonNull("sourceUrl")) { // the demo corpus is one JSON Lines file: a row opens under its own title
                    Reply source = get(c.get("sourceUrl").asText());
                    assertThat(source.body().get("title").asText()).isEqualTo(c.get("title").asText());
                    assertThat(source.body().get("quoted").asText()).isEqualTo(c.get("quote").asText());
                }
            }
            assertThat(check.held()).as("cited sentences of \"%s\" held by their citation", question).isEqualTo(check.cited());
            all = all.plus(check);
        }
        assertThat(all.cited()).as("cited sentences checked").isGreaterThan(2);
    }

    private String retrieval(String key, String body) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                "http://127.0.0.1:" + port + "/v1/retrieval")).header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body()).get("records").toString();
    }

    private String keyId(String tenant, String name) {
        for (JsonNode key : get("/api/v1/tenants/" + tenant + "/keys").body()) {
            if (key.get("name").asText().equals(name)) {
                return key.get("id").asText();
            }
        }
        throw new AssertionError("no key " + name);
    }

    private static JsonNode find(JsonNode documents, String id) {
        for (JsonNode d : documents) {
            if (d.get("id").asText().equals(id)) {
                return d;
            }
        }
        throw new AssertionError("no document " + id);
    }

    private static String encode(String value) {
        return java.net.URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
