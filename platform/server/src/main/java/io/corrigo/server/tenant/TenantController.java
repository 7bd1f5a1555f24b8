package io.corrigo.server.tenant;

import jakarta.validation.constraints.NotBlank;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/tenants}: list, create, read. */
@RestController
@RequestMapping("/api/v1/tenants")
class TenantController {

    private final TenantService tenants;

    TenantController(TenantService tenants) {
        this.tenants = tenants;
    }

    record CreateTenant(@NotBlank String id, @NotBlank String name) {
    }

    @GetMapping
    List<TenantView> list() {
        return tenants.list();
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    TenantView create(@RequestBody CreateTenant request) {
        return tenants.create(request.id(), request.name());
    }

    @GetMapping("/{tenant}")
    TenantView get(@PathVariable String tenant) {
        return tenants.require(tenant);
    }
}
