-- What a run's model calls cost: the tokens the generator's provider reported, its model, and the price from the
-- host's price table (corrigo.costs.prices); summed per tenant and day; and a tenant's monthly budget.
ALTER TABLE run ADD COLUMN input_tokens INTEGER;
ALTER TABLE run ADD COLUMN output_tokens INTEGER;
ALTER TABLE run ADD COLUMN model VARCHAR(200);
ALTER TABLE run ADD COLUMN cost DOUBLE PRECISION;
-- where a run came from: api (an admin's credentials), playground, widget (a publishable key), openai (the
-- OpenAI-compatible endpoint); and the key it came with
ALTER TABLE run ADD COLUMN channel VARCHAR(20);
ALTER TABLE run ADD COLUMN key_id VARCHAR(40);

-- key_id: the key the runs came with; '' for runs without one (the admin API, the playground)
CREATE TABLE usage_day (
    tenant_id     VARCHAR(40) NOT NULL,
    day_start     TIMESTAMP WITH TIME ZONE NOT NULL,
    key_id        VARCHAR(40) NOT NULL,
    runs          INTEGER NOT NULL,
    model_runs    INTEGER NOT NULL,
    input_tokens  BIGINT NOT NULL,
    output_tokens BIGINT NOT NULL,
    cost          DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (tenant_id, day_start, key_id)
);

-- policy: WARN (only warn), DEGRADE (answer with the offline plugins once spent) or REFUSE (answer nothing)
CREATE TABLE tenant_budget (
    tenant_id     VARCHAR(40) NOT NULL PRIMARY KEY REFERENCES tenant (id),
    monthly_limit DOUBLE PRECISION NOT NULL,
    warn_share    DOUBLE PRECISION NOT NULL,
    policy        VARCHAR(10) NOT NULL
);
