-- The forms database (FORMS_MODE "d1"): contact messages (rule 6.7) and the newsletter's readers, sends and
-- deliveries (rule 6.8). Times are ms since the epoch, UTC. `email` is an address as its owner wrote it, for
-- mailing; `email_key` its identity (core/email-address.ts `readEmailKey`), so two spellings are one mailbox.

CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  email_key TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  message TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
-- The daily clean-up deletes by age; a deletion on request by address.
CREATE INDEX contact_messages_created_at ON contact_messages (created_at);
CREATE INDEX contact_messages_email_key ON contact_messages (email_key);

-- One row per mailbox. Ids are never reused (AUTOINCREMENT), so a delivery row never names another reader.
-- Once a reader leaves (unsubscribed, bounced, complained) the row keeps only the address and its status, as
-- /privacy promises; the trigger below removes the rest.
CREATE TABLE newsletter_signups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  email_key TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed', 'bounced', 'complained')),
  -- The start of the current opt-in; a confirmation link names it, so a link from an earlier opt-in confirms nothing.
  requested_at INTEGER,
  -- The page the consent was given on.
  consent_source TEXT,
  confirmation_sent_at INTEGER,
  confirmed_at INTEGER
);
-- A send reads the confirmed readers in id order, a page at a time.
CREATE INDEX newsletter_signups_status ON newsletter_signups (status, id);

-- One row per issue whose send has started: the cron never starts an issue twice. Its readers are those
-- confirmed by `started_at`; `recipients` is how many were queued by the first run.
CREATE TABLE newsletter_sends (
  issue_slug TEXT PRIMARY KEY,
  started_at INTEGER NOT NULL,
  recipients INTEGER NOT NULL,
  batches INTEGER NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('cron', 'operator'))
);

-- What became of one reader of one issue: 'sending' (claimed by a batch, at the provider), 'delivered' (the
-- provider accepted it), 'refused' (the provider refused the address) or 'failed' (its batch ended in the
-- dead-letter queue). A reader with a row is never mailed that issue again; `at` is when the row was written.
CREATE TABLE newsletter_deliveries (
  issue_slug TEXT NOT NULL,
  reader_id INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('sending', 'delivered', 'refused', 'failed')),
  at INTEGER NOT NULL,
  PRIMARY KEY (issue_slug, reader_id)
) WITHOUT ROWID;
CREATE INDEX newsletter_deliveries_reader ON newsletter_deliveries (reader_id);

-- A reader who leaves keeps only the address and its status: no times, no consent page, no deliveries.
CREATE TRIGGER newsletter_signups_left AFTER UPDATE OF status ON newsletter_signups
WHEN NEW.status IN ('unsubscribed', 'bounced', 'complained')
BEGIN
  UPDATE newsletter_signups
  SET requested_at = NULL, consent_source = NULL, confirmation_sent_at = NULL, confirmed_at = NULL
  WHERE id = NEW.id;
  DELETE FROM newsletter_deliveries WHERE reader_id = NEW.id;
END;

-- A deleted reader (clean-up, request) leaves no delivery behind.
CREATE TRIGGER newsletter_signups_deleted AFTER DELETE ON newsletter_signups
BEGIN
  DELETE FROM newsletter_deliveries WHERE reader_id = OLD.id;
END;
