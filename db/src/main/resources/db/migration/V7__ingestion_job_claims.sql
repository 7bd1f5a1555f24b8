-- Several hosts share the database: an ingestion job is claimed by one host at a time (a lease it renews with every
-- write while it works); another host takes over a job whose lease has expired, and the previous holder stops at its
-- next write, which finds the job no longer its own.
ALTER TABLE ingestion_job ADD COLUMN claimed_by VARCHAR(100);
ALTER TABLE ingestion_job ADD COLUMN heartbeat_at TIMESTAMP WITH TIME ZONE;
