-- A tenant's budget ledger for the current month: what its answers cost so far (settled) and the room held for
-- answers in flight (reserved). An answer under a REFUSE budget reserves its expected cost with one conditional
-- update (settled + reserved + expected <= monthly_limit) before its model is called, and settles its real cost after;
-- so concurrent answers can never spend more than the limit. ledger_month NULL: read the month's usage again.
ALTER TABLE tenant_budget ADD COLUMN ledger_month VARCHAR(7);
ALTER TABLE tenant_budget ADD COLUMN settled DOUBLE PRECISION DEFAULT 0 NOT NULL;
ALTER TABLE tenant_budget ADD COLUMN reserved DOUBLE PRECISION DEFAULT 0 NOT NULL;
