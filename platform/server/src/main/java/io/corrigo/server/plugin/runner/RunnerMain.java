package io.corrigo.server.plugin.runner;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.PluginApi;
import io.corrigo.api.PluginContext;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.outbound.OutboundPolicy;
import io.corrigo.server.plugin.kind.StageKind;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.pf4j.DefaultPluginManager;
import org.pf4j.PluginManager;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;

/**
 * The plugin runner: a JVM the host starts for one untrusted plugin ({@link PluginRunner}). It connects back to the
 * host's Unix-domain socket, loads the plugin with PF4J from the plugin's folder, puts the plugin's code under the
 * {@link RunnerPolicy} and the {@link RunnerSecurityManager}, then answers the host's calls ({@link Wire}) until the
 * host goes away. A call that burns more CPU time than allowed ends the runner (exit {@value #CPU_EXIT}); the host
 * starts a new one.
 *
 * <p>Arguments: the socket path, then one JSON object with {@code pluginDirectory}, {@code privateDirectory},
 * {@code outboundHosts}, {@code outboundAllow} and {@code cpuMillisPerCall}; in a confined runner also
 * {@code forwarder} (the host's forwarding socket) and {@code endpoints} (the listeners to open for it). It is started
 * with an empty environment.
 */
public final class RunnerMain {

    /** How the runner exits when a call ran over its CPU time. */
    static final int CPU_EXIT = 4;
    /** How the runner exits when it cannot restrict the plugin (a JDK without a security manager). */
    static final int UNRESTRICTED_EXIT = 5;

    /**
     * The extension points the host may call, by name: every kind's interface, and the two a retriever hands out
     * (writing its index, its term statistics). Nothing else is invoked.
     */
    static final Map<String, Class<?>> CALLABLE = new ConcurrentHashMap<>();

    static {
        for (StageKind<?> kind : StageKind.values()) {
            CALLABLE.put(kind.type().getName(), kind.type());
        }
        for (Class<?> type : List.of(io.corrigo.api.KnowledgeIndex.class, TermStatistics.class)) {
            CALLABLE.put(type.getName(), type);
        }
    }

    private final Map<String, PluginFactory<?>> factories = new ConcurrentHashMap<>();
    private final Map<String, Class<?>> factoryTypes = new ConcurrentHashMap<>();
    private final Map<Long, Object> objects = new ConcurrentHashMap<>();
    private final Map<Object, Long> references = new IdentityHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Map<Thread, Long> running = new ConcurrentHashMap<>();
    private final ClassLoader pluginLoader;
    private final RunnerPolicy policy;
    private final long cpuNanosPerCall;
    private final String pluginId;
    private final String pluginVersion;
    private volatile Channel channel;

