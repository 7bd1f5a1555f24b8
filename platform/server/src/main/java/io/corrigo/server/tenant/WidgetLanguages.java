package io.corrigo.server.tenant;

import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.problem.ServiceException;
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
 * The chat widget's texts per language ({@link WidgetTexts}): admins write them for the languages their visitors'
 * pages use; a widget on a page in one of them shows them, every other page the tenant's own texts.
 */
@Service
public class WidgetLanguages {

    private static final RowMapper<WidgetTexts> ROW = (rs, n) -> new WidgetTexts(rs.getString("language"),
            rs.getString("title"), rs.getString("greeting"), rs.getString("placeholder"),
            rs.getString("starter_questions") == null ? List.of() : Arrays.asList(rs.getString("starter_questions").split("\n")),
            rs.getString("handoff_label"));

    private final JdbcTemplate jdbc;
    private final TenantService tenants;
    private final AuditLog audit;
    private final Clock clock;

    WidgetLanguages(JdbcTemplate jdbc, TenantService tenants, AuditLog audit, Clock clock) {
        this.jdbc = jdbc;
        this.tenants = tenants;
        this.audit = audit;
        this.clock = clock;
    }

    /** The tenant's texts per language, by language. @throws ServiceException 404 */
    @Transactional(readOnly = true)
    public List<WidgetTexts> list(String tenant) {
        tenants.widget(tenant); // the caller's reach, and a 404 for a tenant that does not exist
        return jdbc.query("SELECT * FROM widget_text WHERE tenant_id = ? ORDER BY language", ROW, tenant);
    }

    /** The widget's settings for a page in {@code asked} (a language code or tag; null: the tenant's own). */
    @Transactional(readOnly = true)
    public WidgetSettings forPage(String tenant, String asked) {
        WidgetSettings own = tenants.widget(tenant);
        String language = WidgetTexts.languageOf(asked);
        if (language == null) {
            return own;
        }
        return find(tenant, language).map(texts -> texts.over(own)).orElse(own);
    }

    /** Writes (or replaces) the texts of one language. @throws ServiceException 400 listing what is wrong, 404 */
    @Transactional
    public WidgetTexts save(String tenant, WidgetTexts texts) {
        tenants.widget(tenant);
        tenants.lockForChange(tenant);
        List<String> problems = texts.problems();
        if (!problems.isEmpty()) {
            throw ServiceException.invalid("invalid_widget_texts", "The widget's texts are not valid.", problems);
        }
        Optional<WidgetTexts> before = find(tenant, texts.language());
        jdbc.update("DELETE FROM widget_text WHERE tenant_id = ? AND language = ?", tenant, texts.language());
        jdbc.update("INSERT INTO widget_text (tenant_id, language, title, greeting, placeholder, starter_questions, "
                        + "handoff_label, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", tenant, texts.language(), texts.title(),
                texts.greeting(), texts.placeholder(), texts.starterQuestions().isEmpty() ? null
                        : String.join("\n", texts.starterQuestions()), texts.handoffLabel(), Timestamp.from(clock.instant()));
        audit.record("tenant.widget.language", tenant, texts.language(), before.orElse(null), texts);
        return texts;
    }

    /** Removes the texts of one language (its pages show the tenant's own again). @throws ServiceException 404 */
    @Transactional
    public void delete(String tenant, String language) {
        tenants.widget(tenant);
        WidgetTexts before = find(tenant, language).orElseThrow(() -> ServiceException.notFound("widget_language_not_found",
                "Tenant '" + tenant + "' has no widget texts in '" + language + "'."));
        jdbc.update("DELETE FROM widget_text WHERE tenant_id = ? AND language = ?", tenant, language);
        audit.record("tenant.widget.language", tenant, language, before, null);
    }

    private Optional<WidgetTexts> find(String tenant, String language) {
        return jdbc.query("SELECT * FROM widget_text WHERE tenant_id = ? AND language = ?", ROW, tenant, language)
                .stream().findFirst();
    }

    /** The texts go with their tenant. */
    @Component
    static class Data extends TenantTables {

        Data(JdbcTemplate jdbc) {
            super(jdbc, "widget languages", "widget_text");
        }
    }
}
