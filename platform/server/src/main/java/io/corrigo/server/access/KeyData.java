package io.corrigo.server.access;

import io.corrigo.server.tenant.TenantTables;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** A tenant's API and widget keys, with the rate windows counted for each key and for its anonymous callers. */
@Component
class KeyData extends TenantTables {

    KeyData(JdbcTemplate jdbc) {
        super(jdbc, "keys", "api_key");
    }

    @Override
    public void delete(String tenantId) {
        List<String> keyIds = jdbc.queryForList("SELECT id FROM api_key WHERE tenant_id = ?", String.class, tenantId);
        for (String key : keyIds) {
            jdbc.update("DELETE FROM rate_window WHERE subject LIKE ?", "key:" + escapeLike(key) + "@%");
        }
        jdbc.update("DELETE FROM rate_window WHERE subject LIKE ?", "ip:" + escapeLike(tenantId) + ":%");
        super.delete(tenantId);
    }

    private static String escapeLike(String value) {
        return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
