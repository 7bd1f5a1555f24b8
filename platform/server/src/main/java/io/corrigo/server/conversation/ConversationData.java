package io.corrigo.server.conversation;

import io.corrigo.server.tenant.TenantTables;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** A tenant's conversations (their turns go with them). */
@Component
class ConversationData extends TenantTables {

    ConversationData(JdbcTemplate jdbc) {
        super(jdbc, "conversations", "conversation");
    }
}
