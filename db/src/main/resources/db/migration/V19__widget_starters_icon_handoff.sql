-- The chat widget's optional extras, per tenant: starter questions shown before the first question (one per line),
-- a brand icon in its header, and a link to a person ("Contact us") offered when it abstains.
ALTER TABLE tenant ADD COLUMN widget_starters VARCHAR(1000) DEFAULT '' NOT NULL;
ALTER TABLE tenant ADD COLUMN widget_icon_url VARCHAR(500);
ALTER TABLE tenant ADD COLUMN widget_handoff_url VARCHAR(500);
ALTER TABLE tenant ADD COLUMN widget_handoff_label VARCHAR(60);
