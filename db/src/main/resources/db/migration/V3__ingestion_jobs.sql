-- Ingestion as persisted background jobs: a job indexes one or more documents; unfinished jobs resume on start-up.
CREATE TABLE ingestion_job (
    id                VARCHAR(40) NOT NULL PRIMARY KEY,
    tenant_id         VARCHAR(40) NOT NULL REFERENCES tenant (id),
    kind              VARCHAR(20) NOT NULL,
    state             VARCHAR(20) NOT NULL,
    documents_total   INTEGER     NOT NULL,
    documents_done    INTEGER     NOT NULL,
    documents_failed  INTEGER     NOT NULL,
    chunks_total      INTEGER     NOT NULL,
    chunks_done       INTEGER     NOT NULL,
    created_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at        TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX ingestion_job_tenant ON ingestion_job (tenant_id, created_at);
CREATE INDEX ingestion_job_state ON ingestion_job (state);

-- the job that last (re)indexed a document, and the size of its stored original
ALTER TABLE document ADD COLUMN job_id VARCHAR(40);
ALTER TABLE document ADD COLUMN size_bytes BIGINT;
