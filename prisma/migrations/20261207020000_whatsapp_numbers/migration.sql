-- WhatsApp (issue #42), its first part: an account's WhatsApp Business numbers on Meta's Cloud API, and the scopes.
-- The access token and the Meta app's secret are sealed (Kasa must use them); the verify token of Meta's webhook
-- handshake is only compared, so only its SHA-256 is kept (it is shown once, when the number is connected).
CREATE TABLE "whatsapp_numbers" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "phone_number_id" TEXT NOT NULL CHECK ("phone_number_id" ~ '^[0-9]{1,32}$'),
  "waba_id" TEXT NOT NULL CHECK ("waba_id" ~ '^[0-9]{1,32}$'),
  "display_phone_number" TEXT NOT NULL,
  "verified_name" TEXT,
  "quality_rating" TEXT,
  "access_token" TEXT NOT NULL,
  "app_secret" TEXT NOT NULL,
  "verify_token_hash" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- A number is one account's: Meta sends its messages and receipts to one webhook.
CREATE UNIQUE INDEX "whatsapp_numbers_phone_number_id_key" ON "whatsapp_numbers"("phone_number_id");
CREATE INDEX "whatsapp_numbers_account_id_created_at_idx" ON "whatsapp_numbers"("account_id", "created_at");

-- A key made with every scope there was (a full-access key) gets WhatsApp's too; one chosen narrower keeps its own.
UPDATE "api_keys" SET "scopes" = "scopes" || ARRAY['whatsapp:manage', 'whatsapp:send']
WHERE "scopes" @> ARRAY['sms:send', 'email:send', 'webhooks:manage', 'data:purchase', 'airtime:purchase',
                        'transactions:read', 'domains:manage', 'senders:manage', 'account:read', 'verify:send',
                        'contacts:manage', 'broadcasts:send', 'lookup:read', 'analytics:read', 'ussd:manage']::text[]
  AND NOT ('whatsapp:manage' = ANY("scopes"));

-- What Meta posts to a number's webhook, kept as it came (signature checked) before Meta is answered: statuses and
-- inbound messages are read from here (issue #42, point 4), so none is lost when Kasa answers 200.
CREATE TABLE "whatsapp_webhook_payloads" (
  "id" BIGSERIAL PRIMARY KEY,
  "number_id" TEXT NOT NULL REFERENCES "whatsapp_numbers"("id") ON DELETE CASCADE,
  "body" JSONB NOT NULL,
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "processed_at" TIMESTAMPTZ(3)
);
CREATE INDEX "whatsapp_webhook_payloads_unprocessed_idx" ON "whatsapp_webhook_payloads"("id") WHERE "processed_at" IS NULL;
CREATE INDEX "whatsapp_webhook_payloads_number_id_idx" ON "whatsapp_webhook_payloads"("number_id");
