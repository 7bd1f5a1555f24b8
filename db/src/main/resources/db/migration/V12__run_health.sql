-- What the health dashboard reads, kept as runs are written: a run's health facts as columns (not only in its trace
-- JSON), and per tenant and hour their sums, so that a dashboard over any window sums hourly rows instead of scanning
-- the run log (1M runs: see the README's health benchmark).
ALTER TABLE run ADD COLUMN fallback BOOLEAN DEFAULT FALSE NOT NULL;
ALTER TABLE run ADD COLUMN support DOUBLE PRECISION;
ALTER TABLE run ADD COLUMN usefulness INTEGER;

-- lat_00 … lat_15: a histogram of total_millis over fixed bins (upper edges 10, 20, 30, 50, 75, 100, 150, 200, 300,
-- 500, 750, 1000, 2000, 5000, 10000 ms, then the rest; see LatencyBins); p50 and p95 are read from it, interpolated
-- within a bin.
CREATE TABLE run_hour (
    tenant_id      VARCHAR(40) NOT NULL,
    hour_start     TIMESTAMP WITH TIME ZONE NOT NULL,
    runs           INTEGER NOT NULL,
    abstained      INTEGER NOT NULL,
    fallback       INTEGER NOT NULL,
    degraded       INTEGER NOT NULL,
    correct        INTEGER NOT NULL,
    ambiguous      INTEGER NOT NULL,
    incorrect      INTEGER NOT NULL,
    no_retrieval   INTEGER NOT NULL,
    support_sum    DOUBLE PRECISION NOT NULL,
    support_n      INTEGER NOT NULL,
    usefulness_sum INTEGER NOT NULL,
    usefulness_n   INTEGER NOT NULL,
    rated          INTEGER NOT NULL,
    helpful        INTEGER NOT NULL,
    millis_sum     DOUBLE PRECISION NOT NULL,
    lat_00         INTEGER NOT NULL,
    lat_01         INTEGER NOT NULL,
    lat_02         INTEGER NOT NULL,
    lat_03         INTEGER NOT NULL,
    lat_04         INTEGER NOT NULL,
    lat_05         INTEGER NOT NULL,
    lat_06         INTEGER NOT NULL,
    lat_07         INTEGER NOT NULL,
    lat_08         INTEGER NOT NULL,
    lat_09         INTEGER NOT NULL,
    lat_10         INTEGER NOT NULL,
    lat_11         INTEGER NOT NULL,
    lat_12         INTEGER NOT NULL,
    lat_13         INTEGER NOT NULL,
    lat_14         INTEGER NOT NULL,
    lat_15         INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, hour_start)
);

-- How often each question (by its normalised text's SHA-256) was asked per tenant and day, and how often it went
-- unanswered; its wording (as first asked) is kept once per tenant in question_text, so that the counts stay narrow.
CREATE TABLE question_day (
    tenant_id    VARCHAR(40) NOT NULL,
    day_start    TIMESTAMP WITH TIME ZONE NOT NULL,
    question_key VARCHAR(64) NOT NULL,
    asked        INTEGER NOT NULL,
    unanswered   INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, day_start, question_key)
);

CREATE TABLE question_text (
    tenant_id    VARCHAR(40) NOT NULL,
    question_key VARCHAR(64) NOT NULL,
    question     VARCHAR(2000) NOT NULL,
    PRIMARY KEY (tenant_id, question_key)
);

-- A tenant's own health bands (JSON: metric -> {warn, alert}); the defaults apply to metrics it does not list.
CREATE TABLE tenant_health (
    tenant_id VARCHAR(40) NOT NULL PRIMARY KEY REFERENCES tenant (id),
    bands     TEXT NOT NULL
);
