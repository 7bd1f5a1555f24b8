-- Connectors: a source (a website, a server folder, …) a tenant's knowledge base is kept in step with, by a connector
-- plugin, on a schedule or on demand; and what each sync found of each item (its change marker, the hash of the
-- content last indexed, the document it became), so that the next sync fetches and indexes only what changed.
CREATE TABLE connector (
    id               VARCHAR(40)   PRIMARY KEY,
    tenant_id        VARCHAR(40)   NOT NULL REFERENCES tenant (id),
    name             VARCHAR(200)  NOT NULL,
    factory_id       VARCHAR(100)  NOT NULL,
    properties       TEXT          NOT NULL,
    schedule         VARCHAR(100),
    knowledge_base   VARCHAR(40),
    collections      VARCHAR(1000) DEFAULT '' NOT NULL,
    reader_groups    VARCHAR(1000) DEFAULT '' NOT NULL,
    state            VARCHAR(20)   NOT NULL,
    claimed_by       VARCHAR(100),
    last_started_at  TIMESTAMP,
    last_finished_at TIMESTAMP,
    last_outcome     VARCHAR(20),
    last_error       VARCHAR(2000),
    listed           INT           DEFAULT 0 NOT NULL,
    fetched          INT           DEFAULT 0 NOT NULL,
    indexed          INT           DEFAULT 0 NOT NULL,
    unchanged        INT           DEFAULT 0 NOT NULL,
    removed          INT           DEFAULT 0 NOT NULL,
    failed           INT           DEFAULT 0 NOT NULL,
    progress_done    INT           DEFAULT 0 NOT NULL,
    progress_total   INT           DEFAULT 0 NOT NULL,
    created_at       TIMESTAMP     NOT NULL,
    CONSTRAINT connector_tenant_name UNIQUE (tenant_id, name)
);

CREATE TABLE connector_item (
    tenant_id    VARCHAR(40)  NOT NULL,
    connector_id VARCHAR(40)  NOT NULL REFERENCES connector (id) ON DELETE CASCADE,
    item_key     VARCHAR(64)  NOT NULL,
    item_id      TEXT         NOT NULL,
    version      VARCHAR(500) NOT NULL,
    content_hash VARCHAR(64),
    document_id  VARCHAR(40),
    PRIMARY KEY (connector_id, item_key)
);
