-- The newsletter's double opt-in, unsubscribe and per-issue delivery (docs/product-rules.md, "Newsletter").
-- Times are ms since the epoch, UTC. Sign-ups kept before this migration never received a confirmation,
-- so they start as pending with no mail sent: the next sign-up of that address sends one.

ALTER TABLE newsletter_signups ADD COLUMN status TEXT NOT NULL DEFAULT 'pending'
  CHECK (status IN ('pending', 'confirmed', 'unsubscribed'));
-- The start of the current opt-in; a confirmation link names it, so a link from an earlier opt-in confirms nothing.
ALTER TABLE newsletter_signups ADD COLUMN requested_at INTEGER;
-- The page the consent was given on.
ALTER TABLE newsletter_signups ADD COLUMN consent_source TEXT NOT NULL DEFAULT '';
ALTER TABLE newsletter_signups ADD COLUMN confirmation_sent_at INTEGER;
ALTER TABLE newsletter_signups ADD COLUMN confirmed_at INTEGER;
ALTER TABLE newsletter_signups ADD COLUMN unsubscribed_at INTEGER;
UPDATE newsletter_signups SET requested_at = created_at;

-- The send reads confirmed readers in address order, one batch at a time.
CREATE INDEX newsletter_signups_status ON newsletter_signups (status, email);

-- One row per issue and reader once the mail was accepted for delivery: a retry or a second run skips it.
CREATE TABLE newsletter_deliveries (
  issue_slug TEXT NOT NULL,
  email TEXT NOT NULL,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (issue_slug, email)
) WITHOUT ROWID;

-- One row per issue whose send has started: the cron never starts an issue twice.
CREATE TABLE newsletter_sends (
  issue_slug TEXT PRIMARY KEY,
  started_at INTEGER NOT NULL,
  recipients INTEGER NOT NULL,
  batches INTEGER NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('cron', 'operator'))
);
