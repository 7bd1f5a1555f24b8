-- Scoped knowledge: a document's collections (beside its knowledge base), the groups that may read it (none: everyone
-- of the tenant) and its metadata (JSON: source URL, author, dates, language, tags, free key-values); the groups and
-- the default collections of the people behind an API or widget key.
ALTER TABLE document ADD COLUMN collections VARCHAR(1000) DEFAULT '' NOT NULL;
ALTER TABLE document ADD COLUMN reader_groups VARCHAR(1000) DEFAULT '' NOT NULL;
ALTER TABLE document ADD COLUMN metadata TEXT;
ALTER TABLE api_key ADD COLUMN reader_groups VARCHAR(1000) DEFAULT '' NOT NULL;
ALTER TABLE api_key ADD COLUMN collections VARCHAR(1000) DEFAULT '' NOT NULL;
