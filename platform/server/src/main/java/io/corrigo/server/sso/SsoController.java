package io.corrigo.server.sso;

import io.corrigo.server.security.TenantAccess;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/sso}: the platform's single sign-on provider and claim mapping (platform admins). */
@RestController
class SsoController {

    private final SingleSignOn sso;
    private final TenantAccess access;

    SsoController(SingleSignOn sso, TenantAccess access) {
        this.sso = sso;
        this.access = access;
    }

    @GetMapping("/api/v1/sso")
    SsoSettings get() {
        access.requirePlatformAdmin();
        return sso.settings();
    }

    @PutMapping("/api/v1/sso")
    SsoSettings save(@RequestBody SsoSettings settings) {
        access.requirePlatformAdmin();
        return sso.save(settings);
    }
}
