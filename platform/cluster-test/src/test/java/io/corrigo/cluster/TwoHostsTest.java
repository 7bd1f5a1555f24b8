package io.corrigo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.cluster.HostProcess.Reply;
import io.corrigo.plugins.opensearchretriever.testing.OpenSearchNode;
import io.corrigo.plugins.pgvectorretriever.testing.PgliteServer;
import io.corrigo.testsupport.PermissionMatrix;
import io.corrigo.testsupport.Eventually;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Two host processes of the jar the README runs, configured as docker/compose.yml configures them (postgres profile,
 * production mode, one master key, one shared data directory, the demo off), on one real PostgreSQL and one real
 * OpenSearch node, started together on an empty database. What one host does, the other sees. The deployment is
 * shared (it takes a minute to start); each test uses tenants of its own where it writes knowledge, and a host a test
 * killed is started again before the next test, so that the tests run in any order.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// any order is correct (wholeDeployment restarts a killed host); by name, the host-killing test comes last and no
// host needs starting again, which saves half a minute of the build
@TestMethodOrder(MethodOrderer.MethodName.class)
class TwoHostsTest {

    private static final String TENANT = "acme";
    private static final String ORIGIN = "https://shop.example.com";
    private static final String ADMIN_PASSWORD = "cluster-admin-password";
    /** How long a host may keep a tenant's active pipeline version and API keys cached (TenantService.CACHE_TTL). */
    private static final Duration CACHE_TTL = Duration.ofSeconds(2);

    private EmbeddedPostgres postgres;
    private String openSearch;
    private HostProcess one;
    private HostProcess two;
    private Path jar;
    private Path work;
    private Path built;
    private Map<String, String> environment;
    private List<String> shared;
    /** The host a test killed, or {@code null}. */
    private String dead;

    @BeforeAll
    void startTheDeployment() throws Exception {
        postgres = EmbeddedPostgres.start();
        openSearch = OpenSearchNode.url();
        work = Files.createDirectories(Path.of("target", "cluster")).toAbsolutePath();
        Path data = Files.createTempDirectory(work, "shared-data");
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        environment = new HashMap<>(Map.of(
                "SPRING_PROFILES_ACTIVE", "postgres",
                "CORRIGO_DB_URL", postgres.getJdbcUrl("postgres", "postgres"),
                "CORRIGO_DB_USER", "postgres",
                "CORRIGO_DB_PASSWORD", "",
                "CORRIGO_MODE", "production",
                "CORRIGO_MASTER_KEY", Base64.getEncoder().encodeToString(key),
                "CORRIGO_ADMIN_PASSWORD", ADMIN_PASSWORD,
                "CORRIGO_PLUGINS_ALLOW_UNSIGNED", "true",
                "CORRIGO_DEMO_ENABLED", "false"));
        // as compose allows its postgres and opensearch services: here both listen on 127.0.0.1
        environment.put("CORRIGO_OUTBOUND_ALLOW", "127.0.0.1");
        jar = Path.of(System.getProperty("corrigo.jar", "../../ui/target/corrigo.jar")).toAbsolutePath().normalize();
        built = Path.of(System.getProperty("corrigo.plugins", "../../ui/target/plugins")).toAbsolutePath().normalize();
        // each host follows plugin changes made through the other every 2 s (10 s by default): the same path, less waiting
        shared = List.of("--corrigo.data-dir=" + data, "--corrigo.plugins.sync-seconds=2");
        // both at once, as compose starts them: Flyway, the first admin and the sweeps race on the empty database;
        // each with its own plugins directory holding the shipped plugin files, as compose gives each its own volume
        one = host("host-1", true);
        two = host("host-2", true);
        one.awaitHealthy(Duration.ofMinutes(4));
        two.awaitHealthy(Duration.ofMinutes(4));

        assertThat(one.postJson("/api/v1/tenants", Map.of("id", TENANT, "name", "Acme")).status()).isEqualTo(201);
    }

    /** The deployment whole for every test: a host killed by the test before starts again on its plugins directory. */
    @BeforeEach
    void wholeDeployment() throws Exception {
        if (dead != null) {
            HostProcess restarted = host(dead, false).awaitHealthy(Duration.ofMinutes(4));
            if (dead.equals(one.id())) {
                one = restarted;
            } else {
                two = restarted;
            }
            dead = null;
        }
    }

