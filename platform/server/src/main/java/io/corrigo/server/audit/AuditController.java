package io.corrigo.server.audit;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.web.QueryParameters;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * {@code /api/v1/audit}: the audit log, filtered by actor, action (or kind), tenant and time, newest first; and its
 * export as CSV or JSON Lines. A platform admin reads every entry; a tenant admin only those of their tenants.
 */
@RestController
class AuditController {

    private final AuditLog audit;
    private final AuditReach reach;

    AuditController(AuditLog audit, AuditReach reach) {
        this.audit = audit;
        this.reach = reach;
    }

    /** A page of entries and how many match in all. */
    record AuditPage(long total, int page, int size, List<AuditEvent> entries) {
    }

    @GetMapping("/api/v1/audit")
    AuditPage list(@RequestParam(required = false) String actor, @RequestParam(required = false) String action,
                   @RequestParam(required = false) String tenant, @RequestParam(required = false) String from,
                   @RequestParam(required = false) String to, @RequestParam(defaultValue = "0") int page,
                   @RequestParam(defaultValue = "50") int size) {
        AuditQuery query = query(actor, action, tenant, from, to);
        return new AuditPage(audit.count(query, reach), page, size, audit.list(query, reach, page, size));
    }

    @GetMapping("/api/v1/audit/export")
    ResponseEntity<StreamingResponseBody> export(@RequestParam(defaultValue = "csv") String format,
                                                 @RequestParam(required = false) String actor,
                                                 @RequestParam(required = false) String action,
                                                 @RequestParam(required = false) String tenant,
                                                 @RequestParam(required = false) String from,
                                                 @RequestParam(required = false) String to) {
        AuditLog.Format chosen = switch (format.toLowerCase(Locale.ROOT)) {
            case "csv" -> AuditLog.Format.CSV;
            case "jsonl", "ndjson" -> AuditLog.Format.JSONL;
            default -> throw ServiceException.invalid(ErrorCode.INVALID_FORMAT, "format is csv or jsonl, not '" + format + "'.");
        };
        AuditQuery query = query(actor, action, tenant, from, to);
        // the reach is decided here, on the request's thread: the body is written on another
        Optional<Set<String>> tenantsOnly = reach.tenantsOnly();
        AuditReach fixed = () -> tenantsOnly;
        String type = chosen == AuditLog.Format.CSV ? "text/csv; charset=utf-8" : "application/x-ndjson";
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(type))
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"audit."
                        + (chosen == AuditLog.Format.CSV ? "csv" : "jsonl") + "\"")
                .body(out -> audit.export(query, fixed, chosen, new OutputStreamWriter(out, StandardCharsets.UTF_8)));
    }

    private static AuditQuery query(String actor, String action, String tenant, String from, String to) {
        return new AuditQuery(actor, action, tenant, QueryParameters.instant("from", from), QueryParameters.instant("to", to));
    }
}
