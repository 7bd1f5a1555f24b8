package io.corrigo.server.curated;

import io.corrigo.server.audit.AuditLog;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/tenants/{t}/curated-answers}: a tenant's curated answers — list, write (from a run with
 * {@code sourceRun}, or from nothing), change (a new version) and delete; every change is in the audit log.
 */
@RestController
class CuratedController {

    private final CuratedAnswers curated;

    CuratedController(CuratedAnswers curated) {
        this.curated = curated;
    }

    @GetMapping("/api/v1/tenants/{tenant}/curated-answers")
    List<CuratedAnswer> list(@PathVariable String tenant) {
        return curated.list(tenant);
    }

    @GetMapping("/api/v1/tenants/{tenant}/curated-answers/{id}")
    CuratedAnswer get(@PathVariable String tenant, @PathVariable long id) {
        return curated.get(tenant, id);
    }

    @PostMapping("/api/v1/tenants/{tenant}/curated-answers")
    ResponseEntity<CuratedAnswer> create(@PathVariable String tenant, @RequestBody CuratedAnswer.Draft draft) {
        return ResponseEntity.status(HttpStatus.CREATED).body(curated.create(tenant, draft, AuditLog.actor()));
    }

    @PutMapping("/api/v1/tenants/{tenant}/curated-answers/{id}")
    CuratedAnswer update(@PathVariable String tenant, @PathVariable long id, @RequestBody CuratedAnswer.Draft draft) {
        return curated.update(tenant, id, draft, AuditLog.actor());
    }

    @DeleteMapping("/api/v1/tenants/{tenant}/curated-answers/{id}")
    ResponseEntity<Void> delete(@PathVariable String tenant, @PathVariable long id) {
        curated.delete(tenant, id);
        return ResponseEntity.noContent().build();
    }
}