    /** A host process of the deployment, with a fresh copy of the shipped plugin files or the directory it had. */
    private HostProcess host(String id, boolean freshPlugins) throws IOException {
        Path plugins = work.resolve("plugins-" + id);
        return HostProcess.start(id, jar, work, environment, with(shared, "--corrigo.host-id=" + id,
                "--corrigo.plugins-dir=" + (freshPlugins ? pluginFiles(built, plugins) : plugins)), ADMIN_PASSWORD);
    }

    /** A new tenant whose knowledge lives in the shared OpenSearch node, seen so by both hosts. */
    private String tenantOnOpenSearch(String tenant) throws Exception {
        assertThat(one.postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);
        ObjectNode definition = (ObjectNode) one.get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set("retriever", HostProcess.JSON.valueToTree(Map.of(
                "factoryId", "opensearch-retriever", "properties", Map.of("url", openSearch, "indexPrefix", "cluster"))));
        Reply saved = one.putJson("/api/v1/tenants/" + tenant + "/pipeline", definition);
        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
        int version = one.get("/api/v1/tenants/" + tenant + "/pipeline").body().get("version").asInt();
        eventually(() -> two.get("/api/v1/tenants/" + tenant + "/pipeline").body(),
                p -> p.get("version").asInt() == version, CACHE_TTL.multipliedBy(3));
        return tenant;
    }

    private static List<String> with(List<String> arguments, String... more) {
        List<String> all = new ArrayList<>(arguments);
        all.addAll(List.of(more));
        return all;
    }

