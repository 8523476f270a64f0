-- Broadcasts (issue #26), part one: contacts, lists and templates. Per account and key mode, like every other
-- resource a key makes: a test key's contacts are not a live key's (docs/decisions.md).

-- A person the account messages: at most one contact per phone and one per email in an account and mode (the
-- partial unique indexes), so an import or an API upsert finds the one it updates.
CREATE TABLE "contacts" (
  "id" TEXT PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "mode" "key_mode" NOT NULL,
  "phone" TEXT,
  "email" TEXT,
  "first_name" TEXT,
  "last_name" TEXT,
  "attributes" JSONB NOT NULL DEFAULT '{}',
  -- Opt-outs: set by a STOP reply (SMS) or a one-click unsubscribe (email); null while subscribed.
  "sms_unsubscribed_at" TIMESTAMPTZ(3),
  "email_unsubscribed_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "contacts_reachable" CHECK ("phone" IS NOT NULL OR "email" IS NOT NULL)
);
CREATE UNIQUE INDEX "contacts_one_per_phone" ON "contacts"("account_id", "mode", "phone") WHERE "phone" IS NOT NULL;
CREATE UNIQUE INDEX "contacts_one_per_email" ON "contacts"("account_id", "mode", "email") WHERE "email" IS NOT NULL;
-- The list pages newest first (created_at, id: a keyset that never skips or repeats).
CREATE INDEX "contacts_account_id_mode_created_at_id_idx" ON "contacts"("account_id", "mode", "created_at", "id");
-- Search by name: a prefix of "first last", lower-cased.
CREATE INDEX "contacts_name_prefix_idx" ON "contacts"("account_id", "mode", lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')) text_pattern_ops);

CREATE TABLE "contact_lists" (
  "id" TEXT PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "mode" "key_mode" NOT NULL,
  "name" TEXT NOT NULL,
  -- Kept by the statements that add and remove members, so a list of 100,000 says its size without counting.
  "contacts" INTEGER NOT NULL DEFAULT 0,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "contact_lists_account_id_mode_created_at_idx" ON "contact_lists"("account_id", "mode", "created_at");

CREATE TABLE "contact_list_members" (
  "list_id" TEXT NOT NULL REFERENCES "contact_lists"("id") ON DELETE CASCADE,
  "contact_id" TEXT NOT NULL REFERENCES "contacts"("id") ON DELETE CASCADE,
  "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("list_id", "contact_id")
);
CREATE INDEX "contact_list_members_contact_id_idx" ON "contact_list_members"("contact_id");

-- A list's size follows its members, whichever statement adds or removes them (an import, a delete of the contact).
CREATE FUNCTION kasa_count_list_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE contact_lists l SET contacts = contacts + n.added
    FROM (SELECT list_id, count(*) AS added FROM new_rows GROUP BY list_id) n WHERE l.id = n.list_id;
  ELSE
    UPDATE contact_lists l SET contacts = contacts - o.removed
    FROM (SELECT list_id, count(*) AS removed FROM old_rows GROUP BY list_id) o WHERE l.id = o.list_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "contact_list_members_added" AFTER INSERT ON "contact_list_members"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kasa_count_list_members();
CREATE TRIGGER "contact_list_members_removed" AFTER DELETE ON "contact_list_members"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kasa_count_list_members();

-- A message to personalise: SMS (body) or email (subject, html, text), with {{variables}}.
CREATE TYPE "template_channel" AS ENUM ('sms', 'email');
CREATE TABLE "templates" (
  "id" TEXT PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "mode" "key_mode" NOT NULL,
  "name" TEXT NOT NULL,
  "channel" "template_channel" NOT NULL,
  "body" TEXT,
  "subject" TEXT,
  "html" TEXT,
  "text" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "templates_account_id_mode_created_at_idx" ON "templates"("account_id", "mode", "created_at");

-- Full-access keys (every scope there was) get the two new ones, as Verify's migration did (docs/decisions.md).
UPDATE "api_keys" SET "scopes" = "scopes" || ARRAY['contacts:manage', 'broadcasts:send']::text[]
WHERE "scopes" @> ARRAY['sms:send', 'email:send', 'webhooks:manage', 'data:purchase', 'airtime:purchase',
                        'transactions:read', 'domains:manage', 'senders:manage', 'account:read', 'verify:send']::text[]
  AND NOT ('contacts:manage' = ANY("scopes"));
