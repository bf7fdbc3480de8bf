-- What became of each reader of a send (rule 6.8), so a send whose every reader has a row is finished:
-- 'delivered' (the mail binding accepted it), 'skipped' (no longer confirmed when the batch ran) or
-- 'failed' (the batch ended in the dead-letter queue). sent_at is when the outcome was recorded.
ALTER TABLE newsletter_deliveries ADD COLUMN outcome TEXT NOT NULL DEFAULT 'delivered'
  CHECK (outcome IN ('delivered', 'skipped', 'failed'));
