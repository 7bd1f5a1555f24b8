package io.corrigo.server.plugin;

import io.corrigo.server.security.TenantAccess;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/** Platform admins install, upgrade, enable, disable and uninstall plugins without a restart. */
@RestController
class PluginAdminController {

    private final PluginHost host;
    private final TenantAccess access;

    PluginAdminController(PluginHost host, TenantAccess access) {
        this.host = host;
        this.access = access;
    }

    @PostMapping("/api/v1/plugins")
    @ResponseStatus(HttpStatus.CREATED)
    PluginInfo install(@RequestParam("file") MultipartFile file,
                       @RequestParam(name = "confirmDowngrade", defaultValue = "false") boolean confirmDowngrade,
                       @RequestParam(name = "approveOutbound", defaultValue = "false") boolean approveOutbound) {
        access.requirePlatformAdmin();
        try {
            return host.install(file.getOriginalFilename(), file.getBytes(), confirmDowngrade, approveOutbound);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @PostMapping("/api/v1/plugins/{pluginId}/enable")
    PluginInfo enable(@PathVariable String pluginId) {
        access.requirePlatformAdmin();
        return host.enable(pluginId);
    }

    @DeleteMapping("/api/v1/plugins/{pluginId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void uninstall(@PathVariable String pluginId) {
        access.requirePlatformAdmin();
        host.uninstall(pluginId);
    }

    @PostMapping("/api/v1/plugins/{pluginId}/disable")
    PluginInfo disable(@PathVariable String pluginId) {
        access.requirePlatformAdmin();
        return host.disable(pluginId);
    }
}
