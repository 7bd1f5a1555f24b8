package io.corrigo.server.eval;

import io.corrigo.server.tenant.TenantTables;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** A tenant's evaluations with their reports, its own evaluation cases and its scheduled re-evaluation. */
@Component
class EvaluationData extends TenantTables {

    EvaluationData(JdbcTemplate jdbc) {
        super(jdbc, "evaluations", "evaluation", "eval_case", "eval_schedule", "golden_set");
    }
}
