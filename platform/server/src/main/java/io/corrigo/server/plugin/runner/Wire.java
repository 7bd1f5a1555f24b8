package io.corrigo.server.plugin.runner;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import io.corrigo.api.Embedding;
import io.corrigo.api.SearchException;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.text.Terms;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The runner protocol's encoding, shared by the host and the runner: each message is a frame of a 4-byte big-endian
 * length and that many bytes of UTF-8 JSON. Version {@value #VERSION}:
 *
 * <ul>
 *   <li>a request {@code {"v":1,"id":7,"op":"call",...}} is answered by one reply {@code {"v":1,"re":7,"result":...}}
 *   or {@code {"v":1,"re":7,"error":{"type":...,"message":...}}}; either side may send requests (the runner asks the
 *   host for embeddings), and several may be under way at once;</li>
 *   <li>an event {@code {"v":1,"op":"token","call":7,"text":"..."}} is not answered: the pieces of a streamed answer,
 *   sent before the call's reply.</li>
 * </ul>
 *
 * <p>The host's ops: {@code describe}, {@code problems}, {@code create}, {@code call}, {@code close}, {@code ping}; the
 * runner's: {@code embed}. Values are the plugin API's records as Jackson writes them, with two exceptions: an
 * {@link Embedding} is the base64 of its floats (IEEE 754, little-endian: a tenth of the decimal text to write and
 * read), and a {@link TermStatistics} travels as the inverse document frequencies of
 * the question's words ({@code {"idf":{...},"unseen":x}}), not as a function.
 */
final class Wire {

    /** The protocol version; a runner answering another is refused. */
    static final int VERSION = 1;
    /** The largest frame either side accepts (a batch of passages with their embeddings fits easily). */
    static final int MAX_FRAME = 64 * 1024 * 1024;

    static final ObjectMapper JSON = mapper();

    private Wire() {
    }

    private static ObjectMapper mapper() {
        SimpleModule api = new SimpleModule("corrigo-plugin-api");
        api.addSerializer(Embedding.class, new JsonSerializer<>() {
            @Override
            public void serialize(Embedding value, JsonGenerator out, SerializerProvider provider) throws IOException {
                float[] values = value.toArray();
                ByteBuffer bytes = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
                bytes.asFloatBuffer().put(values);
                out.writeBinary(bytes.array());
            }
        });
        api.addDeserializer(Embedding.class, new JsonDeserializer<>() {
            @Override
            public Embedding deserialize(JsonParser in, DeserializationContext context) throws IOException {
                ByteBuffer bytes = ByteBuffer.wrap(in.getBinaryValue()).order(ByteOrder.LITTLE_ENDIAN);
                float[] values = new float[bytes.remaining() / Float.BYTES];
                bytes.asFloatBuffer().get(values);
                return Embedding.of(values);
            }
        });
        api.addSerializer(TermStatistics.class, new JsonSerializer<>() {
            @Override
            public void serialize(TermStatistics value, JsonGenerator out, SerializerProvider provider) throws IOException {
                // only a Query carries statistics to the runner; QuerySerializer writes them with the question's words
                out.writeNull();
            }
        });
        api.addDeserializer(TermStatistics.class, new JsonDeserializer<>() {
            @Override
            public TermStatistics deserialize(JsonParser in, DeserializationContext context) throws IOException {
                JsonNode node = in.readValueAsTree();
                Map<String, Double> idf = new HashMap<>();
                node.path("idf").fields().forEachRemaining(e -> idf.put(e.getKey(), e.getValue().asDouble()));
                double unseen = node.path("unseen").asDouble(1.0);
                return term -> idf.getOrDefault(term, unseen);
            }
        });
        api.addSerializer(io.corrigo.api.Query.class, new JsonSerializer<>() {
            @Override
            public void serialize(io.corrigo.api.Query value, JsonGenerator out, SerializerProvider provider)
                    throws IOException {
                out.writeStartObject();
                out.writeStringField("text", value.text());
                if (value.embedding() != null) {
                    out.writeFieldName("embedding");
                    provider.defaultSerializeValue(value.embedding(), out);
                }
                if (value.termStatistics() != null) {
                    out.writeFieldName("termStatistics");
                    out.writeTree(statistics(value.text(), value.termStatistics()));
                }
                out.writeFieldName("filter"); // the asker's scope: a retriever in the runner applies it as any other
                provider.defaultSerializeValue(value.filter(), out);
                // the question's analysis in its language travels with it: a plugin in the runner reads the same
                java.util.Optional<io.corrigo.api.answer.QuestionAnalysis> analysis =
                        value.attribute(io.corrigo.api.answer.QuestionAnalysis.class);
                if (analysis.isPresent()) {
                    out.writeFieldName("questionAnalysis");
                    provider.defaultSerializeValue(analysis.get(), out);
                }
                out.writeEndObject();
            }
        });
        api.addDeserializer(io.corrigo.api.Query.class, new JsonDeserializer<>() {
            @Override
            public io.corrigo.api.Query deserialize(JsonParser in, DeserializationContext context) throws IOException {
                JsonNode node = in.readValueAsTree();
                com.fasterxml.jackson.core.ObjectCodec codec = in.getCodec();
                Embedding embedding = node.hasNonNull("embedding")
                        ? codec.treeToValue(node.get("embedding"), Embedding.class) : null;
                TermStatistics statistics = node.hasNonNull("termStatistics")
                        ? codec.treeToValue(node.get("termStatistics"), TermStatistics.class) : null;
                io.corrigo.api.PassageFilter filter = node.hasNonNull("filter")
                        ? codec.treeToValue(node.get("filter"), io.corrigo.api.PassageFilter.class) : null;
                io.corrigo.api.Query query = new io.corrigo.api.Query(node.path("text").asText(), embedding, statistics,
                        filter);
                return node.hasNonNull("questionAnalysis") ? query.with(io.corrigo.api.answer.QuestionAnalysis.class,
                        codec.treeToValue(node.get("questionAnalysis"), io.corrigo.api.answer.QuestionAnalysis.class))
                        : query;
            }
        });
        return new ObjectMapper().registerModule(new Jdk8Module())
                .registerModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule())
                .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).registerModule(api)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    }

    /** The statistics of the words of {@code text}, and the largest of them for words not sent. */
    private static ObjectNode statistics(String text, TermStatistics statistics) {
        ObjectNode node = JSON.createObjectNode();
        ObjectNode idf = node.putObject("idf");
        double unseen = 0;
        for (String term : Terms.tokens(text)) {
            double value = statistics.inverseDocumentFrequency(term);
            idf.put(term, value);
            unseen = Math.max(unseen, value);
        }
        node.put("unseen", unseen == 0 ? 1.0 : unseen);
        return node;
    }

    /**
     * Whether a method returns {@code Optional<TermStatistics>} ({@code Retriever.termStatistics()}): the statistics
     * stay in the runner and travel as a reference ({@code {"ref":id}}), asked word by word.
     */
    static boolean isStatistics(java.lang.reflect.Type type) {
        return type instanceof java.lang.reflect.ParameterizedType parameterized
                && parameterized.getRawType() == java.util.Optional.class
                && parameterized.getActualTypeArguments()[0] == TermStatistics.class;
    }

    /** A new request frame. */
    static ObjectNode request(String op) {
        ObjectNode node = JSON.createObjectNode();
        node.put("v", VERSION);
        node.put("op", op);
        return node;
    }

    /** The bytes of a frame, without its length. */
    static byte[] encode(JsonNode frame) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(frame);
        if (bytes.length > MAX_FRAME) {
            throw new IOException("a frame of " + bytes.length + " bytes is over the protocol's limit of " + MAX_FRAME);
        }
        return bytes;
    }

    static JsonNode read(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 2 || length > MAX_FRAME) {
            throw new IOException("a frame of " + length + " bytes: not the runner protocol");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        JsonNode frame = JSON.readTree(bytes);
        if (frame.path("v").asInt() != VERSION) {
            throw new IOException("runner protocol version " + frame.path("v") + ", this side speaks " + VERSION);
        }
        return frame;
    }

    /** How a failure travels: its type, its message, and for a search failure its kind, status and wait. */
    static ObjectNode error(Throwable failure) {
        Throwable e = failure instanceof java.lang.reflect.InvocationTargetException invocation && invocation.getCause() != null
                ? invocation.getCause() : failure;
        ObjectNode node = JSON.createObjectNode();
        node.put("type", e.getClass().getName());
        node.put("message", e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        if (e instanceof SearchException search) {
            node.put("kind", search.kind().name());
            search.httpStatus().ifPresent(s -> node.put("httpStatus", s));
            search.retryAfter().ifPresent(d -> node.put("retryAfterMillis", d.toMillis()));
        }
        if (e instanceof InvalidConfigException invalid) {
            node.set("problems", JSON.valueToTree(invalid.problems()));
        }
        return node;
    }

    /** The exception a failure from the other side is raised as on this side. */
    static RuntimeException exception(JsonNode error, String where) {
        String message = error.path("message").asText();
        if (error.has("kind")) {
            return new SearchException(SearchException.Kind.valueOf(error.get("kind").asText()), message,
                    error.has("httpStatus") ? error.get("httpStatus").asInt() : null,
                    error.has("retryAfterMillis") ? Duration.ofMillis(error.get("retryAfterMillis").asLong()) : null, null);
        }
        if (error.has("problems")) {
            List<String> problems = JSON.convertValue(error.get("problems"),
                    JSON.getTypeFactory().constructCollectionType(List.class, String.class));
            return new InvalidConfigException(problems);
        }
        return new PluginRunnerException(where + ": " + simpleName(error.path("type").asText()) + ": " + message);
    }

    private static String simpleName(String type) {
        return type.substring(type.lastIndexOf('.') + 1);
    }
}
