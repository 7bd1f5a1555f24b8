package io.corrigo.server.plugin.runner;

import io.corrigo.api.PluginContext;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.config.PluginConfig;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * A plugin factory that lives in a runner, as the host sees it: its id, help text and settings as the runner described
 * them; {@code problems} and {@code create} asked of the runner. Every call of its instances is guarded by the host
 * with a timeout and a circuit breaker like any plugin's: the in-process timeout when the plugin says its instances
 * only compute ({@link PluginFactory#inProcess()}), the pipeline's model timeouts otherwise.
 */
final class RemoteFactory implements InvocationHandler {

    private final PluginRunner runner;
    private final PluginRunner.Described described;

    private RemoteFactory(PluginRunner runner, PluginRunner.Described described) {
        this.runner = runner;
        this.described = described;
    }

    /** A proxy implementing the factory's kind ({@code RetrieverFactory}, ...). */
    static PluginFactory<?> proxy(PluginRunner runner, PluginRunner.Described described) {
        ClassLoader api = PluginFactory.class.getClassLoader();
        Class<?> type;
        try {
            type = Class.forName(described.type(), false, api);
        } catch (ClassNotFoundException e) {
            throw new PluginRunnerException("factory " + described.id() + " is of an unknown kind " + described.type());
        }
        if (!type.isInterface() || !PluginFactory.class.isAssignableFrom(type)) {
            throw new PluginRunnerException("factory " + described.id() + " is not a plugin factory: " + described.type());
        }
        return (PluginFactory<?>) Proxy.newProxyInstance(api, new Class<?>[] {type}, new RemoteFactory(runner, described));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "id" -> described.id();
            case "description" -> described.description();
            case "configProperties" -> described.configProperties();
            case "inProcess" -> described.inProcess();
            case "problems" -> runner.problems(described.id(), (PluginConfig) args[0]);
            case "create" -> runner.create(described.id(), (PluginContext) args[0], (PluginConfig) args[1]);
            case "close" -> null; // the runner's process holds what the factory holds; it ends with the plugin
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            case "toString" -> "factory " + described.id() + " in the runner of plugin " + runner.pluginId();
            default -> throw new UnsupportedOperationException(method.getName());
        };
    }
}
