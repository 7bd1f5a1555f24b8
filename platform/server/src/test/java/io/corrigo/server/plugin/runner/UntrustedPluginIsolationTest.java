package io.corrigo.server.plugin.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.corrigo.api.Passage;
import io.corrigo.api.PluginApi;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.Query;
import io.corrigo.api.Retriever;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.plugin.HostPluginContext;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.PluginInfo;
import io.corrigo.server.plugin.TestPlugins;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.testkit.HashingEmbeddings;
import io.corrigo.testsupport.Eventually;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A hostile plugin file, the same bytes installed twice: trusted (in the host's JVM) it reads the host's environment,
 * a master key file, another tenant's folder and an undeclared host — which shows the probe works; untrusted (in its
 * runner) it gets none of these, only its own data directory, the host's embeddings and the one host it declared, and
 * cannot end its runner, let alone the host.
 */
class UntrustedPluginIsolationTest {

    private static final String SECRET = "MASTER-KEY-" + UUID.randomUUID();
    /** The per-user thread limit of the thread-bomb test. */
    private static final int BOMB_LIMIT = 512;

    private final Path work = Paths.get("target", "isolation", UUID.randomUUID().toString()).toAbsolutePath();
    private final AtomicInteger forbiddenHits = new AtomicInteger();
    private HttpServer allowed;
    private HttpServer forbidden;
    private PluginHost inProcess;
    private PluginHost isolated;

    @BeforeEach
    void start() throws Exception {
        allowed = server("hello from the declared host", new AtomicInteger());
        forbidden = server("the undeclared host answered", forbiddenHits);
    }

