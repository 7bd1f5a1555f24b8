package io.corrigo.server.pipeline;

import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/tenants/{tenant}/pipeline}: read the active version, save a new one, see whether it can run; list,
 * compare, publish and roll back versions; save drafts; export and import; test a stage's connection.
 */
@RestController
class PipelineController {

    private final PipelineService pipelines;
    private final PipelineRuntimes runtimes;
    private final ConnectionTests connections;

    PipelineController(PipelineService pipelines, PipelineRuntimes runtimes, ConnectionTests connections) {
        this.pipelines = pipelines;
        this.connections = connections;
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

    /** Every version, newest first: the active one, drafts, earlier releases. */
    @GetMapping("/api/v1/tenants/{tenant}/pipeline/versions")
    List<PipelineService.VersionSummary> versions(@PathVariable String tenant) {
        return pipelines.versions(tenant);
    }

    @GetMapping("/api/v1/tenants/{tenant}/pipeline/versions/{version}")
    ActivePipeline version(@PathVariable String tenant, @PathVariable int version) {
        return pipelines.version(tenant, version);
    }

    /** Saves a draft: the next version, not used by queries until it is published. */
    @PostMapping("/api/v1/tenants/{tenant}/pipeline/drafts")
    ResponseEntity<ActivePipeline> draft(@PathVariable String tenant, @RequestBody PipelineDefinition definition,
                                         @RequestParam(required = false) String note) {
        return ResponseEntity.status(HttpStatus.CREATED).body(pipelines.saveDraft(tenant, definition, note));
    }

    /**
     * Makes a version active: a draft's release, or a rollback to an earlier release; held (409 {@code publish_held})
     * when it makes the tenant's golden evaluation sets worse, unless {@code override} gives the reason to go ahead.
     */
    @PostMapping("/api/v1/tenants/{tenant}/pipeline/versions/{version}/publish")
    ActivePipeline publish(@PathVariable String tenant, @PathVariable int version,
                           @RequestParam(required = false) String override) {
        return pipelines.publish(tenant, version, override);
    }

    /** What changes when {@code version} replaces {@code against} (default: the active version). */
    @GetMapping("/api/v1/tenants/{tenant}/pipeline/versions/{version}/diff")
    List<PipelineService.Change> diff(@PathVariable String tenant, @PathVariable int version,
                                      @RequestParam(required = false) Integer against) {
        return pipelines.diff(tenant, against == null ? pipelines.activeVersion(tenant) : against, version);
    }

    /** A version (default: the active one) as JSON or YAML, without secrets. */
    @GetMapping("/api/v1/tenants/{tenant}/pipeline/export")
    ResponseEntity<String> export(@PathVariable String tenant, @RequestParam(defaultValue = "json") String format,
                                  @RequestParam(required = false) Integer version) {
        PipelineService.Format f = PipelineService.Format.of(format);
        int v = version == null ? pipelines.activeVersion(tenant) : version;
        String body = pipelines.export(tenant, v, f);
        return ResponseEntity.ok()
                .contentType(f == PipelineService.Format.YAML ? MediaType.parseMediaType("application/yaml") : MediaType.APPLICATION_JSON)
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + tenant + "-pipeline-v" + v + "."
                        + f.name().toLowerCase(java.util.Locale.ROOT) + "\"")
                .body(body);
    }

    /** Reads an exported pipeline (JSON or YAML, told by {@code format} or the content type) and saves it as a draft. */
    @PostMapping(value = "/api/v1/tenants/{tenant}/pipeline/import",
            consumes = {"application/json", "application/yaml", "application/x-yaml", "text/yaml", "text/plain"})
    ResponseEntity<ActivePipeline> importDraft(@PathVariable String tenant, @RequestBody String document,
                                               @RequestParam(required = false) String format,
                                               @RequestHeader(HttpHeaders.CONTENT_TYPE) String contentType) {
        PipelineService.Format f = format != null ? PipelineService.Format.of(format)
                : contentType.toLowerCase(java.util.Locale.ROOT).contains("yaml") ? PipelineService.Format.YAML
                : PipelineService.Format.JSON;
        return ResponseEntity.status(HttpStatus.CREATED).body(pipelines.importDraft(tenant, document, f));
    }

    /** Makes one real call through a stage configured as given (not saved) and says what came back. */
    @PostMapping("/api/v1/tenants/{tenant}/pipeline/stages/{stage}/test")
    ConnectionTests.Result test(@PathVariable String tenant, @PathVariable String stage, @RequestBody StageConfig config) {
        return connections.test(tenant, stage, config);
    }
}
