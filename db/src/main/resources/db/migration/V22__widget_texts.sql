-- The chat widget's texts in more languages than the one the tenant wrote them in first: per tenant, key ('' for every
-- key of the tenant) and two-letter language code, a title, greeting, placeholder, starter questions (one per line)
-- and contact-link text; a text left empty falls back to the tenant's texts in that language, then to its own.
CREATE TABLE widget_text (
    tenant_id         VARCHAR(40)   NOT NULL REFERENCES tenant (id),
    key_id            VARCHAR(40)   DEFAULT '' NOT NULL,
    language          VARCHAR(8)    NOT NULL,
    title             VARCHAR(100),
    greeting          VARCHAR(300),
    placeholder       VARCHAR(100),
    starter_questions VARCHAR(1000),
    handoff_label     VARCHAR(40),
    updated_at        TIMESTAMP     NOT NULL,
    PRIMARY KEY (tenant_id, key_id, language)
);
