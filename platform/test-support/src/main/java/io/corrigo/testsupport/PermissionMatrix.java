package io.corrigo.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Document permissions checked the way an attacker would: every caller × every document × every read path, counting
 * leaks. A tenant gets documents readable by one group, by another, by a group no key has, and by everyone, each
 * holding a code word nothing else holds; then every kind of caller (an admin, an admin reading as a group, secret and
 * widget keys of each group and of none) asks each document's question on every path it has (the query API, the
 * OpenAI-compatible API, the retrieval API, the widget, the sources its citations open, a source opened by id, a source
 * of another key's run). A <b>leak</b> is any reply to a caller outside a document's groups that holds its code word
 * or its id; a <b>miss</b> is an answer path that did not give a caller a document it may read (the matrix would
 * prove nothing if nothing were ever found).
 *
 * <p>Runs against a live host over HTTP, so it checks a whole deployment: H2 with Lucene in the server's tests,
 * PostgreSQL with pgvector in the multi-host tests.
 */
public final class PermissionMatrix {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ORIGIN = "https://intranet.example.com";

    /** A document of the matrix: who may read it, what it answers, the word only it holds. */
    public record Document(String file, List<String> groups, String question, String secret, String text) {
    }

    /** The documents: two groups' own, one of a group no key belongs to, one for everyone. */
    public static final List<Document> DOCUMENTS = List.of(
            new Document("parental-leave.md", List.of("hr"), "How many weeks of parental leave do employees get?",
                    "ORCHID", "# Parental leave\n\nEmployees get 26 weeks of parental leave under policy ORCHID. "
                            + "Parental leave is requested from the HR portal.\n"),
            new Document("deploy-freeze.md", List.of("engineering"), "When does the deploy freeze start?",
                    "BASALT", "# Deploy freeze\n\nThe deploy freeze starts on Fridays at 3 pm under rule BASALT. "
                            + "During the deploy freeze only hotfixes ship.\n"),
            new Document("board-budget.md", List.of("board"), "What is the acquisition budget for next year?",
                    "QUARTZ", "# Acquisition budget\n\nThe acquisition budget for next year is 40 million euros, plan QUARTZ. "
                            + "The acquisition budget is reviewed every quarter.\n"),
            new Document("canteen.md", List.of(), "When does the canteen open?",
                    "MEADOW", "# Canteen\n\nThe canteen opens at 8 am on weekdays, menu MEADOW. "
                            + "The canteen closes at 3 pm.\n"));

    /** A caller: a name for the report, its groups ({@code null}: reads everything), its kind. */
    private record Caller(String name, Set<String> groups, Kind kind, String key) {

        boolean mayRead(Document document) {
            return groups == null || document.groups().isEmpty() || document.groups().stream().anyMatch(groups::contains);
        }
    }

    private enum Kind { ADMIN, ADMIN_READING_AS, SECRET, WIDGET }

    /**
     * What the matrix found.
     *
     * @param checks how many (caller, document, path) replies were read
     * @param leaks  each reply that showed a caller something outside its groups, described
     * @param misses each answer path that did not give a caller a document it may read, described
     */
    public record Report(int checks, List<String> leaks, List<String> misses) {
    }

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final String adminAuthorization;
    private final String tenant;
    private final Map<String, String> documentIds = new LinkedHashMap<>();
    private final List<String> leaks = new ArrayList<>();
    private final List<String> misses = new ArrayList<>();
    private int checks;

    /**
     * @param base               the host, e.g. {@code http://127.0.0.1:8080}
     * @param adminAuthorization an {@code Authorization} header of an admin of the tenant
     * @param tenant             a tenant of its own (created empty by the caller, with the retriever to check)
     */
    public PermissionMatrix(String base, String adminAuthorization, String tenant) {
        this.base = base;
        this.adminAuthorization = adminAuthorization;
        this.tenant = tenant;
    }

    /** Uploads the documents, makes the keys, asks everything, and reports. */
    public Report run() {
        ObjectNode widget = (ObjectNode) send("GET", "/api/v1/tenants/" + tenant + "/widget", null, adminAuthorization, null).body();
        widget.put("requestsPerMinute", 10_000).put("queriesPerDay", 100_000);
        require(send("PUT", "/api/v1/tenants/" + tenant + "/widget", widget, adminAuthorization, null), "raising the widget's limits");
        for (Document d : DOCUMENTS) {
            Multipart file = Multipart.file(d.file(), d.text().getBytes(StandardCharsets.UTF_8));
            Reply job = send("POST", "/api/v1/tenants/" + tenant + "/documents?wait=true&collections=handbook"
                    + (d.groups().isEmpty() ? "" : "&groups=" + String.join(",", d.groups())), file, adminAuthorization, null);
            require(job, "uploading " + d.file());
        }
        for (JsonNode document : send("GET", "/api/v1/tenants/" + tenant + "/documents", null, adminAuthorization, null).body()) {
            documentIds.put(document.path("name").asText(), document.path("id").asText());
        }
        List<Caller> callers = new ArrayList<>();
        callers.add(new Caller("admin", null, Kind.ADMIN, null));
        callers.add(new Caller("admin reading as hr", Set.of("hr"), Kind.ADMIN_READING_AS, null));
        for (String group : List.of("hr", "engineering", "")) {
            Set<String> groups = group.isEmpty() ? Set.of() : Set.of(group);
            String label = group.isEmpty() ? "no group" : group;
            callers.add(new Caller("secret key of " + label, groups, Kind.SECRET, key("SECRET", groups)));
            callers.add(new Caller("widget key of " + label, groups, Kind.WIDGET, key("PUBLISHABLE", groups)));
        }
        List<String> adminRuns = new ArrayList<>();
        for (Caller caller : callers) {
            for (Document document : DOCUMENTS) {
                ask(caller, document, adminRuns);
            }
        }
        return new Report(checks, List.copyOf(leaks), List.copyOf(misses));
    }

