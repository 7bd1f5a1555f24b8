package io.corrigo.server.plugin.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.api.PluginContext;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.TermStatistics;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A plugin instance that lives in a runner: every call of its extension points is sent to the runner with its
 * arguments and answered with the result (streamed pieces of an answer arrive as events before it). After the runner
 * was restarted, the instance is created there again, with the same settings, on its next call.
 */
final class RemoteInstance implements InvocationHandler {

    private final PluginRunner runner;
    private final String factoryId;
    private final long contextRef;
    private final PluginContext context;
    private final Map<String, String> config;
    private long generation;
    private long object;
    private volatile boolean closed;

    private RemoteInstance(PluginRunner runner, String factoryId, long contextRef, PluginContext context,
                           Map<String, String> config) {
        this.runner = runner;
        this.factoryId = factoryId;
        this.contextRef = contextRef;
        this.context = context;
        this.config = Map.copyOf(config);
    }

    /** Creates the instance in the runner now (so bad settings fail here) and returns its proxy. */
    static Object create(PluginRunner runner, String factoryId, long contextRef, PluginContext context,
                         Map<String, String> config) {
        RemoteInstance handler = new RemoteInstance(runner, factoryId, contextRef, context, config);
        PluginRunner.Link link = runner.linkFor(context.dataDirectory());
        JsonNode created = handler.createIn(link);
        List<Class<?>> interfaces = new ArrayList<>();
        ClassLoader api = PluginFactory.class.getClassLoader();
        for (JsonNode name : created.path("interfaces")) {
            try {
                interfaces.add(Class.forName(name.asText(), false, api));
            } catch (ClassNotFoundException e) {
                throw new PluginRunnerException("the runner named an unknown interface " + name.asText());
            }
        }
        interfaces.add(AutoCloseable.class);
        return Proxy.newProxyInstance(api, interfaces.toArray(Class<?>[]::new), handler);
    }

    private JsonNode createIn(PluginRunner.Link link) {
        JsonNode created = runner.createIn(link, factoryId, contextRef, context, config);
        generation = link.generation();
        object = created.path("object").asLong();
        return created;
    }

    /** The object id of this instance in the runner that runs now, created there again after a restart. */
    private synchronized long objectIn(PluginRunner.Link link) {
        if (generation != link.generation()) {
            createIn(link);
        }
        return object;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> "instance of " + factoryId + " in the runner of plugin " + runner.pluginId();
            };
        }
        if (method.getDeclaringClass() == AutoCloseable.class) {
            close();
            return null;
        }
        if (closed) {
            throw new IllegalStateException("instance of " + factoryId + " is closed");
        }
        PluginRunner.Link link = runner.link();
        ObjectNode request = Wire.request("call");
        request.put("object", objectIn(link));
        request.put("interface", method.getDeclaringClass().getName());
        request.put("method", method.getName());
        ArrayNode parameters = request.putArray("parameters");
        ArrayNode arguments = request.putArray("arguments");
        Consumer<JsonNode> events = null;
        Class<?>[] types = method.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            parameters.add(types[i].getName());
            if (types[i] == Consumer.class) {
                @SuppressWarnings("unchecked")
                Consumer<String> tokens = (Consumer<String>) args[i];
                events = frame -> tokens.accept(frame.path("text").asText());
                arguments.addNull();
            } else {
                arguments.add(Wire.JSON.valueToTree(args[i]));
            }
        }
        JsonNode result = runner.call(link, request, events, factoryId + "." + method.getName());
        Type returns = method.getGenericReturnType();
        if (returns == void.class) {
            return null;
        }
        if (Wire.isStatistics(returns)) {
            return result == null || result.isNull() ? Optional.empty()
                    : Optional.of(new RemoteStatistics(link, result.get("ref").asLong()));
        }
        return Wire.JSON.convertValue(result, Wire.JSON.getTypeFactory().constructType(returns));
    }


    private void close() {
        if (closed) {
            return;
        }
        closed = true;
        runner.forget(contextRef);
        try {
            PluginRunner.Link link = runner.link();
            synchronized (this) {
                if (generation != link.generation()) {
                    return; // it went with the runner that ended
                }
            }
            ObjectNode request = Wire.request("close");
            request.put("object", object);
            runner.call(link, request, null, factoryId + ".close");
        } catch (PluginRunnerException e) {
            // the runner is down or the instance failed to close: nothing is left to release here
        }
    }

    /** A retriever's corpus statistics that live in the runner; each word is asked once. */
    private final class RemoteStatistics implements TermStatistics {
        private final PluginRunner.Link link;
        private final long ref;
        private final Map<String, Double> known = new ConcurrentHashMap<>();

        RemoteStatistics(PluginRunner.Link link, long ref) {
            this.link = link;
            this.ref = ref;
        }

        @Override
        public double inverseDocumentFrequency(String term) {
            Double value = known.get(term);
            if (value != null) {
                return value;
            }
            ObjectNode request = Wire.request("call");
            request.put("object", ref);
            request.put("interface", TermStatistics.class.getName());
            request.put("method", "inverseDocumentFrequency");
            request.putArray("parameters").add(String.class.getName());
            request.putArray("arguments").add(term);
            double idf = runner.call(link, request, null, factoryId + ".termStatistics").asDouble();
            if (known.size() < 100_000) {
                known.put(term, idf);
            }
            return idf;
        }
    }
}
