-- The bulk mail provider's events act once, and only on a reader a message of ours was sent to (rule 6.8,
-- decision 016). The provider signs only a timestamp and a token, not the event itself.

-- The provider's id of the message that reached this reader (set with `delivered`, without angle brackets). An
-- event names it, and acts only on a reader whose row holds it. Rows written before this column have none.
ALTER TABLE newsletter_deliveries ADD COLUMN message_id TEXT;
CREATE INDEX newsletter_deliveries_message_id ON newsletter_deliveries (message_id);

-- Every signed event's token, kept until its signature's lifetime ends (`expires_at`, ms), so a replayed event is
-- refused. `request_id` names the request that recorded it: only that request's event may act.
CREATE TABLE newsletter_event_tokens (
  token TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL,
  request_id TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX newsletter_event_tokens_expires_at ON newsletter_event_tokens (expires_at);
