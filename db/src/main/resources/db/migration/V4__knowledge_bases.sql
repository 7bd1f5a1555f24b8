-- Knowledge bases: a tenant organises its documents in one or more, each with its own chunking settings.
CREATE TABLE knowledge_base (
    id                 VARCHAR(40)  NOT NULL PRIMARY KEY,
    tenant_id          VARCHAR(40)  NOT NULL REFERENCES tenant (id),
    name               VARCHAR(100) NOT NULL,
    max_chunk_words    INTEGER      NOT NULL,
    overlap_sentences  INTEGER      NOT NULL,
    created_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT knowledge_base_tenant_name UNIQUE (tenant_id, name)
);

ALTER TABLE document ADD COLUMN knowledge_base_id VARCHAR(40);

-- every existing tenant gets its default knowledge base, holding the documents it already has
INSERT INTO knowledge_base (id, tenant_id, name, max_chunk_words, overlap_sentences, created_at)
    SELECT 'kb-' || id, id, 'default', 200, 0, created_at FROM tenant;
UPDATE document SET knowledge_base_id = 'kb-' || tenant_id;
