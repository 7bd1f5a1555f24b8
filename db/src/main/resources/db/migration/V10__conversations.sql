-- Conversations: a thread of turns per tenant, so that a follow-up is answered in its context. owner says who may
-- continue one: 'admin' (any admin of the tenant) or 'key:<key id>:<SHA-256 of the visitor token>' (the widget visitor
-- who started it). Pruned with the runs (corrigo.runs.retention-days).
CREATE TABLE conversation (
    id          VARCHAR(40)  NOT NULL PRIMARY KEY,
    tenant_id   VARCHAR(40)  NOT NULL REFERENCES tenant (id),
    owner       VARCHAR(200) NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX conversation_updated ON conversation (updated_at);

CREATE TABLE conversation_turn (
    conversation_id VARCHAR(40) NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
    turn_no         INTEGER     NOT NULL,
    question        TEXT        NOT NULL,
    standalone      TEXT        NOT NULL,
    answer          TEXT        NOT NULL,
    run_id          VARCHAR(36),
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (conversation_id, turn_no)
);
