-- Golden evaluation sets: a tenant's sets (eval_case.set_name) that every publish of a pipeline version is checked
-- against; a version that answers fewer of their questions right, or more of them wrong, by more than the margin (a
-- share of the set's questions) is held until published with an override and a reason.
CREATE TABLE golden_set (
    tenant_id   VARCHAR(40)  NOT NULL REFERENCES tenant (id),
    set_name    VARCHAR(100) NOT NULL,
    margin      DOUBLE PRECISION NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (tenant_id, set_name)
);