    /** A fresh plugins directory with the plugin files of the build (what the image ships), nothing unpacked yet. */
    private static Path pluginFiles(Path built, Path directory) throws IOException {
        if (Files.exists(directory)) {
            try (Stream<Path> old = Files.walk(directory)) {
                old.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Files.createDirectories(directory);
        try (DirectoryStream<Path> zips = Files.newDirectoryStream(built, "*.zip")) {
            for (Path zip : zips) {
                Files.copy(zip, directory.resolve(zip.getFileName()));
            }
        }
        return directory;
    }

    @AfterAll
    void stop() throws Exception {
        for (HostProcess host : new HostProcess[] {one, two}) {
            if (host != null) {
                host.close();
            }
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void should_use_a_pipeline_saved_through_one_host_on_the_other_without_restart() throws Exception {
        // production mode: the API's description is for signed-in admins only
        assertThat(two.anonymous("GET", "/v3/api-docs", Map.of()).status()).isEqualTo(401);
        assertThat(two.get("/v3/api-docs").status()).isEqualTo(200);
        int before = two.get("/api/v1/tenants/" + TENANT + "/pipeline").body().get("version").asInt();
        ObjectNode definition = (ObjectNode) one.get("/api/v1/tenants/" + TENANT + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set("retriever", HostProcess.JSON.valueToTree(Map.of(
                "factoryId", "opensearch-retriever", "properties", Map.of("url", openSearch, "indexPrefix", "cluster"))));

        Reply saved = one.putJson("/api/v1/tenants/" + TENANT + "/pipeline", definition);

        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
        int after = one.get("/api/v1/tenants/" + TENANT + "/pipeline").body().get("version").asInt();
        assertThat(after).isGreaterThan(before);
        JsonNode seen = eventually(() -> two.get("/api/v1/tenants/" + TENANT + "/pipeline").body(),
                p -> p.get("version").asInt() == after, CACHE_TTL.multipliedBy(3));
        assertThat(seen.at("/definition/stages/retriever/factoryId").asText()).isEqualTo("opensearch-retriever");
        Reply answered = eventually(() -> ask(two, "Is anything known?"),
                r -> r.body().path("pipelineVersion").asInt() == after, CACHE_TTL.multipliedBy(3));
        assertThat(answered.status()).isEqualTo(200);
        assertThat(two.get("/api/v1/tenants/" + TENANT + "/pipeline/status").body().toString()).doesNotContain("opensearch-retriever:");
    }

    @Test
    void should_answer_through_one_host_from_a_document_uploaded_through_the_other() throws Exception {
        String tenant = tenantOnOpenSearch("skarv");
        byte[] text = ("The Skarv lighthouse was built in 1871 on a bare rock north of the fjord. "
                + "Its lamp can be seen from nineteen nautical miles away in clear weather. "
                + "The keeper rowed to the mainland for supplies every second week.").getBytes(StandardCharsets.UTF_8);

        Reply job = one.upload("/api/v1/tenants/" + tenant + "/documents?wait=true", "skarv.txt", text);

        assertThat(job.status()).as(job.body().toString()).isEqualTo(200);
        assertThat(job.body().get("state").asText()).isEqualTo("DONE");
        // either host may claim the job from the shared queue (JobScheduler): the answer comes through host 2 either way
        assertThat(job.body().get("host").asText()).isIn("host-1", "host-2");
        String documentId = job.body().at("/documents/0/id").asText();
        Reply answer = ask(two, tenant, "When was the Skarv lighthouse built?");
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().get("abstained").asBoolean()).as(answer.body().toString()).isFalse();
        assertThat(answer.body().get("answer").asText()).contains("1871");
        assertThat(answer.body().get("citations")).extracting(c -> c.get("documentId").asText()).contains(documentId);
        // it is in the shared engine, not in a file of host 1
        assertThat(openSearchCount("cluster-" + tenant + "-kb", documentId)).isPositive();
    }

    @Test
    void should_list_the_runs_of_both_hosts_on_both_hosts_and_their_admin_uis() {
        String first = ask(one, "How far can the Skarv lamp be seen?").body().get("runId").asText();
        String second = ask(two, "How often did the keeper row to the mainland?").body().get("runId").asText();

        for (HostProcess host : List.of(one, two)) {
            // a host writes its runs off the request path: the other host sees them once written (milliseconds)
            Set<String> ids = new HashSet<>();
            long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
            while (!ids.containsAll(List.of(first, second)) && System.nanoTime() < until) {
                host.get("/api/v1/tenants/" + TENANT + "/runs").body().get("items").forEach(r -> ids.add(r.get("id").asText()));
            }
            assertThat(ids).as("runs listed by " + host.id()).contains(first, second);
            assertThat(host.get("/api/v1/tenants/" + TENANT + "/runs/" + (host == one ? second : first)).body()
                    .get("question").asText()).as("the other host's trace, read through " + host.id()).isNotBlank();
            // and in the admin UI's Runs page of each host
            try (AdminBrowser browser = new AdminBrowser(host, ADMIN_PASSWORD)) {
                browser.openAndWaitFor("/runs?tenant=" + TENANT, "How far can the Skarv lamp be seen?",
                        "How often did the keeper row to the mainland?");
                browser.screenshot(Path.of("target", "screenshots", "runs-on-" + host.id() + ".png"));
            }
        }
    }

    @Test
    void should_hold_a_key_s_rate_limit_across_hosts() throws Exception {
        Reply key = one.postJson("/api/v1/tenants/" + TENANT + "/keys", Map.of("kind", "PUBLISHABLE", "name", "shop",
                "allowedOrigins", List.of(ORIGIN)));
        assertThat(key.status()).as(key.body().toString()).isEqualTo(201);
        Reply widget = one.putJson("/api/v1/tenants/" + TENANT + "/widget", Map.of("title", "Help", "greeting", "Hi",
                "placeholder", "Ask", "color", "#123456", "requestsPerMinute", 4, "queriesPerDay", 1000));
        assertThat(widget.status()).as(widget.body().toString()).isEqualTo(200);
        Thread.sleep(CACHE_TTL.plusMillis(500).toMillis()); // host 2 may still hold the tenant's previous settings that long

        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            HostProcess host = i % 2 == 0 ? one : two;
            statuses.add(host.anonymous("GET", "/public/v1/widget?key=" + key.body().get("value").asText(),
                    Map.of("Origin", ORIGIN)).status());
        }

        // a limit of 4 per minute per key: each host alone let through only 2 or 3, so each alone would allow all 6
        assertThat(statuses).containsExactly(200, 200, 200, 200, 429, 429);
    }

    @Test
    void should_share_a_pgvector_knowledge_base_between_the_hosts() throws Exception {
        String tenant = "pgteam";
        assertThat(two.postJson("/api/v1/tenants", Map.of("id", tenant, "name", "Team on PostgreSQL")).status()).isEqualTo(201);
        ObjectNode definition = (ObjectNode) two.get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set("retriever", HostProcess.JSON.valueToTree(Map.of(
                "factoryId", "pgvector-retriever", "properties", PgliteServer.settings("cluster"))));
        // saved through host 2 (its password encrypted with the shared master key), used by host 1 to ingest
        Reply saved = two.putJson("/api/v1/tenants/" + tenant + "/pipeline", definition);
        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
        Thread.sleep(CACHE_TTL.plusMillis(500).toMillis());

        Reply job = one.upload("/api/v1/tenants/" + tenant + "/documents?wait=true", "orchard.txt",
                ("The Brannock orchard grows forty-two varieties of pear. Its oldest tree was planted in 1794 by a "
                        + "sailor returning from Lisbon. The harvest festival is held on the first Sunday of October.")
                        .getBytes(StandardCharsets.UTF_8));

        assertThat(job.status()).as(job.body().toString()).isEqualTo(200);
        assertThat(job.body().get("state").asText()).as(job.body().toString()).isEqualTo("DONE");
        JsonNode document = job.body().at("/documents/0");
        Reply answer = two.postJson("/api/v1/tenants/" + tenant + "/query", Map.of("question", "How many varieties of pear does the Brannock orchard grow?"));
        assertThat(answer.body().get("abstained").asBoolean()).as(answer.body().toString()).isFalse();
        assertThat(answer.body().get("answer").asText()).contains("forty-two");
        assertThat(answer.body().get("citations")).extracting(c -> c.get("documentId").asText()).contains(document.get("id").asText());
        try (Connection c = DriverManager.getConnection(PgliteServer.jdbcUrl(), "postgres", "postgres");
             ResultSet rows = c.createStatement().executeQuery("SELECT count(*) FROM cluster_pgteam_kb WHERE document_id = '"
                     + document.get("id").asText() + "'")) {
            rows.next();
            assertThat(rows.getLong(1)).as("the passages in PostgreSQL").isEqualTo(document.get("chunkCount").asLong()).isPositive();
        }
    }

    @Test
    void should_keep_every_document_within_its_readers_on_postgresql_and_pgvector() throws Exception {
        String tenant = "pgperms";
        assertThat(one.postJson("/api/v1/tenants", Map.of("id", tenant, "name", "Permissions on PostgreSQL")).status())
                .isEqualTo(201);
        ObjectNode definition = (ObjectNode) one.get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set("retriever", HostProcess.JSON.valueToTree(Map.of(
                "factoryId", "pgvector-retriever", "properties", PgliteServer.settings("perms"))));
        assertThat(one.putJson("/api/v1/tenants/" + tenant + "/pipeline", definition).status()).isEqualTo(200);

        PermissionMatrix.Report report = new PermissionMatrix(one.baseUrl(), one.authorization(), tenant).run();
        System.out.printf("Permission matrix (PostgreSQL, pgvector): %d replies read, %d leaks, %d misses%n",
                report.checks(), report.leaks().size(), report.misses().size());

        assertThat(report.leaks()).as("leaks").isEmpty();
        assertThat(report.misses()).as("documents a caller may read but did not get").isEmpty();
        assertThat(report.checks()).isGreaterThan(60);
        // a scoped question on the other host: only the named collection, filtered in PostgreSQL
        Reply scoped = two.postJson("/api/v1/tenants/" + tenant + "/query", Map.of("question",
                "When does the canteen open?", "collections", List.of("no-such-collection")));
        assertThat(scoped.status()).isEqualTo(200);
        assertThat(scoped.body().get("citations")).as(scoped.body().toString()).isEmpty();
    }

    @Test
    void should_apply_a_plugin_upgrade_and_a_disable_made_through_one_host_on_the_other() throws Exception {
        Path built = Path.of(System.getProperty("corrigo.plugins", "../../ui/target/plugins")).toAbsolutePath().normalize();
        byte[] upgrade = withVersion(Files.readAllBytes(built.resolve("corrigo-plugin-web-search.zip")), "0.2.0");

        Reply installed = one.upload("/api/v1/plugins", "web-search-0.2.0.zip", upgrade);

        assertThat(installed.status()).as(installed.body().toString()).isIn(200, 201);
        JsonNode onTwo = eventually(() -> webSearch(two), p -> p.path("version").asText().equals("0.2.0"), Duration.ofSeconds(40));
        assertThat(onTwo.get("state").asText()).isEqualTo("STARTED");
        assertThat(onTwo.get("sha256").asText()).isEqualTo(webSearch(one).get("sha256").asText());

        assertThat(one.postJson("/api/v1/plugins/web-search/disable", Map.of()).status()).isEqualTo(200);
        eventually(() -> webSearch(two), p -> p.path("state").asText().equals("DISABLED"), Duration.ofSeconds(40));
        assertThat(one.postJson("/api/v1/plugins/web-search/enable", Map.of()).status()).isEqualTo(200);
        eventually(() -> webSearch(two), p -> p.path("state").asText().equals("STARTED"), Duration.ofSeconds(40));
    }

    private static JsonNode webSearch(HostProcess host) {
        for (JsonNode plugin : host.get("/api/v1/plugins").body()) {
            if (plugin.get("id").asText().equals("web-search")) {
                return plugin;
            }
        }
        return HostProcess.JSON.nullNode();
    }

    /** The plugin file with another version in its descriptor: what a plugin's next release looks like to the host. */
    private static byte[] withVersion(byte[] zip, String version) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip)); ZipOutputStream copy = new ZipOutputStream(out)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                byte[] content = in.readAllBytes();
                if (entry.getName().equals("plugin.properties")) {
                    content = new String(content, StandardCharsets.ISO_8859_1).replaceAll("(?m)^plugin\\.version=.*$",
                            "plugin.version=" + version).getBytes(StandardCharsets.ISO_8859_1);
                }
                copy.putNextEntry(new ZipEntry(entry.getName()));
                copy.write(content);
                copy.closeEntry();
            }
        }
        return out.toByteArray();
    }

    @Test
    void should_withstand_a_host_dying_mid_ingestion_the_other_taking_the_job_over_and_finishing_it() throws Exception {
        String tenant = tenantOnOpenSearch("velm");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1500; i++) {
            text.append("Ledger entry ").append(i).append(" records that crate ").append(i * 7 % 1000)
                    .append(" of tin left the harbour of Velm on day ").append(i % 365).append(". ");
            if (i % 8 == 7) {
                text.append("\n\n");
            }
        }
        text.append("The harbour master of Velm was Ilse Moravec, who kept the ledger for thirty years.");
        Reply queued = one.upload("/api/v1/tenants/" + tenant + "/documents", "ledger.txt", text.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(queued.status()).as(queued.body().toString()).isIn(200, 201, 202);
        String path = "/api/v1/tenants/" + tenant + "/jobs/" + queued.body().get("id").asText();

        // one host claims it and works on it; the other leaves it alone
        JsonNode running = eventually(() -> one.get(path).body(),
                j -> j.get("state").asText().equals("RUNNING") && j.get("chunksDone").asInt() > 0, Duration.ofMinutes(2));
        String claimant = running.get("host").asText();
        assertThat(claimant).isIn("host-1", "host-2");
        Set<String> workers = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            JsonNode seen = two.get(path).body();
            if (!seen.get("state").asText().equals("DONE")) {
                workers.add(seen.get("host").asText());
            }
            Thread.sleep(250);
        }
        assertThat(workers).as("hosts that worked on the job while both were up").containsOnly(claimant);
        HostProcess dying = claimant.equals("host-1") ? one : two;
        HostProcess survivor = dying == one ? two : one;
        JsonNode beforeDeath = survivor.get(path).body();
        assertThat(beforeDeath.get("state").asText()).as("still running when its host dies: make the document longer")
                .isEqualTo("RUNNING");

        dying.kill();

        // the lease (30 s) runs out, the survivor's sweep (every 10 s) takes the job over and finishes it
        JsonNode done = eventually(() -> survivor.get(path).body(), j -> j.get("state").asText().equals("DONE"),
                Duration.ofMinutes(3));
        assertThat(done.get("host").asText()).isEqualTo(survivor.id());
        assertThat(done.get("chunksDone").asInt()).isEqualTo(done.get("chunksTotal").asInt());
        JsonNode document = done.get("documents").get(0);
        assertThat(document.get("status").asText()).isEqualTo("INDEXED");
        assertThat(openSearchCount("cluster-" + tenant + "-kb", document.get("id").asText()))
                .as("each chunk once in the index").isEqualTo(document.get("chunkCount").asLong());
        assertThat(survivor.log()).contains("taken over from " + claimant);
        Reply answer = ask(survivor, tenant, "Who was the harbour master of Velm?");
        assertThat(answer.body().get("answer").asText()).contains("Moravec");

        dead = dying.id(); // started again before the next test, if one follows
    }

    private Reply ask(HostProcess host, String question) {
        return ask(host, TENANT, question);
    }

    private Reply ask(HostProcess host, String tenant, String question) {
        return host.postJson("/api/v1/tenants/" + tenant + "/query", Map.of("question", question));
    }

    private long openSearchCount(String index, String documentId) throws Exception {
        String query = "{\"query\":{\"term\":{\"document_id\":\"" + documentId + "\"}}}";
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(openSearch + "/" + index + "/_count"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(query)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return HostProcess.JSON.readTree(response.body()).get("count").asLong();
    }

    private static <T> T eventually(Supplier<T> read, java.util.function.Predicate<T> done, Duration timeout) {
        return Eventually.until(read, done, timeout);
    }
}
