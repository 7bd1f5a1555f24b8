package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobScheduler;
import io.corrigo.server.pipeline.PipelineRuntimes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Knowledge over HTTP: every accepted format from real files the test makes, type detection by content,
 * replace, delete, re-index, tenant scoping, and a job that resumes after a crash without duplicating or losing chunks.
 */
class KnowledgeApiTest extends HostTestBase {

    @Autowired
    IngestionService ingestion;
    @Autowired
    JobScheduler scheduler;
    @Autowired
    PipelineRuntimes runtimes;
    @Autowired
    JdbcTemplate jdbc;

    private String tenant(String id) {
        postJson("/api/v1/tenants", Map.of("id", id, "name", id));
        return id;
    }

    private static byte[] pdf(String... lines) throws IOException {
        return TestDocuments.pdf("Lighthouse report", lines);
    }

    private static byte[] docx(String... paragraphs) throws IOException {
        try (XWPFDocument document = new XWPFDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (String paragraph : paragraphs) {
                document.createParagraph().createRun().setText(paragraph);
            }
            document.write(out);
            return out.toByteArray();
        }
    }

    private JsonNode onlyDocument(Reply job) {
        assertThat(job.status()).as(job.body().toString()).isEqualTo(200);
        assertThat(job.body().get("state").asText()).isEqualTo("DONE");
        return job.body().get("documents").get(0);
    }

    @Test
    void should_index_pdf_docx_and_html_and_answer_from_each() throws IOException {
        // given
        String t = tenant("formats");
        byte[] pdf = pdf("The Skerrow lighthouse was automated in 1987.", "Its lamp is visible for 24 nautical miles.");
        byte[] docx = docx("Quarterly report.", "The Brannock canal carries 40,000 barges every year.");
        byte[] html = ("<html><head><title>Orchard guide</title><script>var tracking = 1;</script></head><body>"
                + "<nav>Home | About</nav><p>The Veldt apple ripens in late September.</p></body></html>").getBytes(StandardCharsets.UTF_8);

        // when
        JsonNode pdfDoc = onlyDocument(uploadAndWait("/api/v1/tenants/" + t + "/documents", "lighthouse.pdf", pdf));
        JsonNode docxDoc = onlyDocument(uploadAndWait("/api/v1/tenants/" + t + "/documents", "canal.docx", docx));
        JsonNode htmlDoc = onlyDocument(uploadAndWait("/api/v1/tenants/" + t + "/documents", "orchard.html", html));

        // then
        assertThat(pdfDoc.get("contentType").asText()).isEqualTo("application/pdf");
        assertThat(docxDoc.get("contentType").asText()).contains("wordprocessingml");
        assertThat(htmlDoc.get("contentType").asText()).isEqualTo("text/html");
        assertThat(ask(t, "When was the Skerrow lighthouse automated?").body().get("answer").asText()).contains("1987");
        assertThat(ask(t, "How many barges does the Brannock canal carry?").body().get("answer").asText()).contains("40,000");
        JsonNode apple = ask(t, "When does the Veldt apple ripen?").body();
        assertThat(apple.get("answer").asText()).contains("late September").doesNotContain("tracking");
        assertThat(apple.get("citations").get(0).get("title").asText()).isEqualTo("Orchard guide");
    }

    @Test
    void should_take_the_type_from_the_content__so_a_pdf_named_txt_is_read_as_pdf() throws IOException {
        String t = tenant("sniffing");

        JsonNode document = onlyDocument(uploadAndWait("/api/v1/tenants/" + t + "/documents", "misnamed.txt",
                pdf("The Corvane tunnel is 3.2 kilometres long.")));

        assertThat(document.get("contentType").asText()).isEqualTo("application/pdf");
        assertThat(ask(t, "How long is the Corvane tunnel?").body().get("answer").asText()).contains("3.2 kilometres");
    }

