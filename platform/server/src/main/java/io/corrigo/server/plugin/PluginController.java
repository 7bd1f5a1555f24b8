package io.corrigo.server.plugin;

import io.corrigo.api.config.ConfigProperty;
import io.corrigo.server.plugin.kind.StageKind;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/plugins}: installed plugins, and the factories a pipeline can choose from with their settings. */
@RestController
class PluginController {

    private final PluginHost host;

    PluginController(PluginHost host) {
        this.host = host;
    }

    /** A factory as the pipeline editor needs it. */
    record FactoryView(String kind, String id, String description, String pluginId, String pluginVersion,
                       List<ConfigProperty> properties) {
    }

    @GetMapping("/api/v1/plugins")
    List<PluginInfo> plugins() {
        return host.plugins();
    }

    /** The plugin API version this host offers, whether unsigned plugins may run, the file size limit. */
    @GetMapping("/api/v1/plugins/policy")
    PluginHost.Policy policy() {
        return host.policy();
    }

    @GetMapping("/api/v1/plugins/factories")
    List<FactoryView> factories() {
        return StageKind.values().stream()
                .flatMap(kind -> host.factories(kind).stream())
                .map(h -> new FactoryView(h.kind().stage(), h.factory().id(), h.factory().description(), h.pluginId(),
                        h.pluginVersion(), h.factory().configProperties()))
                .toList();
    }
}