    private RunnerMain(PluginWrapper plugin, PluginManager manager, RunnerPolicy policy, long cpuMillisPerCall) {
        this.pluginLoader = plugin.getPluginClassLoader();
        this.policy = policy;
        this.cpuNanosPerCall = cpuMillisPerCall * 1_000_000L;
        this.pluginId = plugin.getPluginId();
        this.pluginVersion = plugin.getDescriptor().getVersion();
        for (StageKind<?> kind : StageKind.values()) {
            Class<?> type = kind.factoryType();
            for (Object extension : manager.getExtensions(type, pluginId)) {
                PluginFactory<?> factory = (PluginFactory<?>) extension;
                factories.put(factory.id(), factory);
                factoryTypes.put(factory.id(), type);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        SocketChannel socket = SocketChannel.open(StandardProtocolFamily.UNIX);
        socket.connect(UnixDomainSocketAddress.of(args[0]));
        JsonNode settings = Wire.JSON.readTree(args[1]);
        Path pluginDirectory = Path.of(settings.get("pluginDirectory").asText());
        Path privateDirectory = Files.createDirectories(Path.of(settings.get("privateDirectory").asText()));
        List<String> hosts = strings(settings.get("outboundHosts"));
        RunnerPolicy policy = new RunnerPolicy(pluginDirectory, privateDirectory, hosts);
        boolean confined = settings.hasNonNull("forwarder");
        if (confined) {
            // no network here but loopback: each approved host is a listener whose connections the host forwards (and
            // checks against its outbound policy), so this JVM's own address check would only see the listeners
            RunnerListeners.open(Path.of(settings.get("forwarder").asText()), Wire.JSON.convertValue(settings.get("endpoints"),
                    Wire.JSON.getTypeFactory().constructCollectionType(List.class, OutboundForwarder.Endpoint.class)));
        }
        if (settings.path("jvmChecks").asBoolean(true)) {
            try {
                java.security.Policy.setPolicy(policy);
                System.setSecurityManager(new RunnerSecurityManager(
                        confined ? null : new OutboundPolicy(strings(settings.get("outboundAllow")))));
            } catch (UnsupportedOperationException | SecurityException e) {
                System.err.println("This JVM cannot restrict plugin code (" + e + "): the runner does not start.");
                System.exit(UNRESTRICTED_EXIT);
            }
        }
        PluginManager manager = new DefaultPluginManager(privateDirectory.resolve("pf4j"));
        manager.setSystemVersion(PluginApi.VERSION);
        String id = manager.loadPlugin(pluginDirectory);
        PluginState state = manager.startPlugin(id);
        if (state != PluginState.STARTED) {
            throw new IllegalStateException("plugin " + id + " did not start: " + state);
        }
        RunnerMain runner = new RunnerMain(manager.getPlugin(id), manager, policy, settings.path("cpuMillisPerCall").asLong(30_000));
        ExecutorService workers = Executors.newCachedThreadPool(r -> {
            Thread thread = new Thread(r, "runner-call");
            thread.setDaemon(true);
            return thread;
        });
        runner.channel = new Channel(socket, runner::handle, workers).start("runner-io");
        runner.watchCpu();
        Throwable end = runner.channel.closed().get();
        System.err.println("Plugin runner for " + id + " ends: " + end.getMessage());
        Runtime.getRuntime().halt(0);
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array != null) {
            array.forEach(v -> values.add(v.asText()));
        }
        return values;
    }

    /** Ends the runner when a call runs over its CPU time: a thread cannot be stopped safely, a process can. */
    private void watchCpu() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Thread watchdog = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
                running.forEach((thread, startNanos) -> {
                    long used = threads.getThreadCpuTime(thread.getId()) - startNanos;
                    if (used > cpuNanosPerCall) {
                        System.err.println("A call of plugin " + pluginId + " used more than " + cpuNanosPerCall / 1_000_000
                                + " ms of CPU time: the runner stops");
                        Runtime.getRuntime().halt(CPU_EXIT);
                    }
                });
            }
        }, "runner-cpu-watch");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private JsonNode handle(JsonNode request) throws Exception {
        return switch (request.path("op").asText()) {
            case "ping" -> Wire.JSON.createObjectNode().put("plugin", pluginId).put("version", pluginVersion)
                    .put("heapUsed", Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory());
            case "describe" -> describe();
            case "problems" -> {
                PluginFactory<?> factory = factory(request);
                yield Wire.JSON.valueToTree(metered(() -> factory.problems(config(factory, request))));
            }
            case "create" -> create(request);
            case "call" -> call(request);
            case "close" -> {
                Object instance = objects.remove(request.path("object").asLong());
                if (instance instanceof AutoCloseable closeable) {
                    metered(() -> {
                        closeable.close();
                        return null;
                    });
                }
                yield null;
            }
            default -> throw new IllegalArgumentException("unknown op " + request.path("op"));
        };
    }

    private JsonNode describe() {
        ObjectNode node = Wire.JSON.createObjectNode();
        node.put("plugin", pluginId).put("version", pluginVersion);
        ArrayNode list = node.putArray("factories");
        factories.forEach((id, factory) -> {
            ObjectNode entry = list.addObject();
            entry.put("id", id);
            entry.put("type", factoryTypes.get(id).getName());
            entry.put("description", factory.description());
            entry.put("inProcess", factory.inProcess());
            entry.set("configProperties", Wire.JSON.valueToTree(factory.configProperties()));
        });
        return node;
    }

    private PluginFactory<?> factory(JsonNode request) {
        PluginFactory<?> factory = factories.get(request.path("factory").asText());
        if (factory == null) {
            throw new IllegalArgumentException("no factory '" + request.path("factory").asText() + "' in plugin " + pluginId);
        }
        return factory;
    }

    private static PluginConfig config(PluginFactory<?> factory, JsonNode request) {
        Map<String, String> raw = Wire.JSON.convertValue(request.get("config"),
                Wire.JSON.getTypeFactory().constructMapType(Map.class, String.class, String.class));
        return PluginConfig.resolve(factory.configProperties(), raw);
    }

    private JsonNode create(JsonNode request) throws Exception {
        PluginFactory<?> factory = factory(request);
        JsonNode context = request.get("context");
        Path directory = Path.of(context.get("dataDirectory").asText());
        policy.allowDataDirectory(directory);
        PluginContext pluginContext = new RunnerContext(context.get("tenantId").asText(), directory,
                new RemoteEmbeddings(context.get("ref").asLong(), context.get("dimension").asInt(),
                        context.get("modelId").asText()), Clock.systemUTC());
        PluginConfig config = config(factory, request);
        Object instance = metered(() -> factory.create(pluginContext, config));
        if (instance == null) {
            throw new IllegalStateException("factory " + factory.id() + " returned null");
        }
        long id = ids.incrementAndGet();
        objects.put(id, instance);
        ObjectNode node = Wire.JSON.createObjectNode();
        node.put("object", id);
        ArrayNode interfaces = node.putArray("interfaces");
        CALLABLE.values().stream().filter(type -> type != TermStatistics.class && type.isInstance(instance))
                .forEach(type -> interfaces.add(type.getName()));
        return node;
    }

    private JsonNode call(JsonNode request) throws Exception {
        Object target = objects.get(request.path("object").asLong());
        if (target == null) {
            throw new IllegalStateException("no instance " + request.path("object") + " in this runner (it was restarted)");
        }
        Class<?> type = CALLABLE.get(request.path("interface").asText());
        if (type == null || !type.isInstance(target)) {
            throw new IllegalArgumentException("not callable: " + request.path("interface").asText());
        }
        List<Class<?>> parameterTypes = new ArrayList<>();
        for (JsonNode name : request.path("parameters")) {
            parameterTypes.add(parameterType(name.asText()));
        }
        Method method = type.getMethod(request.path("method").asText(), parameterTypes.toArray(Class<?>[]::new));
        Type[] generic = method.getGenericParameterTypes();
        Object[] arguments = new Object[generic.length];
        JsonNode values = request.path("arguments");
        long callId = request.get("id").asLong();
        for (int i = 0; i < generic.length; i++) {
            if (method.getParameterTypes()[i] == Consumer.class) {
                arguments[i] = (Consumer<String>) piece -> token(callId, piece);
            } else {
                JavaType javaType = Wire.JSON.getTypeFactory().constructType(generic[i]);
                arguments[i] = Wire.JSON.convertValue(values.get(i), javaType);
            }
        }
        Object result = metered(() -> method.invoke(target, arguments));
        if (Wire.isStatistics(method.getGenericReturnType())) {
            return ((java.util.Optional<?>) result).map(s -> (JsonNode) Wire.JSON.createObjectNode().put("ref", reference(s)))
                    .orElse(null);
        }
        return method.getReturnType() == void.class ? null : Wire.JSON.valueToTree(result);
    }

    private synchronized long reference(Object value) {
        Long known = references.get(value);
        if (known != null) {
            return known;
        }
        long id = ids.incrementAndGet();
        objects.put(id, value);
        references.put(value, id);
        return id;
    }

    private static Class<?> parameterType(String name) throws ClassNotFoundException {
        return switch (name) {
            case "int" -> int.class;
            case "long" -> long.class;
            case "double" -> double.class;
            case "boolean" -> boolean.class;
            default -> Class.forName(name, false, RunnerMain.class.getClassLoader());
        };
    }

    private void token(long callId, String piece) {
        ObjectNode event = Wire.JSON.createObjectNode();
        event.put("v", Wire.VERSION).put("op", "token").put("call", callId).put("text", piece);
        try {
            channel.send(event);
        } catch (java.io.IOException e) {
            throw new PluginRunnerException("the host went away while the answer streamed: " + e.getMessage());
        }
    }

    /** Runs plugin code on this thread with the plugin's class loader as context, its CPU time watched. */
    private <T> T metered(java.util.concurrent.Callable<T> work) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(pluginLoader);
        running.put(thread, ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
        try {
            return work.call();
        } finally {
            running.remove(thread);
            thread.setContextClassLoader(previous);
        }
    }

    /** The host's embedding model, asked over the channel. */
    private final class RemoteEmbeddings implements EmbeddingService {
        private final long contextRef;
        private final int dimension;
        private final String modelId;

        RemoteEmbeddings(long contextRef, int dimension, String modelId) {
            this.contextRef = contextRef;
            this.dimension = dimension;
            this.modelId = modelId;
        }

        @Override
        public Embedding embed(String text) {
            return embedAll(List.of(text)).get(0);
        }

        @Override
        public List<Embedding> embedAll(List<String> texts) {
            ObjectNode request = Wire.request("embed");
            request.put("context", contextRef);
            request.set("texts", Wire.JSON.valueToTree(texts));
            JsonNode result = channel.call(request, Duration.ofSeconds(120), null, "embeddings");
            return Wire.JSON.convertValue(result,
                    Wire.JSON.getTypeFactory().constructCollectionType(List.class, Embedding.class));
        }

        @Override
        public int dimension() {
            return dimension;
        }

        @Override
        public String modelId() {
            return modelId;
        }
    }

    /** What a plugin instance in the runner is given: its tenant, its data directory, the host's embeddings. */
    private record RunnerContext(String tenantId, Path dataDirectory, EmbeddingService embeddings, Clock clock)
            implements PluginContext {
    }
}
