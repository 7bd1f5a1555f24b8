package io.corrigo.server.impact;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/plugins/{id}/impact}: who a plugin's disabling or removal would affect. */
@RestController
class ImpactController {

    private final BlastRadius radius;

    ImpactController(BlastRadius radius) {
        this.radius = radius;
    }

    @GetMapping("/api/v1/plugins/{plugin}/impact")
    BlastRadius.PluginImpact plugin(@PathVariable String plugin) {
        return radius.plugin(plugin);
    }
}
