-- User feedback on runs, and indexes for filtering the run log.
ALTER TABLE run ADD COLUMN feedback VARCHAR(20);
ALTER TABLE run ADD COLUMN feedback_comment TEXT;
ALTER TABLE run ADD COLUMN feedback_at TIMESTAMP WITH TIME ZONE;
CREATE INDEX run_tenant_action ON run (tenant_id, action);
CREATE INDEX run_created ON run (created_at);