    private String key(String kind, Set<String> groups) {
        ObjectNode request = JSON.createObjectNode().put("kind", kind).put("name", "matrix " + kind + " " + groups);
        request.putArray("groups").addAll(groups.stream().map(JSON.getNodeFactory()::textNode).toList());
        if (kind.equals("PUBLISHABLE")) {
            request.putArray("allowedOrigins").add(ORIGIN);
        }
        return require(send("POST", "/api/v1/tenants/" + tenant + "/keys", request, adminAuthorization, null), "creating a key")
                .body().path("value").asText();
    }

    private void ask(Caller caller, Document document, List<String> adminRuns) {
        String question = document.question();
        switch (caller.kind()) {
            case ADMIN, ADMIN_READING_AS -> {
                ObjectNode body = JSON.createObjectNode().put("question", question);
                if (caller.kind() == Kind.ADMIN_READING_AS) {
                    body.putArray("readAs").addAll(caller.groups().stream().map(JSON.getNodeFactory()::textNode).toList());
                }
                Reply answer = send("POST", "/api/v1/tenants/" + tenant + "/query", body, adminAuthorization, null);
                check(caller, document, "query API", answer, true);
                if (caller.kind() == Kind.ADMIN) {
                    adminRuns.add(answer.body().path("runId").asText());
                }
                for (JsonNode citation : answer.body().path("citations")) {
                    if (citation.hasNonNull("sourceUrl")) {
                        check(caller, document, "query API source view",
                                send("GET", citation.path("sourceUrl").asText(), null, adminAuthorization, null), false);
                    }
                }
            }
            case SECRET -> {
                String bearer = "Bearer " + caller.key();
                ObjectNode chat = JSON.createObjectNode().put("model", tenant);
                chat.putArray("messages").addObject().put("role", "user").put("content", question);
                Reply completion = send("POST", "/v1/chat/completions", chat, bearer, null);
                check(caller, document, "OpenAI-compatible API", completion, true);
                ObjectNode retrieval = JSON.createObjectNode().put("knowledge_id", tenant).put("query", question);
                retrieval.putObject("retrieval_setting").put("top_k", 5).put("score_threshold", 0.0);
                check(caller, document, "retrieval API", send("POST", "/v1/retrieval", retrieval, bearer, null), true);
                // a source opened by its id, as one could guess it from anywhere
                String id = documentIds.get(document.file());
                Reply byId = send("GET", "/v1/documents/" + id + "/source?start=0&end=40", null, bearer, null);
                // the reply may name the id it was asked for; it must not show what the document holds
                check(caller, document, "source by id", new Reply(byId.status(), byId.raw().replace(id, "<asked id>")), false);
            }
            case WIDGET -> {
                ObjectNode ask = JSON.createObjectNode().put("question", question);
                Reply answer = send("POST", "/public/v1/ask", ask, null, caller.key());
                check(caller, document, "widget", answer, true);
                String runId = answer.body().path("runId").asText();
                for (JsonNode citation : answer.body().path("citations")) {
                    check(caller, document, "widget source view", send("GET", "/public/v1/runs/" + runId + "/sources/"
                            + citation.path("number").asInt(), null, null, caller.key()), false);
                }
                // the sources of an admin's answers (which read everything), opened with this key
                for (String adminRun : adminRuns) {
                    for (int n = 1; n <= 2; n++) {
                        check(caller, document, "widget source of another's run", send("GET", "/public/v1/runs/" + adminRun
                                + "/sources/" + n, null, null, caller.key()), false);
                    }
                }
            }
        }
    }

    /**
     * Counts a reply: a leak for each document it shows that the caller may not read; a miss when {@code answers} and
     * the caller may read the document asked about but the reply does not give it.
     */
    private void check(Caller caller, Document asked, String path, Reply reply, boolean answers) {
        checks++;
        String text = reply.raw();
        for (Document d : DOCUMENTS) {
            boolean shown = text.contains(d.secret()) || text.contains(documentIds.get(d.file()));
            if (shown && !caller.mayRead(d)) {
                leaks.add(caller.name() + " got " + d.file() + " through the " + path + " (asked: " + asked.question()
                        + "; status " + reply.status() + ")");
            }
        }
        if (answers && caller.mayRead(asked) && !text.contains(asked.secret())) {
            misses.add(caller.name() + " did not get " + asked.file() + " through the " + path + " (status "
                    + reply.status() + ": " + abbreviate(text) + ")");
        }
    }

    private static String abbreviate(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }

    private record Reply(int status, String raw) {
        JsonNode body() {
            try {
                return raw.isBlank() ? JSON.nullNode() : JSON.readTree(raw);
            } catch (IOException e) {
                return JSON.nullNode();
            }
        }
    }

    private static Reply require(Reply reply, String what) {
        if (reply.status() / 100 != 2) {
            throw new IllegalStateException(what + " failed: HTTP " + reply.status() + " " + abbreviate(reply.raw()));
        }
        return reply;
    }

    private Reply send(String method, String path, Object body, String authorization, String widgetKey) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path));
            if (body instanceof Multipart multipart) {
                request.header("Content-Type", multipart.contentType())
                        .method(method, HttpRequest.BodyPublishers.ofByteArray(multipart.body()));
            } else if (body != null) {
                request.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
            } else {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            }
            if (authorization != null) {
                request.header("Authorization", authorization);
            }
            if (widgetKey != null) {
                request.header("X-Corrigo-Key", widgetKey).header("Origin", ORIGIN);
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
