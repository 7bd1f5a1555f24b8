-- The outbound addresses a platform admin allowed in the admin UI, beside the host configuration's
-- corrigo.outbound.allow: host names, IP addresses, host:port or CIDR ranges that plugin settings and connectors may
-- reach although they are loopback, private or link-local (an intranet, a model server on the local network).
-- Platform-wide, not a tenant's; applied by every host without a restart.
CREATE TABLE outbound_allow (
    entry       VARCHAR(300) NOT NULL PRIMARY KEY,
    note        VARCHAR(300),
    created_by  VARCHAR(200) NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
