package io.corrigo.server.access;

import io.corrigo.engine.CorrectivePipeline;
import io.corrigo.server.gateway.Caller;
import io.corrigo.server.gateway.QuestionGateway;
import io.corrigo.server.knowledge.DocumentTexts;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.run.QueryResponse;
import io.corrigo.server.run.QueryService;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Corrigo's MCP server offers an assistant, each answered for the secret key of the request (its tenant, its
 * groups, its default collections; {@link McpEndpoint} puts it in the transport context):
 * <ul>
 *   <li>tool {@code ask}: the corrective answer with its citations, the abstention and {@code incomplete} flags, and the
 *       conversation id to continue with (threads belong to the key);</li>
 *   <li>tool {@code search_knowledge}: the graded passages without an answer, each saying whether it holds what the
 *       question asks ({@code sufficient}), as the retrieval API returns them;</li>
 *   <li>resource template {@code corrigo://documents/{documentId}/source/{start}/{end}}: a cited document's text around a
 *       citation (each citation's {@code sourceUrl}), for the key's readers only.</li>
 * </ul>
 * A bad argument or a thread that is not the key's is a tool result marked {@code isError} with the reason, never a
 * transport failure.
 */
final class McpTools {

    static final String KEY = "corrigo.key";
    static final String SOURCE_TEMPLATE = "corrigo://documents/{documentId}/source/{start}/{end}";
    private static final Pattern SOURCE = Pattern.compile("corrigo://documents/([A-Za-z0-9._-]{1,100})/source/(\\d{1,9})/(\\d{1,9})");

    private final QuestionGateway gateway;
    private final QueryService queries;
    private final DocumentTexts texts;

    McpTools(QuestionGateway gateway, QueryService queries, DocumentTexts texts) {
        this.gateway = gateway;
        this.queries = queries;
        this.texts = texts;
    }

    List<McpStatelessServerFeatures.SyncToolSpecification> tools() {
        return List.of(
                new McpStatelessServerFeatures.SyncToolSpecification(McpSchema.Tool.builder().name("ask")
                        .title("Ask the knowledge base")
                        .description("Answers a question from this tenant's knowledge base with Corrective RAG: every "
                                + "retrieved passage is graded, the answer cites its sources as [n], and when the "
                                + "knowledge does not hold the asked detail the answer abstains (abstained: true) "
                                + "instead of guessing. Pass conversation_id from the previous answer to ask a follow-up.")
                        .inputSchema(schema(true)).build(), this::ask),
                new McpStatelessServerFeatures.SyncToolSpecification(McpSchema.Tool.builder().name("search_knowledge")
                        .title("Search the knowledge base")
                        .description("Returns the passages of this tenant's knowledge base that bear on a question, "
                                + "graded (CORRECT, AMBIGUOUS, INCORRECT) and refined to the sentences that matter, "
                                + "best first; each says whether it holds what the question asks (sufficient), and "
                                + "answerable says whether any does.")
                        .inputSchema(schema(false)).build(), this::search));
    }

    List<McpStatelessServerFeatures.SyncResourceTemplateSpecification> resources() {
        return List.of(new McpStatelessServerFeatures.SyncResourceTemplateSpecification(
                McpSchema.ResourceTemplate.builder().uriTemplate(SOURCE_TEMPLATE).name("cited-source")
                        .title("A cited document at a citation")
                        .description("The text of a knowledge-base document around a span (a citation's sourceUrl), "
                                + "with the span marked by « ».")
                        .mimeType("text/plain").build(), this::source));
    }

    private static Map<String, Object> schema(boolean ask) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("question", Map.of("type", "string", "description", "The question, in the user's words."));
        if (ask) {
            properties.put("conversation_id", Map.of("type", "string",
                    "description", "The conversation_id of an earlier answer, to ask a follow-up in that conversation."));
        } else {
            properties.put("top_k", Map.of("type", "integer", "minimum", 1, "maximum", 20, "default", 5,
                    "description", "How many passages at most."));
        }
        properties.put("collections", Map.of("type", "array", "items", Map.of("type", "string"),
                "description", "Search only these collections (default: the key's collections, else all)."));
        properties.put("filter", Map.of("type", "object", "description",
                "Metadata the passages must have, e.g. {\"language\": \"en\", \"updated_after\": \"2025-01-01\"}."));
        return Map.of("type", "object", "properties", properties, "required", List.of("question"));
    }

    private McpSchema.CallToolResult ask(McpTransportContext context, McpSchema.CallToolRequest request) {
        KeyView key = key(context);
        Map<String, Object> args = request.arguments() == null ? Map.of() : request.arguments();
        try {
            QueryResponse answer = gateway.ask(caller(key), new QuestionGateway.Question(text(args, "question"),
                    text(args, "conversation_id"), List.of(), scope(args)));
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("answer", answer.answer());
            out.put("abstained", answer.abstained());
            out.put("incomplete", answer.incomplete());
            out.put("degraded", answer.degraded());
            out.put("action", answer.action());
            out.put("conversation_id", answer.conversationId());
            out.put("run_id", answer.runId());
            out.put("citations", answer.citations().stream().map(McpTools::citation).toList());
            out.put("notices", answer.notices());
            if (answer.reading() != null) {
                out.put("reading", reading(answer.reading()));
            }
            if (answer.curated() != null) {
                out.put("curated", true);
            }
            if (answer.confidence() != null) {
                out.put("confidence", Map.of("level", answer.confidence().level(), "sources", answer.confidence().sources()));
            }
            if (answer.refusal() != null) {
                out.put("refusal", refusalFields(answer.refusal()));
            }
            return McpSchema.CallToolResult.builder().addTextContent(readable(answer)).structuredContent(out)
                    .isError(false).build();
        } catch (ServiceException e) {
            return refusal(e.describe());
        } catch (IllegalArgumentException e) {
            return refusal(e.getMessage());
        }
    }

    /** Why an answer was withheld, what was searched and what the sources cover, for a structured result. */
    static Map<String, Object> refusalFields(io.corrigo.engine.confidence.Refusal refusal) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("reason", refusal.reason());
        out.put("passages", refusal.passages());
        out.put("web", refusal.web());
        if (refusal.covered() != null) {
            out.put("covered", Map.of("terms", refusal.covered().terms(), "source", refusal.covered().source()));
        }
        return out;
    }

    /** How a follow-up was read, for a structured result. */
    private static Map<String, Object> reading(QueryResponse.Reading reading) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("asked", reading.asked());
        out.put("answering", reading.answering());
        out.put("rewritten", reading.rewritten());
        if (reading.clarification() != null) {
            out.put("clarification", reading.clarification());
        }
        if (reading.choices() != null) {
            out.put("choices", reading.choices().stream()
                    .map(c -> Map.of("label", c.label(), "question", c.question())).toList());
        }
        return out;
    }

    private McpSchema.CallToolResult search(McpTransportContext context, McpSchema.CallToolRequest request) {
        KeyView key = key(context);
        Map<String, Object> args = request.arguments() == null ? Map.of() : request.arguments();
        try {
            int topK = args.get("top_k") instanceof Number n ? n.intValue() : 5;
            if (topK < 1 || topK > 20) {
                return refusal("top_k must be 1-20; was " + args.get("top_k") + ".");
            }
            String question = text(args, "question");
            CorrectivePipeline.Evidence evidence = queries.evidence(key.tenant(), question, caller(key).scope(scope(args)));
            List<Map<String, Object>> records = RetrievalController.records(evidence, topK, 0, question);
            List<Map<String, Object>> passages = new ArrayList<>();
            for (Map<String, Object> record : records) {
                @SuppressWarnings("unchecked")
                Map<String, Object> metadata = (Map<String, Object>) record.get("metadata");
                Map<String, Object> passage = new LinkedHashMap<>();
                passage.put("title", record.get("title"));
                passage.put("content", record.get("content"));
                passage.put("score", record.get("score"));
                passage.putAll(metadata);
                passages.add(passage);
            }
            boolean answerable = passages.stream().anyMatch(p -> Boolean.TRUE.equals(p.get("sufficient")));
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("answerable", answerable);
            out.put("action", evidence.trace().action() == null ? null : evidence.trace().action().name());
            out.put("passages", passages);
            StringBuilder text = new StringBuilder(answerable ? "" : "No passage holds what the question asks.\n\n");
            for (int i = 0; i < passages.size(); i++) {
                Map<String, Object> p = passages.get(i);
                text.append('[').append(i + 1).append("] ").append(p.get("title")).append(" (")
                        .append(p.get("grade")).append(Boolean.TRUE.equals(p.get("sufficient")) ? ", sufficient" : "")
                        .append(")\n").append(p.get("content")).append("\n\n");
            }
            return McpSchema.CallToolResult.builder().addTextContent(text.toString().strip()).structuredContent(out)
                    .isError(false).build();
        } catch (ServiceException e) {
            return refusal(e.describe());
        } catch (IllegalArgumentException e) {
            return refusal(e.getMessage());
        }
    }

    private McpSchema.ReadResourceResult source(McpTransportContext context, McpSchema.ReadResourceRequest request) {
        KeyView key = key(context);
        Matcher m = SOURCE.matcher(request.uri());
        if (!m.matches()) {
            throw new IllegalArgumentException("Not a Corrigo source: " + request.uri() + " (expected " + SOURCE_TEMPLATE + ").");
        }
        DocumentTexts.Source source = texts.source(key.tenant(), m.group(1), Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)), Set.copyOf(key.groups()));
        String where = (source.title() == null ? source.name() : source.title())
                + (source.page() == null ? "" : ", page " + source.page())
                + (source.section() == null ? "" : ", section “" + source.section() + "”");
        return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(request.uri(), "text/plain",
                where + "\n\n" + source.before() + "«" + source.quoted() + "»" + source.after())));
    }

    private static Caller caller(KeyView key) {
        return Caller.assistant(key.tenant(), key.id(), key.groups(), key.collections());
    }

    private static KeyView key(McpTransportContext context) {
        Object key = context.get(KEY);
        if (!(key instanceof KeyView view)) {
            throw new IllegalStateException("an MCP call without a checked key");
        }
        return view;
    }

    private static String text(Map<String, Object> args, String name) {
        Object value = args.get(name);
        if (value != null && !(value instanceof String)) {
            throw new IllegalArgumentException(name + " must be a string.");
        }
        return (String) value;
    }

    @SuppressWarnings("unchecked")
    private static io.corrigo.api.PassageFilter scope(Map<String, Object> args) {
        Object collections = args.get("collections");
        Object filter = args.get("filter");
        if (collections != null && !(collections instanceof List<?>)) {
            throw new IllegalArgumentException("collections must be an array of collection names.");
        }
        if (filter != null && !(filter instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("filter must be an object of metadata names and values.");
        }
        List<String> names = collections == null ? null
                : ((List<Object>) collections).stream().map(String::valueOf).toList();
        return io.corrigo.server.knowledge.QuestionScope.parse(names, (Map<String, Object>) filter);
    }

    private static Map<String, Object> citation(QueryResponse.CitationView c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("number", c.number());
        out.put("title", c.title());
        out.put("document_id", c.documentId());
        out.put("origin", c.origin());
        out.put("quote", c.quote());
        if (c.uri() != null) {
            out.put("uri", c.uri());
        }
        if (c.page() != null) {
            out.put("page", c.page());
        }
        if (c.section() != null) {
            out.put("section", c.section());
        }
        if (c.sourceUrl() != null) {
            out.put("source_uri", c.sourceUrl());
        }
        return out;
    }

    /** The answer as an assistant shows it: the text, then its sources, then the flags that qualify it. */
    private static String readable(QueryResponse answer) {
        StringBuilder text = new StringBuilder();
        QueryResponse.Reading reading = answer.reading();
        if (reading != null && reading.rewritten()) {
            text.append("Answering: ").append(reading.answering()).append("\n\n"); // a wrong reading is seen
        }
        text.append(answer.answer());
        if (!answer.citations().isEmpty()) {
            text.append("\n\nSources:");
            for (QueryResponse.CitationView c : answer.citations()) {
                text.append("\n[").append(c.number()).append("] ").append(c.title())
                        .append(c.page() == null ? "" : ", page " + c.page())
                        .append(c.sourceUrl() != null ? " — " + c.sourceUrl() : c.uri() != null ? " — " + c.uri() : "");
            }
        }
        if (reading != null && reading.choices() != null) {
            text.append("\n\nAsk one of these to go on:");
            reading.choices().forEach(c -> text.append("\n- ").append(c.question()));
        } else if (reading != null && reading.clarification() != null) {
            text.append("\n\n(Corrigo asks back: answer with the whole question.)");
        } else if (answer.abstained()) {
            text.append("\n\n(").append(answer.refusal() == null ? "Corrigo abstained: the knowledge base does not hold this."
                    : answer.refusal().describe()).append(")");
        } else if (answer.incomplete()) {
            text.append("\n\n(This answer may be incomplete: ").append(String.join("; ", answer.notices())).append(")");
        }
        if (answer.conversationId() != null) {
            text.append("\n\nconversation_id: ").append(answer.conversationId());
        }
        return text.toString();
    }

    private static McpSchema.CallToolResult refusal(String why) {
        return McpSchema.CallToolResult.builder().addTextContent(why).isError(true).build();
    }
}
