package io.corrigo.server.access;

import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.WidgetSettings;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Admins manage a tenant's keys, its widget's look, texts per language and its key holders' limits. */
@RestController
class KeyController {

    private final ApiKeys keys;
    private final TenantService tenants;
    private final WidgetLanguages languages;

    KeyController(ApiKeys keys, TenantService tenants, WidgetLanguages languages) {
        this.keys = keys;
        this.tenants = tenants;
        this.languages = languages;
    }

    record CreateKey(KeyKind kind, String name, List<String> allowedOrigins, List<String> groups, List<String> collections) {
    }

    @GetMapping("/api/v1/tenants/{tenant}/keys")
    List<KeyView> list(@PathVariable String tenant) {
        return keys.list(tenant);
    }

    /** The answer holds the key's value: the only time it is shown. */
    @PostMapping("/api/v1/tenants/{tenant}/keys")
    @ResponseStatus(HttpStatus.CREATED)
    ApiKeys.CreatedKey create(@PathVariable String tenant, @RequestBody CreateKey request) {
        return keys.create(tenant, request.kind(), request.name(), request.allowedOrigins(), request.groups(),
                request.collections());
    }

    /** A key's new groups and default collections ({@code null} keeps one). */
    record KeyScope(List<String> groups, List<String> collections) {
    }

    @org.springframework.web.bind.annotation.PatchMapping("/api/v1/tenants/{tenant}/keys/{keyId}")
    KeyView rescope(@PathVariable String tenant, @PathVariable String keyId, @RequestBody KeyScope request) {
        return keys.rescope(tenant, keyId, request.groups(), request.collections());
    }

    @DeleteMapping("/api/v1/tenants/{tenant}/keys/{keyId}")
    KeyView revoke(@PathVariable String tenant, @PathVariable String keyId) {
        return keys.revoke(tenant, keyId);
    }

    @GetMapping("/api/v1/tenants/{tenant}/widget")
    WidgetSettings widget(@PathVariable String tenant) {
        return tenants.widget(tenant);
    }

    @PutMapping("/api/v1/tenants/{tenant}/widget")
    WidgetSettings updateWidget(@PathVariable String tenant, @RequestBody WidgetSettings settings) {
        return tenants.updateWidget(tenant, settings);
    }

    /** The widget's texts per language. */
    @GetMapping("/api/v1/tenants/{tenant}/widget/languages")
    List<WidgetTexts> widgetLanguages(@PathVariable String tenant) {
        return languages.list(tenant);
    }

    /**
     * Writes the widget's texts of one language, for every key of the tenant or for the key {@code keyId} (the path's
     * language and the query's key win over the body's).
     */
    @PutMapping("/api/v1/tenants/{tenant}/widget/languages/{language}")
    WidgetTexts saveWidgetLanguage(@PathVariable String tenant, @PathVariable String language,
                                   @RequestParam(name = "keyId", required = false) String key, @RequestBody WidgetTexts texts) {
        return languages.save(tenant, new WidgetTexts(language, key, texts.title(), texts.greeting(), texts.placeholder(),
                texts.starterQuestions(), texts.handoffLabel()));
    }

    @DeleteMapping("/api/v1/tenants/{tenant}/widget/languages/{language}")
    ResponseEntity<Void> deleteWidgetLanguage(@PathVariable String tenant, @PathVariable String language,
                                              @RequestParam(name = "keyId", required = false) String key) {
        languages.delete(tenant, key, language);
        return ResponseEntity.noContent().build();
    }
}
