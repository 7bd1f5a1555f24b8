package io.corrigo.server.plugin.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.api.PluginContext;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.ChildJvm;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one untrusted plugin in a JVM of its own ({@link RunnerMain}) and supervises it: a capped heap, an empty
 * environment, a private folder, the plugin's approved outbound hosts; a health check every
 * {@link RunnerSettings#healthInterval()}, and a restart with backoff (0.5 s doubling to 30 s) whenever the runner
 * ends, is killed or stops answering. Calls go over a Unix-domain socket ({@link Wire}); while the runner is down they
 * fail at once with the reason, so the runs that need the plugin degrade instead of waiting.
 *
 * <p>The plugin's factories appear to the host as ordinary {@link PluginFactory} objects ({@link #factories()}):
 * pipelines, the test kit's contracts and the admin UI use them unchanged. Instances created through them are created
 * again in a restarted runner on their next call.
 */
public final class PluginRunner implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PluginRunner.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration PING_TIMEOUT = Duration.ofSeconds(5);
    /** Starts every confined runner process: one thread for the host's lifetime (see {@code process}). */
    private static final ExecutorService SPAWNER = Executors.newSingleThreadExecutor(daemon("runner-spawner"));

    /** One started runner process and its channel. */
    record Link(long generation, Process process, Channel channel, Instant started) {
    }

    /**
     * A factory as the runner described it.
     *
     * @param inProcess the plugin's own word that its instances only compute (no network, bounded time): the host then
     *                  calls them with its in-process call timeout rather than the pipeline's model timeouts
     */
    record Described(String id, String type, String description, List<ConfigProperty> configProperties,
                     boolean inProcess) {
    }

    /**
     * How a runner is doing, as the plugin list shows it ({@code PluginInfo.runner}).
     *
     * @param running   whether a runner process answers now
     * @param pid       its process id, or -1
     * @param restarts  how often it was started again
     * @param lastError why it last ended, or {@code null}
     * @param embeddedTexts   how many texts the host embedded for it since the host started
     * @param embeddedMillis  the host's time those embeddings took
     * @param tenants         the runner of each tenant with instances of the plugin: tenant id → its process id (-1
     *                        while it restarts); the process above describes the plugin and checks settings
     */
    public record Status(boolean running, long pid, long restarts, String lastError, long embeddedTexts,
                         long embeddedMillis, Map<String, Long> tenants) {
    }

    /** At most this many characters in one embedding request of a plugin. */
    static final int MAX_EMBED_CHARS = 1_000_000;

    private final String pluginId;
    /** The tenant whose instances this runner holds, or {@code null} for the plugin's own runner. */
    private final String tenant;
    /** The runners of the plugin's tenants, made as their first instance is (the plugin's own runner only). */
    private final Map<String, PluginRunner> tenantRunners = new ConcurrentHashMap<>();
    private final Path pluginDirectory;
    private final List<String> outboundHosts;
    private final RunnerSettings settings;
    private final Path privateDirectory;
    private final ScheduledExecutorService supervisor;
    private final ExecutorService workers;
    private final Map<Long, PluginContext> contexts = new ConcurrentHashMap<>();
    private final AtomicLong contextIds = new AtomicLong();
    private final AtomicLong generations = new AtomicLong();
    private final List<PluginFactory<?>> factories = new ArrayList<>();
    /** The instances' data folders a confined runner sees; a new one means a new runner. */
    private final java.util.Set<Path> dataMounts = new java.util.concurrent.CopyOnWriteArraySet<>();
    private final Object mounting = new Object();
    private final List<OutboundForwarder.Endpoint> endpoints;
    private final java.util.concurrent.atomic.AtomicLong embeddedTexts = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicLong embeddedNanos = new java.util.concurrent.atomic.AtomicLong();
    private OutboundForwarder forwarder;
    private volatile Link link;
    private volatile boolean closed;
    private volatile String lastError;
    private long restarts;
    private int failuresInARow;

    private PluginRunner(String pluginId, String tenant, Path pluginDirectory, List<String> outboundHosts,
                         RunnerSettings settings) {
        this.pluginId = pluginId;
        this.tenant = tenant;
        this.pluginDirectory = pluginDirectory.toAbsolutePath().normalize();
        this.outboundHosts = List.copyOf(outboundHosts);
        this.settings = settings;
        // a tenant's runner has a folder beside the plugin's own, not inside it (which the plugin's runner sees)
        this.privateDirectory = (tenant == null ? settings.directory().resolve(pluginId)
                : settings.directory().resolve(pluginId + ".tenants").resolve(tenant)).toAbsolutePath().normalize();
        this.endpoints = OutboundForwarder.endpoints(this.outboundHosts);
        String name = pluginId + (tenant == null ? "" : "-" + tenant);
        this.supervisor = Executors.newSingleThreadScheduledExecutor(daemon("runner-supervisor-" + name));
        this.workers = Executors.newCachedThreadPool(daemon("runner-host-" + name));
    }

    /** The forwarder of this runner's connections to the plugin's approved hosts, or {@code null} when none is needed. */
    private OutboundForwarder startForwarder() throws IOException {
        if (!settings.confinement().enabled() || endpoints.isEmpty()) {
            return null;
        }
        return OutboundForwarder.start(Path.of(System.getProperty("java.io.tmpdir"), "corrigo-forward-"
                + UUID.randomUUID() + ".sock"), endpoints, new io.corrigo.server.outbound.OutboundPolicy(
                settings.outboundAllow()), pluginId + (tenant == null ? "" : "-" + tenant));
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread thread = new Thread(r, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /**
     * Starts the runner of the plugin unpacked in {@code pluginDirectory} and reads its factories.
     *
     * @param outboundHosts the hosts ({@code host} or {@code host:port}) the plugin's code may connect to
     * @throws PluginRunnerException when the runner does not start or the plugin does not load in it
     */
    public static PluginRunner start(String pluginId, Path pluginDirectory, List<String> outboundHosts,
                                     RunnerSettings settings) {
        java.util.Optional<String> unconfined = settings.confinement().problem();
        if (unconfined.isPresent()) {
            throw new PluginRunnerException("plugin " + pluginId + " is not trusted, and untrusted plugins run only in a "
                    + "runner the operating system confines, which this host cannot do: " + unconfined.get() + ". Install "
                    + "it, trust the plugin, or (not recommended) set corrigo.plugins.runner.confinement=none");
        }
        PluginRunner runner = new PluginRunner(pluginId, null, pluginDirectory, outboundHosts, settings);
        try {
            runner.forwarder = runner.startForwarder();
            Link first = runner.launch();
            JsonNode description = first.channel().call(Wire.request("describe"), START_TIMEOUT, null, "plugin " + pluginId);
            for (JsonNode factory : description.path("factories")) {
                List<ConfigProperty> properties = Wire.JSON.convertValue(factory.get("configProperties"),
                        Wire.JSON.getTypeFactory().constructCollectionType(List.class, ConfigProperty.class));
                runner.factories.add(RemoteFactory.proxy(runner, new Described(factory.get("id").asText(),
                        factory.get("type").asText(), factory.path("description").asText(), properties,
                        factory.path("inProcess").asBoolean(false))));
            }
            runner.supervise(first);
            runner.checkHealthRegularly();
            log.info("Plugin {} runs in its runner (process {}, heap {} MB, outbound hosts {}, {})", pluginId,
                    first.process().pid(), settings.heapMegabytes(), outboundHosts.isEmpty() ? "none" : outboundHosts,
                    settings.confinement().enabled() ? "confined by bubblewrap" : "not confined by the operating system");
            return runner;
        } catch (RuntimeException | IOException e) {
            runner.close();
            throw e instanceof PluginRunnerException p ? p : new PluginRunnerException("plugin " + pluginId + ": " + e.getMessage());
        }
    }

    private void checkHealthRegularly() {
        long every = settings.healthInterval().toMillis();
        supervisor.scheduleWithFixedDelay(this::checkHealth, every, every, TimeUnit.MILLISECONDS);
    }

    /**
     * The runner that holds {@code tenantId}'s instances, started with the first of them: each tenant's instances run
     * in a process of their own, which sees only that tenant's data folders, so no tenant's settings can make the
     * plugin open another tenant's files.
     */
    private PluginRunner tenantRunner(String tenantId, Path firstDataDirectory) {
        if (closed) {
            throw new PluginRunnerException("the plugin runner of " + pluginId + " was stopped");
        }
        return tenantRunners.computeIfAbsent(tenantId, t -> {
            // as the tenant's own user (under a root host): its threads count against its own limit only
            PluginRunner runner = new PluginRunner(pluginId, t, pluginDirectory, outboundHosts,
                    settings.with(settings.confinement().forTenant(t)));
            try {
                runner.forwarder = runner.startForwarder(); // its own, handed to the tenant's user, with its own cap
                runner.mount(firstDataDirectory); // seen from its start, not by starting it again
                runner.supervise(runner.launch());
                runner.checkHealthRegularly();
                log.info("Plugin {} runs the instances of tenant {} in a runner of their own (process {})", pluginId, t,
                        runner.link.process().pid());
                return runner;
            } catch (RuntimeException e) {
                runner.close();
                throw e;
            } catch (IOException e) {
                runner.close();
                throw new PluginRunnerException("plugin " + pluginId + ": the runner of tenant " + t
                        + " could not be started: " + e.getMessage());
            }
        });
    }

    /**
     * Stops {@code tenantId}'s runner of the plugin, if it has one, and deletes its private folder: the tenant is
     * being deleted, and leaves nothing behind.
     */
    public void forgetTenant(String tenantId) {
        EmbeddingAllowance.forget(tenantId);
        PluginRunner runner = tenantRunners.remove(tenantId);
        if (runner == null) {
            return;
        }
        runner.close();
        for (Path folder : List.of(runner.privateDirectory,
                runner.privateDirectory.resolveSibling(runner.privateDirectory.getFileName() + ".etc"))) {
            try (java.util.stream.Stream<Path> all = Files.exists(folder) ? Files.walk(folder) : java.util.stream.Stream.empty()) {
                all.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                log.warn("Plugin {}: the runner folder {} of a deleted tenant could not be removed: {}", pluginId, folder,
                        e.getMessage());
            }
        }
    }

    /** The plugin's factories, as proxies whose calls go to the runner. */
    public List<PluginFactory<?>> factories() {
        return List.copyOf(factories);
    }

    /** The plugin this runner runs. */
    public String pluginId() {
        return pluginId;
    }

    /** How the plugin's runners are doing: its own, and its tenants' summed in (restarts, last error, embeddings). */
    public Status status() {
        Status own = ownStatus();
        long allRestarts = own.restarts();
        String error = own.lastError();
        long texts = own.embeddedTexts();
        long millis = own.embeddedMillis();
        Map<String, Long> tenants = new java.util.TreeMap<>();
        for (Map.Entry<String, PluginRunner> entry : tenantRunners.entrySet()) {
            Status s = entry.getValue().ownStatus();
            tenants.put(entry.getKey(), s.running() ? s.pid() : -1);
            allRestarts += s.restarts();
            error = s.lastError() != null ? s.lastError() : error;
            texts += s.embeddedTexts();
            millis += s.embeddedMillis();
        }
        return new Status(own.running(), own.pid(), allRestarts, error, texts, millis, tenants);
    }

    private synchronized Status ownStatus() {
        Link current = link;
        return new Status(current != null && current.process().isAlive(), current == null ? -1 : current.process().pid(),
                restarts, lastError, embeddedTexts.get(), embeddedNanos.get() / 1_000_000, Map.of());
    }

    /** Starts a runner process and connects to it; does not describe or supervise it. */
    private Link launch() {
        Path socketPath = Path.of(System.getProperty("java.io.tmpdir"), "corrigo-runner-" + UUID.randomUUID() + ".sock");
        try {
            Files.createDirectories(privateDirectory.resolve("tmp"));
            settings.confinement().handOver(privateDirectory);
            try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                server.bind(UnixDomainSocketAddress.of(socketPath));
                try {
                    Files.setPosixFilePermissions(socketPath, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
                } catch (UnsupportedOperationException notPosix) {
                    // no POSIX permissions here: the socket keeps its folder's, for the second until the runner connects
                }
                settings.confinement().handOver(socketPath);
                if (forwarder != null) {
                    settings.confinement().handOver(forwarder.socket());
                }
                Process process = process(socketPath);
                SocketChannel socket = accept(server, process);
                Channel channel = new Channel(socket, this::answer, workers).start("runner-io-" + pluginId);
                return new Link(generations.incrementAndGet(), process, channel, Instant.now());
            } finally {
                Files.deleteIfExists(socketPath);
            }
        } catch (IOException e) {
            throw new PluginRunnerException("plugin " + pluginId + ": the runner could not be started: " + e.getMessage());
        }
    }

    private Process process(Path socketPath) throws IOException {
        ObjectNode arguments = Wire.JSON.createObjectNode();
        arguments.put("pluginDirectory", pluginDirectory.toString());
        arguments.put("privateDirectory", privateDirectory.toString());
        arguments.set("outboundHosts", Wire.JSON.valueToTree(outboundHosts));
        arguments.set("outboundAllow", Wire.JSON.valueToTree(settings.outboundAllow()));
        arguments.put("cpuMillisPerCall", settings.cpuMillisPerCall());
        arguments.put("jvmChecks", settings.jvmChecks());
        List<String> command = new ArrayList<>(ChildJvm.command(settings.heapMegabytes(), RunnerMain.class,
                List.of("-Djava.security.manager=allow", "-Djava.io.tmpdir=" + privateDirectory.resolve("tmp"),
                        "-Xshare:auto")));
        command.add(socketPath.toString());
        if (settings.confinement().enabled()) {
            if (forwarder != null) {
                arguments.put("forwarder", forwarder.socket().toString());
                arguments.set("endpoints", Wire.JSON.valueToTree(endpoints));
            }
            command.add(Wire.JSON.writeValueAsString(arguments));
            command = confined(command, socketPath);
        } else {
            command.add(Wire.JSON.writeValueAsString(arguments));
        }
        ProcessBuilder builder = new ProcessBuilder(command).directory(privateDirectory.toFile())
                .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().clear(); // no host secret reaches the plugin through its environment
        builder.environment().put("LANG", "C.UTF-8");
        log.debug("Runner command: {}", command);
        if (!settings.confinement().enabled()) {
            return builder.start();
        }
        // bubblewrap ends the runner when the thread that started it ends (--die-with-parent is the kernel's parent-
        // death signal, which follows the thread): a request thread that the server's pool retires would take the
        // runner with it, so runners are started from one thread that lives as long as the host
        try {
            return SPAWNER.submit(builder::start).get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the runner");
        }
    }

    /** {@code java} in the runner's confinement: what it sees, and nothing else. */
    private List<String> confined(List<String> jvm, Path socketPath) throws IOException {
        java.util.LinkedHashSet<Path> readOnly = new java.util.LinkedHashSet<>(HostClassPath.PATHS);
        readOnly.add(pluginDirectory);
        List<Path> readWrite = new ArrayList<>();
        readWrite.add(privateDirectory);
        readWrite.add(socketPath);
        if (forwarder != null) {
            readWrite.add(forwarder.socket());
        }
        dataMounts.removeIf(directory -> !Files.isDirectory(directory)); // an instance's folder that was deleted since
        readWrite.addAll(dataMounts);
        Path etc = Files.createDirectories(privateDirectory.resolveSibling(privateDirectory.getFileName() + ".etc"));
        Files.writeString(etc.resolve("hosts"), OutboundForwarder.hostsFile(endpoints));
        Files.writeString(etc.resolve("nsswitch.conf"), "hosts: files\n");
        return settings.confinement().wrap(jvm, readOnly, readWrite,
                List.of(new Path[] {etc.resolve("hosts"), Path.of("/etc/hosts")},
                        new Path[] {etc.resolve("nsswitch.conf"), Path.of("/etc/nsswitch.conf")}), privateDirectory);
    }

    /** The host's class path as a runner must see it, read once (the first confined runner reads it). */
    private static final class HostClassPath {

        static final List<Path> PATHS = read();

        private static List<Path> read() {
            java.util.LinkedHashSet<Path> paths = new java.util.LinkedHashSet<>();
            for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
                if (!entry.isEmpty() && Files.exists(Path.of(entry))) {
                    Path path = Path.of(entry).toAbsolutePath().normalize();
                    paths.add(path);
                    paths.addAll(manifestClassPath(path));
                }
            }
            return List.copyOf(paths);
        }
    }

    /**
     * What a jar's manifest adds to the class path ({@code Class-Path}, relative to the jar): the extracted host
     * ({@code corrigo-app.jar}) names its libraries there, and the runner must see them too.
     */
    private static List<Path> manifestClassPath(Path jar) {
        if (!Files.isRegularFile(jar) || !jar.toString().endsWith(".jar")) {
            return List.of();
        }
        try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile())) {
            java.util.jar.Manifest manifest = file.getManifest();
            String classPath = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
            if (classPath == null || classPath.isBlank()) {
                return List.of();
            }
            Map<Path, List<Path>> byFolder = new java.util.LinkedHashMap<>();
            for (String entry : classPath.trim().split("\\s+")) {
                Path path = jar.getParent().resolve(java.net.URLDecoder.decode(entry, java.nio.charset.StandardCharsets.UTF_8))
                        .normalize();
                if (Files.exists(path)) {
                    byFolder.computeIfAbsent(path.getParent(), f -> new ArrayList<>()).add(path);
                }
            }
            // a folder of many libraries (lib/) is one mount rather than hundreds
            List<Path> paths = new ArrayList<>();
            byFolder.forEach((folder, entries) -> {
                if (entries.size() >= 10) {
                    paths.add(folder);
                } else {
                    paths.addAll(entries);
                }
            });
            return paths;
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * The running link, in which {@code dataDirectory} can be read and written: a confined runner sees only the data
     * folders it was started with, so a new one starts a new runner (its other instances are made again there on
     * their next call).
     */
    Link linkFor(Path dataDirectory) {
        if (!settings.confinement().enabled()) {
            return link();
        }
        Path directory = dataDirectory.toAbsolutePath().normalize();
        synchronized (mounting) {
            if (dataMounts.contains(directory)) {
                return link();
            }
            mount(directory);
            Link replaced = link;
            Link started = launch();
            synchronized (this) {
                if (closed) {
                    started.process().destroyForcibly();
                    throw new PluginRunnerException("the plugin runner of " + pluginId + " was stopped");
                }
                supervise(started);
            }
            if (replaced != null) {
                replaced.channel().close();
                replaced.process().destroyForcibly();
            }
            return started;
        }
    }

    /** Adds {@code directory} to what the runner sees from its next start, handed to its user. */
    private void mount(Path directory) {
        if (!settings.confinement().enabled()) {
            return;
        }
        Path normal = directory.toAbsolutePath().normalize();
        try {
            settings.confinement().handOver(normal);
        } catch (IOException e) {
            throw new PluginRunnerException("plugin " + pluginId + ": its data folder could not be handed to its runner: "
                    + e.getMessage());
        }
        dataMounts.add(normal);
    }

    private static SocketChannel accept(ServerSocketChannel server, Process process) throws IOException {
        server.configureBlocking(false);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            SocketChannel socket = server.accept();
            if (socket != null) {
                socket.configureBlocking(true);
                return socket;
            }
            if (!process.isAlive()) {
                throw new IOException("the runner process ended at start (exit " + process.exitValue() + ")");
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        process.destroyForcibly();
        throw new IOException("the runner process did not connect within " + START_TIMEOUT.toSeconds() + " s");
    }

    private void supervise(Link started) {
        link = started;
        started.process().onExit().thenRun(() -> ended(started));
        // a runner whose socket closed is ended, after a moment to exit by itself (its exit code says why it ended;
        // bubblewrap passes it on a little after the JVM's socket closed)
        started.channel().closed().thenRun(() -> started.process().onExit()
                .completeOnTimeout(started.process(), 2, TimeUnit.SECONDS)
                .thenRun(() -> started.process().destroyForcibly()));
    }

    private synchronized void ended(Link ended) {
        if (link != null && link != ended) {
            return; // replaced by a runner that sees another data folder
        }
        if (link == ended) {
            link = null;
        }
        if (closed) {
            return;
        }
        if (Duration.between(ended.started(), Instant.now()).toSeconds() > 60) {
            failuresInARow = 0;
        }
        retryLater("the runner ended (" + reason(ended.process().exitValue()) + ") at " + Instant.now());
    }

    private synchronized void retryLater(String why) {
        lastError = why;
        if (closed) {
            return;
        }
        long delay = Math.min(30_000, 500L << Math.min(6, failuresInARow));
        failuresInARow++;
        log.warn("Plugin {}: {}; starting it again in {} ms", pluginId, lastError, delay);
        supervisor.schedule(this::restart, delay, TimeUnit.MILLISECONDS);
    }

    private static String reason(int exit) {
        return switch (exit) {
            case 3 -> "out of memory: exit 3";
            case RunnerMain.CPU_EXIT -> "a call used more than its CPU time: exit " + exit;
            case 137 -> "killed: exit 137";
            default -> "exit " + exit;
        };
    }

    private void restart() {
        if (closed) {
            return;
        }
        try {
            Link started = launch();
            synchronized (this) {
                if (closed) {
                    started.process().destroyForcibly();
                    return;
                }
                restarts++;
                supervise(started);
            }
            log.info("Plugin {}: runner started again (process {})", pluginId, started.process().pid());
        } catch (RuntimeException e) {
            log.warn("Plugin {}: the runner did not start again: {}", pluginId, e.getMessage());
            retryLater("the runner did not start again (" + e.getMessage() + ") at " + Instant.now());
        }
    }

    private void checkHealth() {
        Link current = link;
        if (current == null || closed) {
            return;
        }
        try {
            current.channel().call(Wire.request("ping"), PING_TIMEOUT, null, "health check");
        } catch (PluginRunnerException e) {
            if (link == current) {
                log.warn("Plugin {}: the runner did not answer its health check ({}); it is stopped and started again",
                        pluginId, e.getMessage());
                current.process().destroyForcibly();
            }
        }
    }

    /** The running link. @throws PluginRunnerException while the runner is down */
    Link link() {
        Link current = link;
        if (current == null || !current.channel().open()) {
            throw new PluginRunnerException("the plugin runner of " + pluginId + " is restarting"
                    + (lastError == null ? "" : " (" + lastError + ")"));
        }
        return current;
    }

    /** Sends {@code request} to the running runner. */
    JsonNode call(Link on, ObjectNode request, Consumer<JsonNode> events, String where) {
        return on.channel().call(request, settings.callTimeout(), events, where);
    }

    /** The factory's problems with {@code config}, found in the runner. */
    List<String> problems(String factoryId, PluginConfig config) {
        ObjectNode request = Wire.request("problems");
        request.put("factory", factoryId);
        request.set("config", Wire.JSON.valueToTree(config.asMap()));
        JsonNode result = call(link(), request, null, "plugin " + pluginId);
        return Wire.JSON.convertValue(result, Wire.JSON.getTypeFactory().constructCollectionType(List.class, String.class));
    }

    /** Creates an instance in its tenant's runner and its proxy here. */
    Object create(String factoryId, PluginContext context, PluginConfig config) {
        if (tenant == null) {
            return tenantRunner(context.tenantId(), context.dataDirectory()).create(factoryId, context, config);
        }
        long ref = contextIds.incrementAndGet();
        contexts.put(ref, context);
        try {
            return RemoteInstance.create(this, factoryId, ref, context, config.asMap());
        } catch (RuntimeException e) {
            contexts.remove(ref);
            throw e;
        }
    }

    /** Creates {@code factoryId}'s instance in the runner of {@code on}; returns its reply (object id, interfaces). */
    JsonNode createIn(Link on, String factoryId, long contextRef, PluginContext context, Map<String, String> config) {
        ObjectNode request = Wire.request("create");
        request.put("factory", factoryId);
        ObjectNode wireContext = request.putObject("context");
        wireContext.put("ref", contextRef);
        wireContext.put("tenantId", context.tenantId());
        wireContext.put("dataDirectory", context.dataDirectory().toAbsolutePath().normalize().toString());
        wireContext.put("dimension", context.embeddings().dimension());
        wireContext.put("modelId", context.embeddings().modelId());
        request.set("config", Wire.JSON.valueToTree(config));
        return call(on, request, null, "plugin " + pluginId);
    }

    /** Forgets an instance's context once it is closed. */
    void forget(long contextRef) {
        contexts.remove(contextRef);
    }

    /** Answers the runner's requests: the host's embeddings for an instance's context. */
    private JsonNode answer(JsonNode request) {
        if (!"embed".equals(request.path("op").asText())) {
            throw new IllegalArgumentException("the host does not answer '" + request.path("op").asText() + "'");
        }
        PluginContext context = contexts.get(request.path("context").asLong());
        if (context == null) {
            throw new IllegalStateException("no such instance context");
        }
        List<String> texts = Wire.JSON.convertValue(request.get("texts"),
                Wire.JSON.getTypeFactory().constructCollectionType(List.class, String.class));
        if (texts.size() > 4096) {
            throw new IllegalArgumentException("at most 4096 texts in one embedding request");
        }
        long characters = texts.stream().mapToLong(t -> t == null ? 0 : t.length()).sum();
        if (characters > MAX_EMBED_CHARS) {
            throw new IllegalArgumentException("at most " + MAX_EMBED_CHARS + " characters in one embedding request");
        }
        // capped by the model time of the tenant's runners together, not by texts: one long text costs what it costs
        EmbeddingAllowance.check(context.tenantId());
        long started = System.nanoTime();
        JsonNode embedded;
        try {
            embedded = Wire.JSON.valueToTree(context.embeddings().embedAll(texts));
        } finally {
            long spent = System.nanoTime() - started;
            EmbeddingAllowance.charge(context.tenantId(), spent);
            embeddedNanos.addAndGet(spent);
        }
        embeddedTexts.addAndGet(texts.size());
        return embedded;
    }

    /** Stops the runner for good (the plugin was disabled, replaced or removed, or the host stops). */
    @Override
    public void close() {
        tenantRunners.values().forEach(PluginRunner::close);
        tenantRunners.clear();
        Link current;
        synchronized (this) {
            closed = true;
            current = link;
            link = null;
        }
        supervisor.shutdownNow();
        if (current != null) {
            current.channel().close();
            current.process().destroy();
            try {
                if (!current.process().waitFor(5, TimeUnit.SECONDS)) {
                    current.process().destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                current.process().destroyForcibly();
            }
        }
        workers.shutdownNow();
        if (forwarder != null) {
            forwarder.close(); // each runner has its own
        }
    }
}