    private static HttpServer server(String body, AtomicInteger hits) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            hits.incrementAndGet();
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        return server;
    }

    @AfterEach
    void stop() {
        allowed.stop(0);
        forbidden.stop(0);
        if (inProcess != null) {
            inProcess.stop();
        }
        if (isolated != null) {
            isolated.stop();
        }
    }

    @Test
    void should_give_an_untrusted_plugin_nothing_of_the_host__while_the_same_file_in_process_reads_it_all() throws Exception {
        // given: a host's data directory with a master key and another tenant's plugin data
        Path data = hostData();
        byte[] probe = probeDeclaringTheAllowedHost();
        Map<String, String> settings = probeSettings(data);

        inProcess = new PluginHost(Files.createDirectories(work.resolve("plugins-trusted")), PluginApi.VERSION,
                RunnerSettings.defaults(work.resolve("runners-trusted"), List.of("127.0.0.1")), List.of("probe"));
        isolated = new PluginHost(Files.createDirectories(work.resolve("plugins-untrusted")), PluginApi.VERSION,
                RunnerSettings.defaults(work.resolve("runners"), List.of("127.0.0.1")), List.of());
        PluginInfo trustedInfo = inProcess.install("probe-1.0.0.zip", probe);
        PluginInfo untrustedInfo = isolated.install("probe-1.0.0.zip", probe);

        // when
        Map<String, String> inside = findings(retriever(inProcess, data, settings), "probe");
        Map<String, String> contained = findings(retriever(isolated, data, settings), "probe");

        // then: trusted, in process: the probe reaches everything (so the checks below can fail)
        assertThat(trustedInfo.isolation()).isEqualTo(PluginInfo.IN_PROCESS);
        assertThat(inside.get("env")).startsWith("read: PATH=" + System.getenv("PATH"));
        assertThat(inside.get("secret-file")).isEqualTo("read: " + SECRET);
        assertThat(inside.get("other-directory")).isEqualTo("read: other-tenant-index");
        assertThat(inside.get("forbidden-host")).isEqualTo("read: the undeclared host answered");
        assertThat(inside.get("static-domain")).isEqualTo("read: " + SECRET + " / the undeclared host answered");
        assertThat(inside.get("host-environ")).contains("PATH=");
        assertThat(forbiddenHits).hasValue(2);

        // and untrusted, in its runner: nothing of the host
        assertThat(untrustedInfo.isolation()).isEqualTo(PluginInfo.RUNNER);
        assertThat(untrustedInfo.outboundHosts()).containsExactly("127.0.0.1:" + allowed.getAddress().getPort());
        assertThat(contained.get("env")).startsWith("denied: java.security.AccessControlException").contains("getenv");
        assertThat(contained.get("secret-file")).startsWith("denied: java.security.AccessControlException")
                .doesNotContain(SECRET);
        assertThat(contained.get("other-directory")).startsWith("denied:").doesNotContain("other-tenant-index");
        assertThat(contained.get("parent-process")).startsWith("denied:");
        assertThat(contained.get("exec")).startsWith("denied: java.security.AccessControlException");
        assertThat(contained.get("forbidden-host")).startsWith("denied: java.security.AccessControlException");
        assertThat(inside.get("own-class-loader")).isEqualTo("read: " + SECRET);
        assertThat(contained.get("own-class-loader")).as("a class loader of its own gives it no more rights")
                .contains("AccessControlException").doesNotContain(SECRET);
        assertThat(contained.get("static-domain")).as("no class loader of its own, so no protection domain of its own")
                .startsWith("denied: java.security.AccessControlException").contains("createClassLoader")
                .doesNotContain(SECRET);
        assertThat(contained.get("host-environ")).startsWith("denied:").doesNotContain("PATH=");
        assertThat(forbiddenHits).as("the undeclared host got no connection from the runner").hasValue(2);
        // what it may use works
        assertThat(contained.get("own-data")).isEqualTo("read: mine");
        assertThat(contained.get("allowed-host")).isEqualTo("read: hello from the declared host");
        assertThat(contained.get("embeddings")).isEqualTo("read: dimension " + HashingEmbeddings.DIMENSION);
        assertThat(runner(isolated).embeddedTexts()).as("the host's embeddings it asked for are counted").isEqualTo(1);

        // when it tries to end its JVM: refused; the runner and the host go on
        long pid = acme(runner(isolated));
        Retriever retriever = retriever(isolated, data, settings);
        Map<String, String> exit = findings(retriever, "exit");
        assertThat(exit.get("exit")).startsWith("denied: java.security.AccessControlException").contains("exitVM");
        assertThat(exit.get("halt")).startsWith("denied: java.security.AccessControlException");
        assertThat(acme(runner(isolated))).as("the tenant's runner goes on").isEqualTo(pid);
        assertThat(findings(retriever, "museum")).containsKey("museum-1");
    }

    @Test
    void should_hold_a_plugin_that_got_past_the_jvm_checks__by_the_operating_system_alone() throws Exception {
        // given: the runner's JVM checks switched off, as if the plugin had escaped them; only the confinement holds
        Path data = hostData();
        byte[] probe = probeDeclaringTheAllowedHost();
        RunnerSettings settings = RunnerSettings.defaults(work.resolve("runners"), List.of("127.0.0.1")).withJvmChecks(false);
        assertThat(settings.confinement().problem()).as("this machine can confine runners").isEmpty();
        isolated = new PluginHost(Files.createDirectories(work.resolve("plugins")), PluginApi.VERSION, settings, List.of());
        isolated.install("probe-1.0.0.zip", probe);

        // when
        Map<String, String> escaped = findings(retriever(isolated, data, probeSettings(data)), "probe");

        // then: the JVM lets it try everything (it makes its class loader, runs a process) ...
        assertThat(escaped.get("exec")).startsWith("read: uid=").doesNotContain("uid=0(").doesNotContain("uid=0 ");
        // ... and the operating system shows it none of the host
        assertThat(escaped.get("env")).doesNotContain(System.getenv("PATH"));
        assertThat(escaped.get("secret-file")).startsWith("denied: java.nio.file.NoSuchFileException");
        assertThat(escaped.get("static-domain")).startsWith("denied:").doesNotContain(SECRET);
        assertThat(escaped.get("other-directory")).startsWith("denied:").doesNotContain("other-tenant-index");
        assertThat(escaped.get("host-environ")).startsWith("denied:").doesNotContain("PATH=");
        assertThat(escaped.get("forbidden-host")).startsWith("denied: java.net.ConnectException");
        assertThat(forbiddenHits).as("the undeclared host got no connection").hasValue(0);
        // what it may use works
        assertThat(escaped.get("own-data")).isEqualTo("read: mine");
        assertThat(escaped.get("allowed-host")).isEqualTo("read: hello from the declared host");
        assertThat(escaped.get("embeddings")).isEqualTo("read: dimension " + HashingEmbeddings.DIMENSION);
    }

    @Test
    void should_run_each_tenant_s_instances_in_a_runner_that_cannot_open_another_tenant_s_data() throws Exception {
        // given: the probe as the retriever of two tenants; globex's instance keeps a file in its data folder
        Path data = hostData();
        isolated = new PluginHost(Files.createDirectories(work.resolve("plugins")), PluginApi.VERSION,
                RunnerSettings.defaults(work.resolve("runners"), List.of("127.0.0.1")), List.of());
        isolated.install("probe-1.0.0.zip", probeDeclaringTheAllowedHost());
        Path globexData = Files.createDirectories(data.resolve("tenants/globex/plugins/probe-retriever"));
        // made on a thread that ends at once, as a request thread the server's pool retires: its runner must outlive it
        java.util.concurrent.atomic.AtomicReference<Retriever> made = new java.util.concurrent.atomic.AtomicReference<>();
        Thread maker = new Thread(() -> {
            try {
                made.set(retriever(isolated, "globex", data, Map.of()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        maker.start();
        maker.join();
        Thread.sleep(1000);
        Retriever globex = made.get();
        assertThat(findings(globex, "probe").get("own-data")).isEqualTo("read: mine");
        assertThat(runner(isolated).restarts()).as("no runner ended with the thread that started it").isZero();

        // when: acme's settings point its instance at globex's folder (a benign plugin that reads a configured path)
        Map<String, String> settings = new java.util.HashMap<>(probeSettings(data));
        settings.put("otherDirectory", globexData.toString());
        Map<String, String> acme = findings(retriever(isolated, "acme", data, settings), "probe");

        // then: two processes, and acme's sees nothing of globex's
        PluginRunner.Status status = runner(isolated);
        assertThat(status.tenants()).containsOnlyKeys("acme", "globex");
        assertThat(status.tenants().get("acme")).isNotEqualTo(status.tenants().get("globex"));
        assertThat(Files.list(globexData).map(p -> p.getFileName().toString())).contains("probe.txt");
        assertThat(acme.get("other-directory")).startsWith("denied:").doesNotContain("probe.txt");
        assertThat(acme.get("own-data")).isEqualTo("read: mine");
    }

    @Test
    void should_start_and_answer_for_one_tenant_while_another_tenant_s_runner_holds_every_thread_it_may_have()
            throws Exception {
        // per-tenant limits are the kernel's per-user limit, with a user per tenant: a host that drops root
        org.junit.jupiter.api.Assumptions.assumeTrue(Confinement.hostIsRoot(), "the host runs as root");
        // a limit of 512 per user: the bomb's few hundred threads weigh little on the machine's own process table
        RunnerSettings settings = RunnerSettings.defaults(work.resolve("runners"), List.of());
        settings = settings.with(settings.confinement().withMaxProcesses(BOMB_LIMIT));
        isolated = new PluginHost(Files.createDirectories(work.resolve("plugins")), PluginApi.VERSION, settings, List.of());
        isolated.install("probe-1.0.0.zip", TestPlugins.build(work.resolve("build"), "probe", "1.0.0",
                ">=1.0.0 & <2.0.0", TestPlugins.probeRetriever()));
        Path data = Files.createDirectories(work.resolve("data"));
        Retriever acme = retriever(isolated, "acme", data, Map.of());
        long acmePid = acme(runner(isolated));

        // when: acme's plugin starts threads until the operating system refuses one, and holds them
        String bombed = findings(acme, "bomb").get("bomb");
        int started = Integer.parseInt(bombed.split(" ")[1]);

        // then: it stopped at its own limit ...
        assertThat(started).as(bombed).isGreaterThan(BOMB_LIMIT / 2).isLessThan(BOMB_LIMIT);
        // ... and another tenant's runner of the same plugin still starts, as a user of its own, and answers
        Retriever globex = retriever(isolated, "globex", data, Map.of());
        assertThat(findings(globex, "museum")).containsKey("museum-1");
        PluginRunner.Status status = runner(isolated);
        assertThat(status.tenants().get("globex")).isPositive();
        assertThat(acme(status)).as("acme's runner, threads held, still runs").isEqualTo(acmePid);
        assertThat(uid(status.tenants().get("globex"))).isNotEqualTo(uid(acmePid))
                .isNotEqualTo(Confinement.NOBODY).isGreaterThanOrEqualTo(Confinement.TENANT_UIDS_FROM);
    }

    /** The real user id of the JVM below a runner's bubblewrap process (its newest descendant named java). */
    private static int uid(long bubblewrapPid) throws Exception {
        long java = ProcessHandle.of(bubblewrapPid).orElseThrow().descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false))
                .mapToLong(ProcessHandle::pid).max().orElse(bubblewrapPid);
        for (String line : Files.readAllLines(Path.of("/proc/" + java + "/status"))) {
            if (line.startsWith("Uid:")) {
                return Integer.parseInt(line.split("\\s+")[1]);
            }
        }
        throw new IllegalStateException("no Uid line for process " + java);
    }

    @Test
    void should_refuse_to_start_an_untrusted_plugin_where_the_runner_cannot_be_confined() throws Exception {
        byte[] probe = TestPlugins.build(work.resolve("build"), "probe", "1.0.0", ">=1.0.0 & <2.0.0",
                TestPlugins.probeRetriever());
        Confinement missing = new Confinement(work.resolve("no-such/bwrap"), Path.of("/usr/bin/setpriv"),
                Confinement.NOBODY, Confinement.NOBODY);
        isolated = new PluginHost(Files.createDirectories(work.resolve("plugins")), PluginApi.VERSION,
                RunnerSettings.defaults(work.resolve("runners"), List.of()).with(missing), List.of());

        assertThatThrownBy(() -> isolated.install("probe-1.0.0.zip", probe))
                .hasMessageContaining("untrusted plugins run only in a runner the operating system confines")
                .hasMessageContaining("bubblewrap was not found").hasMessageContaining("corrigo.plugins.runner.confinement=none");
        assertThat(isolated.factory(StageKind.RETRIEVER, "probe-retriever")).isEmpty();
    }

    @Test
    void should_end_a_runner_whose_call_burns_its_cpu_time_or_fills_its_heap__and_start_it_again() throws Exception {
        byte[] probe = TestPlugins.build(work.resolve("build"), "probe", "1.0.0", ">=1.0.0 & <2.0.0",
                TestPlugins.probeRetriever());
        isolated = new PluginHost(Files.createDirectories(work.resolve("plugins")), PluginApi.VERSION,
                new RunnerSettings(work.resolve("runners"), 64, java.time.Duration.ofSeconds(30), 1_000,
                        java.time.Duration.ofSeconds(10), List.of()), List.of());
        isolated.install("probe-1.0.0.zip", probe);
        Path data = Files.createDirectories(work.resolve("data"));
        Retriever retriever = retriever(isolated, data, Map.of());
        long firstPid = acme(runner(isolated));

        // a call that spins past its second of CPU time ends its runner; the call fails, the host goes on
        assertThatThrownBy(() -> retriever.retrieve(new Query("spin", null, null), 5))
                .isInstanceOf(PluginRunnerException.class).hasMessageContaining("went away");
        PluginRunner.Status afterSpin = awaitRestarts(1);
        assertThat(afterSpin.lastError()).contains("a call used more than its CPU time");
        assertThat(acme(afterSpin)).isNotEqualTo(firstPid);
        assertThat(findings(retriever, "museum")).as("the instance is made again in the new runner").containsKey("museum-1");

        // a call that fills the runner's 64 MB heap ends it too
        assertThatThrownBy(() -> retriever.retrieve(new Query("hog", null, null), 5))
                .isInstanceOf(PluginRunnerException.class);
        assertThat(awaitRestarts(2).lastError()).contains("out of memory");
        assertThat(findings(retriever, "museum")).containsKey("museum-1");
    }

    /** A host's data directory: a master key, and another tenant's plugin data. */
    private Path hostData() throws Exception {
        Path data = Files.createDirectories(work.resolve("data"));
        Files.writeString(data.resolve("master.key"), SECRET);
        Path otherTenant = Files.createDirectories(data.resolve("tenants/other/plugins/lucene-retriever"));
        Files.writeString(otherTenant.resolve("other-tenant-index"), "theirs");
        return data;
    }

    private byte[] probeDeclaringTheAllowedHost() throws Exception {
        return TestPlugins.build(work.resolve("build"), "probe", "1.0.0", ">=1.0.0 & <2.0.0",
                TestPlugins.probeRetriever(), "plugin.outboundHosts=127.0.0.1:" + allowed.getAddress().getPort() + "\n");
    }

    /** What the probe tries to reach in {@link #hostData}, and the two listeners. */
    private Map<String, String> probeSettings(Path data) {
        return Map.of("secretFile", data.resolve("master.key").toString(),
                "otherDirectory", data.resolve("tenants/other/plugins/lucene-retriever").toString(),
                "allowedUrl", "http://127.0.0.1:" + allowed.getAddress().getPort() + "/",
                "forbiddenUrl", "http://127.0.0.1:" + forbidden.getAddress().getPort() + "/",
                "hostPid", Long.toString(ProcessHandle.current().pid()));
    }

    private PluginRunner.Status awaitRestarts(long restarts) {
        PluginRunner.Status now = Eventually.until(() -> runner(isolated),
                status -> acme(status) > 0 && status.restarts() >= restarts, java.time.Duration.ofSeconds(30));
        assertThat(acme(now)).as(now.toString()).isPositive();
        assertThat(now.restarts()).isEqualTo(restarts);
        return now;
    }

    /** The process of tenant acme's runner of the probe, or -1. */
    private static long acme(PluginRunner.Status status) {
        return status.tenants().getOrDefault("acme", -1L);
    }

    private static PluginRunner.Status runner(PluginHost host) {
        return host.plugins().stream().filter(p -> p.id().equals("probe")).findFirst().orElseThrow().runner();
    }

    private static Retriever retriever(PluginHost host, Path data, Map<String, String> settings) throws Exception {
        return retriever(host, "acme", data, settings);
    }

    @SuppressWarnings("unchecked")
    private static Retriever retriever(PluginHost host, String tenant, Path data, Map<String, String> settings)
            throws Exception {
        PluginFactory<Retriever> factory = (PluginFactory<Retriever>) host.factory(StageKind.RETRIEVER, "probe-retriever")
                .orElseThrow().factory();
        Path directory = Files.createDirectories(data.resolve("tenants/" + tenant + "/plugins/probe-retriever"));
        return factory.create(new HostPluginContext(tenant, directory, new HashingEmbeddings(), Clock.systemUTC()),
                PluginConfig.resolve(factory.configProperties(), settings));
    }

    private static Map<String, String> findings(Retriever retriever, String question) {
        List<Passage> passages = retriever.retrieve(new Query(question, null, null), 20);
        return passages.stream().collect(Collectors.toMap(Passage::id, Passage::text, (a, b) -> a, LinkedHashMap::new));
    }
}
