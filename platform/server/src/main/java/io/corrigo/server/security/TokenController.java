package io.corrigo.server.security;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/tokens}: the signed-in admin's personal API tokens (a platform admin may list and revoke anyone's).
 * Not reachable with a token ({@link BearerTokenFilter}).
 */
@RestController
class TokenController {

    private final AdminTokens tokens;
    private final TenantAccess access;

    TokenController(AdminTokens tokens, TenantAccess access) {
        this.tokens = tokens;
        this.access = access;
    }

    /**
     * @param role          PLATFORM_ADMIN or TENANT_ADMIN; absent: the user's own
     * @param tenants       for a tenant-admin token, the tenants it reaches
     * @param scopes        read, write, plugins
     * @param expiresInDays 1-366, default 90
     */
    record CreateToken(String name, Role role, List<String> tenants, List<String> scopes, Integer expiresInDays) {
    }

    @GetMapping("/api/v1/tokens")
    List<TokenView> list(@RequestParam(defaultValue = "false") boolean all) {
        if (all) {
            access.requirePlatformAdmin();
            return tokens.listAll();
        }
        return tokens.list(me().username());
    }

    @PostMapping("/api/v1/tokens")
    @ResponseStatus(HttpStatus.CREATED)
    AdminTokens.CreatedToken create(@RequestBody CreateToken request) {
        return tokens.create(me().username(), request.name(), request.role(), request.tenants(), request.scopes(),
                request.expiresInDays());
    }

    @DeleteMapping("/api/v1/tokens/{id}")
    TokenView revoke(@PathVariable String id) {
        TenantAccess.Admin me = me();
        return tokens.revoke(me.username(), me.role() == Role.PLATFORM_ADMIN, id);
    }

    private TenantAccess.Admin me() {
        return access.current().orElseThrow(() -> new ServiceException(ServiceException.Kind.FORBIDDEN, ErrorCode.FORBIDDEN,
                "Sign in as an admin.", List.of()));
    }
}
