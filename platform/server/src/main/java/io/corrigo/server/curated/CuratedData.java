package io.corrigo.server.curated;

import io.corrigo.server.tenant.TenantTables;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** A tenant's curated answers. */
@Component
class CuratedData extends TenantTables {

    CuratedData(JdbcTemplate jdbc) {
        super(jdbc, "curated answers", "curated_answer");
    }
}
