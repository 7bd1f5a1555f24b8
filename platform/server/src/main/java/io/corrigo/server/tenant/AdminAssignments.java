package io.corrigo.server.tenant;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The admins and admin tokens assigned to a tenant: the assignments go with the tenant, the admins and tokens stay.
 * Kept here rather than in {@code security}, which the tenant package stands on.
 */
@Component
class AdminAssignments extends TenantTables {

    AdminAssignments(JdbcTemplate jdbc) {
        super(jdbc, "assigned admins", "admin_user_tenant", "admin_token_tenant");
    }
}
