-- Pipeline versions become drafts and releases: a saved version is a draft (published_at NULL) until an admin
-- publishes it; publishing an older release again is a rollback. Versions saved before this were all published.
ALTER TABLE pipeline ADD COLUMN published_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE pipeline ADD COLUMN author VARCHAR(200);
ALTER TABLE pipeline ADD COLUMN note VARCHAR(500);
UPDATE pipeline SET published_at = created_at;

-- An admin's change to one chunk of a document, applied every time the document is (re-)indexed: its text edited,
-- or the chunk left out of the index. Removed with the document, and when the document is replaced by an upload.
CREATE TABLE chunk_override (
    document_id VARCHAR(40)  NOT NULL REFERENCES document (id) ON DELETE CASCADE,
    chunk_id    VARCHAR(300) NOT NULL,
    text        TEXT,
    disabled    BOOLEAN      NOT NULL,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (document_id, chunk_id)
);
