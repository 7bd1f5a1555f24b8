package io.corrigo.server.plugin.runner;

import java.io.FilePermission;
import java.lang.reflect.ReflectPermission;
import java.net.SocketPermission;
import java.net.URLPermission;
import java.nio.file.Path;
import java.security.Permission;
import java.security.Permissions;
import java.security.Policy;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.PropertyPermission;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the plugin's code may do inside its runner: every class the plugin's class loader defined (the plugin's own
 * classes and the libraries it ships) gets only
 *
 * <ul>
 *   <li>reading its own plugin folder and the JDK, reading and writing its data directories (one per tenant instance,
 *   added as instances are created) and its private temporary folder;</li>
 *   <li>connecting to the outbound hosts the admin approved ({@code host} or {@code host:port}), over plain sockets
 *   and the JDK's HTTP client;</li>
 *   <li>reading system properties, threads of its own, reflection on public and declared members without
 *   overriding access checks.</li>
 * </ul>
 *
 * <p>Nothing else: no environment variables, no other file (the host's data directory, its master key, other
 * plugins, {@code /proc}), no processes, no exit, no native libraries, no file descriptors, no other socket, no
 * change to the security manager or this policy. Only the classes of the runner's own class loaders (the JDK, PF4J,
 * the runner) have every permission; any other class has the plugin's. The plugin may not make class loaders, read
 * protection domains or set a thread's context class loader: a class loader of its own could define a class in a
 * protection domain with static permissions, which no policy is asked about. A check passes only when every frame on the stack may do it, so plugin code cannot borrow the runner's
 * rights, nor grant itself more through a class loader of its own.
 */
final class RunnerPolicy extends Policy {

    private final Permissions fixed = new Permissions();
    private final List<Permission> dataDirectories = new CopyOnWriteArrayList<>();
    /** The runner's own class loaders: the one that loaded it and its parents. */
    private final java.util.Set<ClassLoader> runnerLoaders =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    RunnerPolicy(Path pluginDirectory, Path privateDirectory, List<String> outboundHosts) {
        for (ClassLoader loader = RunnerPolicy.class.getClassLoader(); loader != null; loader = loader.getParent()) {
            runnerLoaders.add(loader);
        }
        runnerLoaders.add(ClassLoader.getSystemClassLoader());
        runnerLoaders.add(ClassLoader.getPlatformClassLoader());
        fixed.add(new FilePermission(pluginDirectory.toString(), "read"));
        fixed.add(new FilePermission(pluginDirectory + "/-", "read"));
        fixed.add(new FilePermission(privateDirectory.toString(), "read,write,delete"));
        fixed.add(new FilePermission(privateDirectory + "/-", "read,write,delete"));
        fixed.add(new FilePermission(System.getProperty("java.home") + "/-", "read"));
        fixed.add(new PropertyPermission("*", "read"));
        // never createClassLoader, getProtectionDomain or setContextClassLoader: a class loader of the plugin's own can
        // define classes in a ProtectionDomain with static permissions, which no Policy is asked about
        for (String name : List.of("getClassLoader", "modifyThread", "modifyThreadGroup", "accessDeclaredMembers",
                "getStackTrace", "localeServiceProvider", "charsetProvider")) {
            fixed.add(new RuntimePermission(name));
        }
        for (String host : outboundHosts) {
            String target = host.contains(":") && !host.endsWith("]") ? host : host + ":1-65535";
            fixed.add(new SocketPermission(target, "connect,resolve"));
            String authority = host.contains(":") && !host.endsWith("]") ? host : host + ":*";
            fixed.add(new URLPermission("http://" + authority + "/-", "*:*"));
            fixed.add(new URLPermission("https://" + authority + "/-", "*:*"));
        }
        fixed.setReadOnly();
    }

    /** Lets the plugin read and write {@code directory} and everything below it (a tenant instance's data). */
    void allowDataDirectory(Path directory) {
        String path = directory.toAbsolutePath().normalize().toString();
        dataDirectories.add(new FilePermission(path, "read,write,delete"));
        dataDirectories.add(new FilePermission(path + "/-", "read,write,delete"));
    }

    @Override
    public boolean implies(ProtectionDomain domain, Permission permission) {
        if (domain == null || domain.getClassLoader() == null || runnerLoaders.contains(domain.getClassLoader())) {
            return true; // the JDK's, PF4J's and the runner's own code
        }
        if (permission instanceof ReflectPermission) {
            return false;
        }
        if (fixed.implies(permission)) {
            return true;
        }
        for (Permission granted : dataDirectories) {
            if (granted.implies(permission)) {
                return true;
            }
        }
        return false;
    }
}
