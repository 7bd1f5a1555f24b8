package io.corrigo.server.run;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.server.problem.ServiceException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/** The run log over HTTP: runs, filters and paging, export, feedback. */
@RestController
class RunController {

    private final RunLog runs;
    private final TenantAccess access;

    RunController(RunLog runs, TenantAccess access) {
        this.access = access;
        this.runs = runs;
    }

    /** A user's rating: {@code helpful} or {@code not_helpful}, with an optional comment. */
    record FeedbackRequest(String rating, String comment) {
    }

    @GetMapping("/api/v1/tenants/{tenant}/runs")
    RunPage list(@PathVariable String tenant, @ModelAttribute RunFilter filter,
                 @RequestParam(defaultValue = "0") int page, @RequestParam(defaultValue = "50") int size) {
        return runs.list(tenant, filter, page, size);
    }

    @GetMapping(value = "/api/v1/tenants/{tenant}/runs/export", produces = "application/x-ndjson")
    ResponseEntity<StreamingResponseBody> export(@PathVariable String tenant, @ModelAttribute RunFilter filter) {
        runs.list(tenant, filter, 0, 1); // validates tenant and filter before the response starts streaming
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType("application/x-ndjson"))
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"runs-" + tenant + ".jsonl\"")
                .body(out -> runs.export(tenant, filter, out));
    }

    @GetMapping("/api/v1/tenants/{tenant}/runs/{id}")
    RunView run(@PathVariable String tenant, @PathVariable String id) {
        return runs.run(tenant, id);
    }

    @PostMapping("/api/v1/tenants/{tenant}/runs/{id}/feedback")
    RunView feedback(@PathVariable String tenant, @PathVariable String id, @RequestBody FeedbackRequest request) {
        return runs.feedback(tenant, id, request.rating(), request.comment(), null);
    }

    /** The run by id alone, as the foundation issue specifies; tenant-scoped access checks arrive with API keys. */
    /** A run by id alone, if it belongs to a tenant the admin may see (else 404, as for a missing run). */
    @GetMapping("/api/v1/runs/{id}")
    RunView run(@PathVariable String id) {
        RunView run = runs.run(id);
        if (!access.canAccess(run.tenant())) {
            throw ServiceException.notFound(ErrorCode.RUN_NOT_FOUND, "No run '" + id + "'.");
        }
        return run;
    }
}
