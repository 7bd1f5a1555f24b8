-- Plugins installed, upgraded, disabled or removed through the admin UI or API, so that every host follows:
-- each host applies these rows to its own plugins directory (PluginCatalogue). Shipped plugins without a row are
-- left as each host's plugins directory has them. REMOVED rows keep a removal from being undone by another host.
CREATE TABLE plugin_catalogue (
    plugin_id   VARCHAR(100)  NOT NULL PRIMARY KEY,
    state       VARCHAR(20)   NOT NULL,
    version     VARCHAR(50),
    file_name   VARCHAR(120),
    sha256      VARCHAR(64),
    content     BYTEA,
    changed_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    changed_by  VARCHAR(200)  NOT NULL
);
