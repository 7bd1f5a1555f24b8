package io.corrigo.server.connector;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.ConnectorFactory;
import io.corrigo.api.config.ConfigProperty;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * A tenant's connectors: {@code GET/POST /api/v1/tenants/{t}/connectors}, {@code GET/PUT/DELETE …/{id}},
 * {@code POST …/{id}/sync} (start now; 409 while syncing), and the connector kinds the plugins offer with their
 * settings at {@code GET /api/v1/connectors/kinds}.
 */
@RestController
class ConnectorController {

    private final Connectors connectors;
    private final ConnectorSync sync;

    ConnectorController(Connectors connectors, ConnectorSync sync) {
        this.connectors = connectors;
        this.sync = sync;
    }

    /** A connector kind and the settings it takes. */
    record Kind(String id, String description, List<ConfigProperty> properties) {
    }

    @GetMapping("/api/v1/connectors/kinds")
    List<Kind> kinds() {
        List<Kind> kinds = new ArrayList<>();
        for (ConnectorFactory f : connectors.factories()) {
            kinds.add(new Kind(f.id(), f.description(), f.configProperties()));
        }
        return kinds;
    }

    @GetMapping("/api/v1/tenants/{tenant}/connectors")
    List<ConnectorView> list(@PathVariable String tenant) {
        return connectors.list(tenant);
    }

    @GetMapping("/api/v1/tenants/{tenant}/connectors/{id}")
    ConnectorView get(@PathVariable String tenant, @PathVariable String id) {
        return connectors.get(tenant, id);
    }

    @PostMapping("/api/v1/tenants/{tenant}/connectors")
    @ResponseStatus(HttpStatus.CREATED)
    ConnectorView create(@PathVariable String tenant, @RequestBody JsonNode body) {
        return connectors.create(tenant, definition(body));
    }

    @PutMapping("/api/v1/tenants/{tenant}/connectors/{id}")
    ConnectorView update(@PathVariable String tenant, @PathVariable String id, @RequestBody JsonNode body) {
        return connectors.update(tenant, id, definition(body));
    }

    @DeleteMapping("/api/v1/tenants/{tenant}/connectors/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@PathVariable String tenant, @PathVariable String id) {
        connectors.delete(tenant, id);
    }

    @PostMapping("/api/v1/tenants/{tenant}/connectors/{id}/sync")
    @ResponseStatus(HttpStatus.ACCEPTED)
    ConnectorView sync(@PathVariable String tenant, @PathVariable String id) {
        return sync.start(tenant, id);
    }

    private static Connectors.Definition definition(JsonNode body) {
        Map<String, String> properties = new LinkedHashMap<>();
        body.path("properties").fields().forEachRemaining(e -> properties.put(e.getKey(),
                e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
        return new Connectors.Definition(text(body, "name"), text(body, "factoryId"), properties, text(body, "schedule"),
                text(body, "knowledgeBase"), strings(body.path("collections")), strings(body.path("groups")));
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.path(field);
        return value.isMissingNode() || value.isNull() ? null : value.asText();
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array.isArray()) {
            array.forEach(v -> values.add(v.asText()));
        }
        return values;
    }
}
