package io.corrigo.server.pipeline;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/tenants/{tenant}/pipeline}: read the active version, save a new one, see whether it can run. */
@RestController
class PipelineController {

    private final PipelineService pipelines;
    private final PipelineRuntimes runtimes;

    PipelineController(PipelineService pipelines, PipelineRuntimes runtimes) {
        this.pipelines = pipelines;
        this.runtimes = runtimes;
    }

    /**
     * Whether the active pipeline can run as configured.
     *
     * @param version  the active version
     * @param broken   whether a stage has no plugin
     * @param problems what is missing and what it costs the runs
     */
    record Status(int version, boolean broken, List<String> problems) {
    }

    @GetMapping("/api/v1/tenants/{tenant}/pipeline/status")
    Status status(@PathVariable String tenant) {
        List<String> problems = runtimes.problems(tenant);
        return new Status(pipelines.activeVersion(tenant), !problems.isEmpty(), problems);
    }

    @GetMapping("/api/v1/tenants/{tenant}/pipeline")
    ActivePipeline get(@PathVariable String tenant) {
        return pipelines.active(tenant);
    }

    @PutMapping("/api/v1/tenants/{tenant}/pipeline")
    ActivePipeline save(@PathVariable String tenant, @RequestBody PipelineDefinition definition) {
        return pipelines.save(tenant, definition);
    }
}