    @Test
    void should_replace_on_re_upload__delete__and_reindex() {
        // given
        String t = tenant("lifecycle");
        String path = "/api/v1/tenants/" + t + "/documents";
        String id = onlyDocument(uploadAndWait(path, "ferry.txt",
                "The Holm ferry leaves at 7 a.m. every weekday.".getBytes(StandardCharsets.UTF_8))).get("id").asText();

        // when re-uploaded under the same name
        JsonNode replaced = onlyDocument(uploadAndWait(path, "ferry.txt",
                "The Holm ferry leaves at 9 a.m. every weekday since the timetable change.".getBytes(StandardCharsets.UTF_8)));

        // then the same document holds the new text only
        assertThat(replaced.get("id").asText()).isEqualTo(id);
        assertThat(get(path).body()).hasSize(1);
        String answer = ask(t, "When does the Holm ferry leave?").body().get("answer").asText();
        assertThat(answer).contains("9 a.m.").doesNotContain("7 a.m.");

        // when re-indexed
        Reply reindexed = postJson(path + "/reindex?wait=true", Map.of());
        assertThat(reindexed.body().get("kind").asText()).isEqualTo("REINDEX");
        assertThat(onlyDocument(reindexed).get("status").asText()).isEqualTo("INDEXED");
        assertThat(index(t).size()).isEqualTo(1);

        // when deleted, by another tenant first
        tenant("intruder");
        assertThat(send("DELETE", "/api/v1/tenants/intruder/documents/" + id)).isEqualTo(404);
        assertThat(send("DELETE", path + "/" + id)).isEqualTo(204);

        // then its chunks are gone from the index
        assertThat(index(t).size()).isZero();
        assertThat(get(path).body()).isEmpty();
        assertThat(ask(t, "When does the Holm ferry leave?").body().get("answer").asText()).doesNotContain("9 a.m.");
    }

    @Test
    void should_mark_a_document_failed_with_the_reason_and_index_the_others() throws IOException {
        // given: two documents, and one original lost from disk before a re-index
        String t = tenant("partial");
        String path = "/api/v1/tenants/" + t + "/documents";
        String lost = onlyDocument(uploadAndWait(path, "lost.txt",
                "The Morrow bell rings at noon.".getBytes(StandardCharsets.UTF_8))).get("id").asText();
        onlyDocument(uploadAndWait(path, "kept.txt", "The Sallow gate opens at dawn.".getBytes(StandardCharsets.UTF_8)));
        java.nio.file.Files.delete(dataDir().resolve("tenants").resolve(t).resolve("uploads").resolve(lost));

        // when
        Reply job = postJson(path + "/reindex?wait=true", Map.of());

        // then
        assertThat(job.body().get("state").asText()).isEqualTo("DONE");
        assertThat(job.body().get("documentsDone").asInt()).isEqualTo(1);
        assertThat(job.body().get("documentsFailed").asInt()).isEqualTo(1);
        assertThat(job.body().get("documents")).anySatisfy(d -> {
            assertThat(d.get("id").asText()).isEqualTo(lost);
            assertThat(d.get("status").asText()).isEqualTo("FAILED");
            assertThat(d.get("error").asText()).contains("missing");
        });
        assertThat(ask(t, "When does the Sallow gate open?").body().get("answer").asText()).contains("dawn");
    }

    @Test
    void should_report_job_progress__scoped_to_the_tenant() {
        // given
        String t = tenant("progress");
        String path = "/api/v1/tenants/" + t + "/documents";

        // when
        Reply job = uploadAndWait(path, "ok.md", "# Fjords\n\nThe Aurland fjord is 29 km long.".getBytes(StandardCharsets.UTF_8));

        // then
        assertThat(job.body().get("progress").asDouble()).isEqualTo(1.0);
        assertThat(job.body().get("chunksTotal").asInt()).isEqualTo(job.body().get("chunksDone").asInt()).isPositive();
        assertThat(get("/api/v1/tenants/" + t + "/jobs").body()).hasSize(1);
        assertThat(get("/api/v1/tenants/" + t + "/jobs/" + job.body().get("id").asText()).status()).isEqualTo(200);
        assertThat(get("/api/v1/tenants/demo/jobs/" + job.body().get("id").asText()).status()).as("another tenant's job").isEqualTo(404);
    }

