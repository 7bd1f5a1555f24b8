-- Rate limits shared by every host: allowed requests per subject (a key or a client) and fixed window.
CREATE TABLE rate_window (
    subject       VARCHAR(300) NOT NULL,
    window_start  BIGINT       NOT NULL,
    hits          INTEGER      NOT NULL,
    PRIMARY KEY (subject, window_start)
);
CREATE INDEX rate_window_start ON rate_window (window_start);
