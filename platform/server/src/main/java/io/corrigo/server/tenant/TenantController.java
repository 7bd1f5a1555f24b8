package io.corrigo.server.tenant;

import io.corrigo.server.security.TenantAccess;
import jakarta.validation.constraints.NotBlank;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/tenants}: list (the tenants the admin may see), create, read, rename and disable (platform admins). */
@RestController
@RequestMapping("/api/v1/tenants")
class TenantController {

    private final TenantService tenants;
    private final TenantAccess access;

    TenantController(TenantService tenants, TenantAccess access) {
        this.tenants = tenants;
        this.access = access;
    }

    record CreateTenant(@NotBlank String id, @NotBlank String name) {
    }

    record UpdateTenant(String name, Boolean enabled) {
    }

    @GetMapping
    List<TenantView> list() {
        return tenants.list(); // the service keeps to the caller's reach
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    TenantView create(@RequestBody CreateTenant request) {
        access.requirePlatformAdmin();
        return tenants.create(request.id(), request.name());
    }

    @PatchMapping("/{tenant}")
    TenantView update(@PathVariable String tenant, @RequestBody UpdateTenant request) {
        access.requirePlatformAdmin();
        return tenants.update(tenant, request.name(), request.enabled());
    }

    @GetMapping("/{tenant}")
    TenantView get(@PathVariable String tenant) {
        return tenants.require(tenant);
    }
}
