package io.corrigo.server.access;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantTables;
import io.corrigo.server.tenant.WidgetSettings;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The chat widget's texts per language ({@link WidgetTexts}), for every key of a tenant or for one: admins write them
 * for the languages their visitors' pages use; a widget on a page in one of them shows them (its key's over the
 * tenant's), every other page the tenant's own texts.
 */
@Service
public class WidgetLanguages {

    /** The key column's value for texts of every key. */
    private static final String EVERY_KEY = "";

    private static final RowMapper<WidgetTexts> ROW = (rs, n) -> new WidgetTexts(rs.getString("language"),
            rs.getString("key_id"), rs.getString("title"), rs.getString("greeting"), rs.getString("placeholder"),
            rs.getString("starter_questions") == null ? List.of() : Arrays.asList(rs.getString("starter_questions").split("\n")),
            rs.getString("handoff_label"));

    private final JdbcTemplate jdbc;
    private final TenantService tenants;
    private final ApiKeys keys;
    private final AuditLog audit;
    private final Clock clock;

    WidgetLanguages(JdbcTemplate jdbc, TenantService tenants, ApiKeys keys, AuditLog audit, Clock clock) {
        this.jdbc = jdbc;
        this.tenants = tenants;
        this.keys = keys;
        this.audit = audit;
        this.clock = clock;
    }

    /** The tenant's texts per language and key, every key's first, by language. @throws ServiceException 404 */
    @Transactional(readOnly = true)
    public List<WidgetTexts> list(String tenant) {
        tenants.widget(tenant); // the caller's reach, and a 404 for a tenant that does not exist
        return jdbc.query("SELECT * FROM widget_text WHERE tenant_id = ? ORDER BY key_id, language", ROW, tenant);
    }

    /**
     * The widget's settings for a page in {@code asked} (a language code or tag; null: the tenant's own) shown with
     * {@code keyId}: the key's texts in that language over the tenant's texts in it over the tenant's own.
     */
    @Transactional(readOnly = true)
    public WidgetSettings forPage(String tenant, String keyId, String asked) {
        WidgetSettings own = tenants.widget(tenant);
        String language = WidgetTexts.languageOf(asked);
        if (language == null) {
            return own;
        }
        WidgetSettings everyKey = find(tenant, EVERY_KEY, language).map(texts -> texts.over(own)).orElse(own);
        return keyId == null ? everyKey : find(tenant, keyId, language).map(texts -> texts.over(everyKey)).orElse(everyKey);
    }

    /** Writes (or replaces) the texts of one language. @throws ServiceException 400 listing what is wrong, 404 */
    @Transactional
    public WidgetTexts save(String tenant, WidgetTexts texts) {
        tenants.widget(tenant);
        tenants.lockForChange(tenant);
        List<String> problems = new java.util.ArrayList<>(texts.problems());
        if (texts.keyId() != null && keys.list(tenant).stream().noneMatch(k -> k.id().equals(texts.keyId()))) {
            problems.add("key: no key '" + texts.keyId() + "' of tenant '" + tenant + "'");
        }
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_WIDGET_TEXTS, "The widget's texts are not valid.", problems);
        }
        String key = texts.keyId() == null ? EVERY_KEY : texts.keyId();
        Optional<WidgetTexts> before = find(tenant, key, texts.language());
        jdbc.update("DELETE FROM widget_text WHERE tenant_id = ? AND key_id = ? AND language = ?", tenant, key, texts.language());
        jdbc.update("INSERT INTO widget_text (tenant_id, key_id, language, title, greeting, placeholder, starter_questions, "
                        + "handoff_label, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", tenant, key, texts.language(), texts.title(),
                texts.greeting(), texts.placeholder(), texts.starterQuestions().isEmpty() ? null
                        : String.join("\n", texts.starterQuestions()), texts.handoffLabel(), Timestamp.from(clock.instant()));
        audit.record("tenant.widget.language", tenant, texts.language(), before.orElse(null), texts);
        return texts;
    }

    /**
     * Removes the texts of one language, of every key ({@code keyId} null) or of one (its pages show the texts that
     * stand behind them again). @throws ServiceException 404
     */
    @Transactional
    public void delete(String tenant, String keyId, String language) {
        tenants.widget(tenant);
        String key = keyId == null || keyId.isBlank() ? EVERY_KEY : keyId;
        WidgetTexts before = find(tenant, key, language).orElseThrow(() -> ServiceException.notFound(ErrorCode.WIDGET_LANGUAGE_NOT_FOUND,
                "Tenant '" + tenant + "' has no widget texts in '" + language + "'" + (key.isEmpty() ? "" : " for key '" + key + "'") + "."));
        jdbc.update("DELETE FROM widget_text WHERE tenant_id = ? AND key_id = ? AND language = ?", tenant, key, language);
        audit.record("tenant.widget.language", tenant, language, before, null);
    }

    private Optional<WidgetTexts> find(String tenant, String key, String language) {
        return jdbc.query("SELECT * FROM widget_text WHERE tenant_id = ? AND key_id = ? AND language = ?", ROW, tenant, key,
                language).stream().findFirst();
    }

    /** The texts go with their tenant. */
    @Component
    static class Data extends TenantTables {

        Data(JdbcTemplate jdbc) {
            super(jdbc, "widget languages", "widget_text");
        }
    }
}
