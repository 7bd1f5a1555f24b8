-- Single sign-on with OpenID Connect, one provider for the platform (one row, id 1): the issuer (discovered at
-- <issuer>/.well-known/openid-configuration), the client's id and secret (encrypted with the master key), and how
-- claims map to Corrigo's users: the user name claim, the claim holding groups or roles and the values that make a
-- platform admin or a tenant admin, and the claim listing a tenant admin's tenants. Users are made or updated at
-- sign-in (just in time).
CREATE TABLE sso_settings (
    id                     INTEGER      NOT NULL PRIMARY KEY,
    enabled                BOOLEAN      NOT NULL,
    issuer                 VARCHAR(500) NOT NULL,
    client_id              VARCHAR(200) NOT NULL,
    client_secret          VARCHAR(2000),
    username_claim         VARCHAR(100) NOT NULL,
    role_claim             VARCHAR(100) NOT NULL,
    platform_admin_values  VARCHAR(1000),
    tenant_admin_values    VARCHAR(1000),
    tenants_claim          VARCHAR(100) NOT NULL,
    button_label           VARCHAR(100) NOT NULL
);
