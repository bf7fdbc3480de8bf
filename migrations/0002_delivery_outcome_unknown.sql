-- A delivery may end 'unknown': its batch was cut off (the worker stopped, or the provider's answer never came)
-- after it may have reached the provider, so whether the reader got the issue cannot be told here; such a reader
-- is not mailed that issue again unless the operator asks (decision 016). SQLite cannot change a CHECK in place,
-- so the table is rebuilt, its rows kept; the triggers that name it are dropped first and made again after.
DROP TRIGGER newsletter_signups_left;
DROP TRIGGER newsletter_signups_deleted;

CREATE TABLE newsletter_deliveries_next (
  issue_slug TEXT NOT NULL,
  reader_id INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('sending', 'delivered', 'refused', 'failed', 'unknown')),
  at INTEGER NOT NULL,
  PRIMARY KEY (issue_slug, reader_id)
) WITHOUT ROWID;
INSERT INTO newsletter_deliveries_next (issue_slug, reader_id, outcome, at)
SELECT issue_slug, reader_id, outcome, at FROM newsletter_deliveries;
DROP TABLE newsletter_deliveries;
ALTER TABLE newsletter_deliveries_next RENAME TO newsletter_deliveries;
CREATE INDEX newsletter_deliveries_reader ON newsletter_deliveries (reader_id);

-- As in 0001: a reader who leaves keeps only the address and its status: no times, no consent page, no deliveries.
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
