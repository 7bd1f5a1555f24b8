package io.corrigo.server.plugin.kind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.Passage;
import io.corrigo.api.PluginApi;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.plugin.HostPluginContext;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.TestPlugins;
import io.corrigo.server.plugin.runner.RunnerSettings;
import io.corrigo.server.resilience.CallGuard;
import io.corrigo.testkit.HashingEmbeddings;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Goes through every {@link StageKind}, so that a kind whose descriptor is incomplete fails here and not at run time:
 * its stand-in fails each call with the reason, an untrusted plugin of the kind is created and called through a
 * plugin runner (the runner's callable and factory lists come from the descriptors), and its connection probe makes
 * one real call, bare and behind the kind's guard. The plugin is built by the test with one factory per kind; a new kind needs its entry in
 * {@link #FAKES}, and the test says so.
 */
class EveryKindTest {

    /** Per stage: the factory interface, the instance type, the instance's one method, and what its probe must say. */
    private record Fake(String factory, String type, String method, String said) {
    }

    private static final Map<String, Fake> FAKES = new LinkedHashMap<>();

    static {
        FAKES.put("guardrail", new Fake("GuardrailFactory", "Guardrail",
                "public Redaction redact(String t) { return new Redaction(\"every-kind redaction\", "
                        + "List.of(new Redaction.Found(\"EMAIL\", 1))); }", "\u201cevery-kind redaction\u201d"));
        FAKES.put("retriever", new Fake("RetrieverFactory", "Retriever",
                "public List<Passage> retrieve(Query q, int max) { return List.of(Passage.of(\"p1\", \"every kind\", "
                        + "Source.knowledgeBase(\"d\", \"Doc\"))); }", "returned 1 passage(s)"));
        FAKES.put("reranker", new Fake("RerankerFactory", "Reranker",
                "public List<Passage> rerank(Query q, List<Passage> c) { return c; }", "returned 1 passage(s)"));
        FAKES.put("evaluator", new Fake("EvaluatorFactory", "RetrievalEvaluator",
                "public double score(Query q, Passage p) { return 0.42; }", "graded a test passage 0.42"));
        FAKES.put("search", new Fake("SearchProviderFactory", "SearchProvider",
                "public List<Passage> search(SearchRequest r) { return List.of(Passage.of(\"w1\", \"found\", "
                        + "Source.web(\"w1\", \"every-kind result\", \"https://example.org/\"))); }",
                "first: \u201cevery-kind result\u201d"));
        FAKES.put("generator", new Fake("GeneratorFactory", "Generator",
                "public Answer generate(GenerationRequest r) { return new Answer(\"every-kind answer\", List.of(), false); }",
                "\u201cevery-kind answer\u201d"));
        FAKES.put("critic", new Fake("CriticFactory", "Critic",
                "public Critique critique(CritiqueRequest r) { return new Critique(List.of(), 4, \"every-kind critique\"); }",
                "every-kind critique"));
        FAKES.put("rewriter", new Fake("QueryRewriterFactory", "QueryRewriter",
                "public String rewrite(String q, RewritePurpose p, String f) { return \"every-kind rewrite\"; }",
                "\u201cevery-kind rewrite\u201d"));
    }

    private static final Path WORK = Paths.get("target", "every-kind", UUID.randomUUID().toString()).toAbsolutePath();
    private static PluginHost untrusted;

    @BeforeAll
    static void installThePluginUntrusted() throws Exception {
        Map<String, String> sources = new LinkedHashMap<>();
        FAKES.forEach((stage, fake) -> sources.put("test.kinds.Every" + fake.type() + "Factory", """
                package test.kinds;

                import io.corrigo.api.*;
                import io.corrigo.api.config.*;
                import java.util.*;

                @org.pf4j.Extension
                public class Every%2$sFactory implements %1$s {
                    public String id() { return "every-%4$s"; }
                    public String description() { return "A %4$s made by a test"; }
                    public %2$s create(PluginContext context, PluginConfig config) {
                        return new %2$s() {
                            %3$s
                        };
                    }
                }
                """.formatted(fake.factory(), fake.type(), fake.method(), stage)));
        byte[] plugin = TestPlugins.build(WORK.resolve("build"), "every-kind", "1.0.0", ">=1.0.0 & <2.0.0", sources);
        untrusted = new PluginHost(Files.createDirectories(WORK.resolve("plugins")), PluginApi.VERSION,
                RunnerSettings.defaults(WORK.resolve("runners"), List.of()), List.of());
        untrusted.install("every-kind-1.0.0.zip", plugin);
    }

    @AfterAll
    static void stop() {
        if (untrusted != null) {
            untrusted.stop();
        }
    }

    private static StageKind.ProbeInput probe() {
        return new StageKind.ProbeInput(new Query("What is this service for?", null, null),
                Passage.of("p0", "Corrigo answers questions.", Source.knowledgeBase("d0", "Probe")));
    }

    @Test
    void should_know_a_fake_for_every_kind() {
        assertThat(FAKES.keySet()).as("a new kind needs its fake in EveryKindTest.FAKES")
                .containsExactlyInAnyOrderElementsOf(StageKind.values().stream().map(StageKind::stage).toList());
    }

    @Test
    void should_stand_in_for_a_missing_plugin_of_every_kind_failing_each_call_with_the_reason() throws Exception {
        for (StageKind<?> kind : StageKind.values()) {
            Object standIn = kind.standIn("its plugin was removed");

            assertThat(kind.type().isInstance(standIn)).as(kind.stage()).isTrue();
            assertThat(StageKind.isStandIn(standIn)).as(kind.stage()).isTrue();
            assertThat(standIn.toString()).contains(kind.stage(), "its plugin was removed");
            assertThatThrownBy(() -> kind.probe(standIn, probe())).as(kind.stage())
                    .isInstanceOf(IllegalStateException.class).hasMessage("plugin unavailable: its plugin was removed");
            for (Method method : kind.type().getMethods()) {
                if (method.isDefault() || Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                Object[] args = new Object[method.getParameterCount()];
                for (int i = 0; i < args.length; i++) {
                    Class<?> p = method.getParameterTypes()[i];
                    args[i] = p == int.class ? 0 : p == double.class ? 0.0 : p == boolean.class ? false : null;
                }
                assertThatThrownBy(() -> invoke(method, standIn, args)).as(kind.stage() + "." + method.getName())
                        .isInstanceOf(IllegalStateException.class).hasMessageContaining("its plugin was removed");
            }
        }
        assertThat(StageKind.isStandIn(new Object())).isFalse();
    }

    @Test
    void should_create_and_call_an_untrusted_plugin_of_every_kind_through_its_runner_and_probe_its_connection()
            throws Exception {
        for (StageKind<?> kind : StageKind.values()) {
            PluginFactory<?> factory = untrusted.factory(kind, "every-" + kind.stage())
                    .orElseThrow(() -> new AssertionError("the runner offers no " + kind.stage() + " factory"))
                    .factory();
            Path directory = Files.createDirectories(WORK.resolve("data/tenants/acme/plugins/every-" + kind.stage()));
            Object instance = factory.create(new HostPluginContext("acme", directory, new HashingEmbeddings(),
                    Clock.systemUTC()), PluginConfig.resolve(factory.configProperties(), Map.of()));

            assertThat(Proxy.isProxyClass(instance.getClass())).as(kind.stage() + " is called in its runner").isTrue();
            assertThat(kind.type().isInstance(instance)).as(kind.stage()).isTrue();
            assertThat(kind.probe(instance, probe())).as(kind.stage()).contains(FAKES.get(kind.stage()).said());
            AtomicInteger guarded = new AtomicInteger();
            CallGuard counting = new CallGuard() {
                @Override
                public <T> T call(java.util.concurrent.Callable<T> work) {
                    guarded.incrementAndGet();
                    try {
                        return work.call();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            };
            assertThat(kind.probe(guard(kind, instance, counting), probe())).as(kind.stage() + " behind its guard")
                    .contains(FAKES.get(kind.stage()).said());
            assertThat(guarded.get()).as(kind.stage() + "'s calls went through the guard")
                    .isEqualTo(kind.webFallback() ? 0 : 1);
        }
    }

    private static <T> T guard(StageKind<T> kind, Object instance, CallGuard call) {
        return kind.guard(kind.cast(instance), call);
    }

    private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
