package io.corrigo.server.demo;

import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.pipeline.PipelineDefinition;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.pipeline.StageConfig;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.problem.ServiceException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

/**
 * On first start (no demo tenant yet), creates the demo tenant: the shipped offline plugins, the benchmark's
 * knowledge-base passages indexed into its Lucene retriever, and the benchmark's "web" passages behind the
 * local-corpus search provider as its web fallback. The corpus is indexed by an ordinary background ingestion job,
 * so the host is ready at once and the job's progress shows in the jobs API; later starts find the tenant and skip it.
 */
@Component
class DemoTenantInitializer implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(DemoTenantInitializer.class);
    static final String KB = "demo/kb_passages.jsonl";
    static final String WEB = "demo/web_passages.jsonl";
    static final String WEB_CORPUS_FILE = "web_passages.jsonl";

    private final CorrigoProperties properties;
    private final TenantService tenants;
    private final PipelineService pipelines;
    private final PipelineRuntimes runtimes;
    private final IngestionService ingestion;

    DemoTenantInitializer(CorrigoProperties properties, TenantService tenants, PipelineService pipelines,
                          PipelineRuntimes runtimes, IngestionService ingestion) {
        this.properties = properties;
        this.tenants = tenants;
        this.pipelines = pipelines;
        this.runtimes = runtimes;
        this.ingestion = ingestion;
    }

    @Override
    public void run(ApplicationArguments args) {
        String tenant = properties.demo().tenant();
        if (!properties.demo().enabled() || tenants.exists(tenant)) {
            return;
        }
        try {
            createDemo(tenant);
        } catch (ServiceException e) {
            log.error("The demo tenant could not be set up: {} {} (check the plugins directory and the plugin list at "
                    + "/api/v1/plugins). The host keeps running.", e.getMessage(), e.details());
        }
    }

    private void createDemo(String tenant) {
        log.info("First start: creating the demo tenant '{}' with the demo corpus", tenant);
        tenants.create(tenant, "Demo: COVID-19 papers and Wikipedia");
        copyWebCorpus(runtimes.pluginDirectory(tenant, "local-corpus-search").resolve(WEB_CORPUS_FILE));

        PipelineDefinition defaults = PipelineService.defaultDefinition();
        Map<String, StageConfig> stages = new HashMap<>(defaults.stages());
        stages.put(StageKind.SEARCH.stage(), new StageConfig("local-corpus-search", Map.of("corpus", WEB_CORPUS_FILE)));
        pipelines.save(tenant, new PipelineDefinition(PipelineSettings.DEFAULTS, stages));

        JobView job = ingestion.submit(tenant, List.of(new IngestionService.Upload("kb_passages.jsonl",
                "application/jsonl", read(KB))));
        log.info("Demo tenant '{}' created; its corpus is being indexed in the background as job {} (about 80 s on "
                + "2 cores; progress: GET /api/v1/tenants/{}/jobs/{}). Then ask: curl -s -XPOST "
                + "localhost:8080/api/v1/tenants/{}/query -H 'Content-Type: application/json' "
                + "-d '{\"question\":\"What is the Hepatitis C virus?\"}'", tenant, job.id(), tenant, job.id(), tenant);
    }

    private static void copyWebCorpus(Path target) {
        try (InputStream in = new ClassPathResource(WEB).getInputStream()) {
            Files.createDirectories(target.getParent());
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot install the demo web corpus", e);
        }
    }

    private static byte[] read(String resource) {
        try (InputStream in = new ClassPathResource(resource).getInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