    @Test
    void should_resume_a_killed_job_without_duplicating_or_losing_chunks() {
        // given: two documents indexed by one job
        String t = tenant("resume");
        String path = "/api/v1/tenants/" + t + "/documents";
        onlyDocument(uploadAndWait(path, "a.txt", ("The Tarn valley has three villages. Sheep graze there all year. "
                + "The valley road closes in winter.").getBytes(StandardCharsets.UTF_8)));
        String jobId = onlyDocument(uploadAndWait(path, "b.txt",
                "The Esk river freezes in February.".getBytes(StandardCharsets.UTF_8))).get("jobId").asText();
        String docB = get(path).body().get(0).get("id").asText();
        long chunksBefore = index(t).size();

        // when the host "died" while indexing b: job RUNNING, b INDEXING, and b's chunks half written (here: gone)
        jdbc.update("update ingestion_job set state = 'RUNNING', chunks_done = 0 where id = ?", jobId);
        jdbc.update("update document set status = 'INDEXING', chunk_count = 0 where id = ?", docB);
        index(t).deleteDocument(docB);
        scheduler.sweep();
        io.corrigo.server.knowledge.JobView resumed = ingestion.await(t, jobId, Duration.ofMinutes(2));

        // then
        assertThat(resumed.state()).isEqualTo("DONE");
        assertThat(resumed.documentsDone()).isEqualTo(1);
        assertThat(resumed.chunksDone()).as("progress counted once").isEqualTo(resumed.chunksTotal());
        assertThat(index(t).size()).as("no chunk lost").isEqualTo(chunksBefore);
        assertThat(ask(t, "When does the Esk river freeze?").body().get("answer").asText()).contains("February");

        // and when it "died" after writing b's chunks but before marking it done, resuming does not duplicate them
        jdbc.update("update ingestion_job set state = 'RUNNING' where id = ?", jobId);
        jdbc.update("update document set status = 'INDEXING' where id = ?", docB);
        scheduler.sweep();
        ingestion.await(t, jobId, Duration.ofMinutes(2));
        assertThat(index(t).size()).as("no chunk duplicated").isEqualTo(chunksBefore);
    }

    private KnowledgeIndex index(String tenant) {
        return runtimes.forTenant(tenant).knowledgeIndex().orElseThrow();
    }

    private int send(String method, String path) {
        try {
            return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create("http://127.0.0.1:" + port + path)).header("Authorization", adminAuthorization()).method(method,
                    java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                    java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void should_keep_documents_in_several_knowledge_bases_with_their_own_chunking__and_search_them_all() {
        // given
        String t = tenant("kbs");
        String base = "/api/v1/tenants/" + t;
        assertThat(get(base + "/knowledge-bases").body()).extracting(kb -> kb.get("name").asText()).containsExactly("default");
        Reply created = postJson(base + "/knowledge-bases", Map.of("name", "handbook", "maxChunkWords", 20, "overlapSentences", 1));
        assertThat(created.status()).isEqualTo(201);
        // 8 sentences of 6 words: 3 chunks of ≤ 20 words without overlap, 4 with one sentence of overlap
        String handbook = "The night shift starts at ten. Badges are checked at north gate. Visitors sign in at main reception. "
                + "The canteen closes at nine tonight. Parking is free after six daily. Lockers are on the second floor. "
                + "Fire drills happen every first Monday. Lost badges cost ten euros each.";

        // when
        onlyDocument(uploadAndWait(base + "/documents?knowledgeBase=handbook", "rules.txt", handbook.getBytes(StandardCharsets.UTF_8)));
        onlyDocument(uploadAndWait(base + "/documents", "rules.txt",
                "The Fenwick office moved to Leeds in 2021.".getBytes(StandardCharsets.UTF_8)));

        // then
        JsonNode kbs = get(base + "/knowledge-bases").body();
        assertThat(kbs).extracting(kb -> kb.get("name").asText()).containsExactly("default", "handbook");
        assertThat(kbs.get(1).get("documents").asInt()).isEqualTo(1);
        assertThat(kbs.get(1).get("chunks").asInt()).as("20-word chunks with one sentence of overlap").isEqualTo(4);
        assertThat(kbs.get(0).get("documents").asInt()).as("the same file name in another knowledge base").isEqualTo(1);
        assertThat(ask(t, "Where are badges checked?").body().get("answer").asText()).contains("north gate");
        assertThat(ask(t, "Where did the Fenwick office move?").body().get("answer").asText()).contains("Leeds");
        Reply reindexed = postJson(base + "/documents/reindex?knowledgeBase=handbook&wait=true", Map.of());
        assertThat(reindexed.body().get("documentsTotal").asInt()).isEqualTo(1);

        // and bad requests say why
        assertThat(upload(base + "/documents?knowledgeBase=nope", "x.txt", "text".getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(404);
        Reply invalid = postJson(base + "/knowledge-bases", Map.of("name", "Bad Name", "overlapSentences", 50));
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.body().get("details").toString()).contains("name:").contains("overlapSentences");
        assertThat(postJson(base + "/knowledge-bases", Map.of("name", "handbook")).status()).isEqualTo(409);
    }
}
