package io.corrigo.server.outbound;

import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.security.TenantAccess;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Platform admins read, add and remove the outbound addresses allowed beside the host configuration's. */
@RestController
class OutboundAllowController {

    private final OutboundAllowList allowList;
    private final TenantAccess access;

    OutboundAllowController(OutboundAllowList allowList, TenantAccess access) {
        this.allowList = allowList;
        this.access = access;
    }

    /** What is allowed: {@code configured} (host configuration, read-only) and {@code added} (here). */
    @GetMapping("/api/v1/outbound-allow")
    Map<String, Object> list() {
        access.requirePlatformAdmin();
        return Map.of("configured", allowList.configured(), "added", allowList.list());
    }

    /** Allows {@code {entry, note}} from now on. */
    @PostMapping("/api/v1/outbound-allow")
    @ResponseStatus(HttpStatus.CREATED)
    OutboundAllowList.Entry add(@RequestBody Map<String, String> body) {
        access.requirePlatformAdmin();
        return allowList.add(body.get("entry"), body.get("note"), AuditLog.actor());
    }

    /** No longer allows {@code ?entry=} (a query parameter: a CIDR range holds a slash). */
    @DeleteMapping("/api/v1/outbound-allow")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void remove(@RequestParam String entry) {
        access.requirePlatformAdmin();
        allowList.remove(entry, AuditLog.actor());
    }
}
