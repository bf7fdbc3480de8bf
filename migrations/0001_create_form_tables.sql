-- Contact messages and newsletter sign-ups kept when FORMS_MODE is "d1"
-- (docs/product-rules.md rules 6.6 and 6.7). Times are ms since the epoch, UTC.

CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  message TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- The daily clean-up deletes by age.
CREATE INDEX contact_messages_created_at ON contact_messages (created_at);

-- One row per address: a second sign-up keeps the first row.
CREATE TABLE newsletter_signups (
  email TEXT PRIMARY KEY COLLATE NOCASE,
  created_at INTEGER NOT NULL
);
