package io.corrigo.server.pipeline;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/tenants/{tenant}/pipeline}: read the active version, save a new one. */
@RestController
class PipelineController {

    private final PipelineService pipelines;

    PipelineController(PipelineService pipelines) {
        this.pipelines = pipelines;
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
