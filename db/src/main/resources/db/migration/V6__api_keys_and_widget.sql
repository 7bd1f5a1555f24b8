-- Keys for the outside world. Publishable keys (pk_...) go into the chat widget's script tag and may only ask and
-- send feedback, from the listed origins; secret keys (sk_...) are for servers. Only a SHA-256 of each key is
-- stored (keys are 128+ bits of randomness, so a fast hash is enough), with its first characters for display.
CREATE TABLE api_key (
    id               VARCHAR(40)  NOT NULL PRIMARY KEY,
    tenant_id        VARCHAR(40)  NOT NULL REFERENCES tenant (id),
    kind             VARCHAR(20)  NOT NULL,
    name             VARCHAR(100) NOT NULL,
    key_prefix       VARCHAR(20)  NOT NULL,
    key_hash         VARCHAR(64)  NOT NULL UNIQUE,
    allowed_origins  VARCHAR(2000),
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked_at       TIMESTAMP WITH TIME ZONE
);
CREATE INDEX api_key_tenant ON api_key (tenant_id);

-- Per tenant: limits for key holders (per key and per client IP) and the widget's look.
ALTER TABLE tenant ADD COLUMN requests_per_minute INTEGER DEFAULT 30 NOT NULL;
ALTER TABLE tenant ADD COLUMN queries_per_day INTEGER DEFAULT 1000 NOT NULL;
ALTER TABLE tenant ADD COLUMN widget_title VARCHAR(100) DEFAULT 'Ask us' NOT NULL;
ALTER TABLE tenant ADD COLUMN widget_greeting VARCHAR(300) DEFAULT 'Hi! Ask me anything about our documentation.' NOT NULL;
ALTER TABLE tenant ADD COLUMN widget_placeholder VARCHAR(100) DEFAULT 'Type your question' NOT NULL;
ALTER TABLE tenant ADD COLUMN widget_color VARCHAR(20) DEFAULT '#1a73e8' NOT NULL;
