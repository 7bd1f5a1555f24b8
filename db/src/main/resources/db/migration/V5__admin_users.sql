-- Admin users of the web UI and the REST API. A platform admin sees everything; a tenant admin only the tenants
-- listed in admin_user_tenant. Passwords are stored as Spring Security encoded hashes ({bcrypt}...), never plain.
CREATE TABLE admin_user (
    username       VARCHAR(60)  NOT NULL PRIMARY KEY,
    password_hash  VARCHAR(200) NOT NULL,
    role           VARCHAR(20)  NOT NULL,
    enabled        BOOLEAN      NOT NULL,
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE admin_user_tenant (
    username   VARCHAR(60) NOT NULL REFERENCES admin_user (username) ON DELETE CASCADE,
    tenant_id  VARCHAR(40) NOT NULL REFERENCES tenant (id),
    PRIMARY KEY (username, tenant_id)
);
