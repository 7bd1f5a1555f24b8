-- The chat widget's texts in more languages than the one the tenant wrote them in first: per tenant and two-letter
-- language code, a title, greeting, placeholder, starter questions (one per line) and contact-link text; a text left
-- empty falls back to the tenant's own.
CREATE TABLE widget_text (
    tenant_id         VARCHAR(40)   NOT NULL REFERENCES tenant (id),
    language          VARCHAR(8)    NOT NULL,
    title             VARCHAR(100),
    greeting          VARCHAR(300),
    placeholder       VARCHAR(100),
    starter_questions VARCHAR(1000),
    handoff_label     VARCHAR(40),
    updated_at        TIMESTAMP     NOT NULL,
    PRIMARY KEY (tenant_id, language)
);
