package io.corrigo.server.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.server.HostTestBase;
import io.corrigo.server.access.ApiKeys;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.KnowledgeBases;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.resilience.PluginGuards;
import io.corrigo.server.run.QueryService;
import io.corrigo.server.run.RunFilter;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantView;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * Services check tenant scope themselves, whatever called them: a tenant admin signed in on the calling thread reaches
 * only their tenants, as if the REST interceptor or the UI's tenant selection had been forgotten by a new entry point.
 */
class ServiceScopeTest extends HostTestBase {

    @Autowired
    TenantService tenants;
    @Autowired
    QueryService queries;
    @Autowired
    RunLog runs;
    @Autowired
    IngestionService ingestion;
    @Autowired
    KnowledgeBases knowledgeBases;
    @Autowired
    PipelineService pipelines;
    @Autowired
    ApiKeys keys;
    @Autowired
    PluginGuards guards;

    @BeforeEach
    void twoTenants() {
        postJson("/api/v1/tenants", Map.of("id", "scope-a", "name", "Scope A"));
        postJson("/api/v1/tenants", Map.of("id", "scope-b", "name", "Scope B"));
    }

    @AfterEach
    void signOut() {
        SecurityContextHolder.clearContext();
    }

    private static void signedInAsTenantAdminOf(String tenant) {
        SecurityContextHolder.getContext().setAuthentication(UsernamePasswordAuthenticationToken.authenticated("tara", null,
                List.of(new SimpleGrantedAuthority(Role.TENANT_ADMIN.authority()),
                        new SimpleGrantedAuthority(TenantAccess.TENANT_AUTHORITY + tenant))));
    }

    private static void refusedAsMissing(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ServiceException.class, e -> {
            assertThat(e.kind()).isEqualTo(ServiceException.Kind.NOT_FOUND);
            assertThat(e.getMessage()).isEqualTo("No tenant 'scope-b'.");
        });
    }

    @Test
    void should_refuse_another_tenant_in_every_service__as_if_it_did_not_exist() {
        // given
        signedInAsTenantAdminOf("scope-a");

        // then: every door of tenant b is shut, whichever service is called
        refusedAsMissing(() -> queries.ask("scope-b", "What is in here?"));
        refusedAsMissing(() -> runs.list("scope-b", RunFilter.ALL, 0, 10));
        refusedAsMissing(() -> ingestion.list("scope-b"));
        refusedAsMissing(() -> ingestion.jobs("scope-b"));
        refusedAsMissing(() -> knowledgeBases.list("scope-b"));
        refusedAsMissing(() -> pipelines.active("scope-b"));
        refusedAsMissing(() -> keys.list("scope-b"));
        refusedAsMissing(() -> tenants.widget("scope-b"));
        refusedAsMissing(() -> tenants.update("scope-b", "Mine now", null));
        refusedAsMissing(() -> guards.reset("scope-b", "web"));
        assertThat(tenants.list()).extracting(TenantView::id).containsExactly("scope-a");

        // and tenant a's stay open
        assertThat(pipelines.active("scope-a").version()).isPositive();
        assertThat(ingestion.list("scope-a")).isEmpty();
        assertThat(keys.list("scope-a")).isEmpty();
    }

    @Autowired
    io.corrigo.server.connector.Connectors connectors;
    @Autowired
    io.corrigo.server.connector.ConnectorSync syncs;
    @Autowired
    io.corrigo.server.eval.EvalJobs evaluations;
    @Autowired
    io.corrigo.server.eval.EvalCases cases;
    @Autowired
    io.corrigo.server.eval.EvalSchedules schedules;
    @Autowired
    io.corrigo.server.eval.GoldenSets golden;
    @Autowired
    io.corrigo.server.health.HealthService health;
    @Autowired
    io.corrigo.server.health.HealthWatch watch;
    @Autowired
    io.corrigo.server.health.Webhooks webhooks;
    @Autowired
    io.corrigo.server.cost.Budgets budgets;
    @Autowired
    io.corrigo.server.curated.CuratedAnswers curated;
    @Autowired
    io.corrigo.server.conversation.Conversations conversations;

    @Test
    void should_refuse_another_tenant_in_the_newer_features_too() {
        // given
        signedInAsTenantAdminOf("scope-a");

        // then: connectors, evaluations, health, alerts, webhooks, budgets, curated answers, conversations
        refusedAsMissing(() -> connectors.list("scope-b"));
        refusedAsMissing(() -> connectors.get("scope-b", "c-1"));
        refusedAsMissing(() -> syncs.start("scope-b", "c-1"));
        refusedAsMissing(() -> evaluations.list("scope-b"));
        refusedAsMissing(() -> evaluations.submit("scope-b", "set.jsonl", "{\"question\":\"q\",\"gold_route\":\"none\"}", false));
        refusedAsMissing(() -> evaluations.ratedRuns("scope-b"));
        refusedAsMissing(() -> cases.jsonl("scope-b", "golden"));
        refusedAsMissing(() -> schedules.save("scope-b", "golden", "0 0 3 * * *", 0.05, true));
        refusedAsMissing(() -> golden.list("scope-b"));
        refusedAsMissing(() -> health.health("scope-b", null, null, null));
        refusedAsMissing(() -> health.saveBands("scope-b", Map.of()));
        refusedAsMissing(() -> watch.alerts("scope-b", 10));
        refusedAsMissing(() -> watch.check("scope-b"));
        refusedAsMissing(() -> webhooks.webhook("scope-b"));
        refusedAsMissing(() -> budgets.budget("scope-b"));
        refusedAsMissing(() -> budgets.spend("scope-b"));
        refusedAsMissing(() -> curated.list("scope-b"));
        refusedAsMissing(() -> conversations.forKey("scope-b", "key-1", 10));
        refusedAsMissing(() -> runs.keyRunsLastHour("scope-b", "key-1"));

        // and tenant a's stay open
        assertThat(connectors.list("scope-a")).isEmpty();
        assertThat(curated.list("scope-a")).isEmpty();
        assertThat(conversations.forKey("scope-a", "key-1", 10)).isEmpty();
    }

    @Test
    void should_let_the_host_s_own_work_reach_every_tenant__no_admin_on_the_thread() {
        // given: no one signed in, as in an ingestion or evaluation job or the demo set-up

        // then
        assertThat(pipelines.active("scope-b").version()).isPositive();
        assertThat(tenants.list()).extracting(TenantView::id).contains("scope-a", "scope-b");
        assertThat(runs.list("scope-b", RunFilter.ALL, 0, 10).items()).isEmpty();
    }
}
