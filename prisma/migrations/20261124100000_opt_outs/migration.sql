-- Opt-outs kept apart from contacts (issue #26): a number that replied STOP, or an address that unsubscribed, stays
-- out of the account's broadcasts when its contact is deleted and imported again, or when it never was a contact
-- (a STOP to an owned sender from a number last written to long ago). A contact made or given that phone or email
-- later starts unsubscribed.
CREATE TABLE "opt_outs" (
    "account_id" TEXT NOT NULL,
    "mode" "key_mode" NOT NULL,
    "channel" "template_channel" NOT NULL,
    "address" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "opt_outs_pkey" PRIMARY KEY ("account_id", "mode", "channel", "address")
);
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "opt_outs" ("account_id", "mode", "channel", "address", "created_at")
SELECT "account_id", "mode", 'sms'::"template_channel", "phone", "sms_unsubscribed_at" FROM "contacts"
WHERE "phone" IS NOT NULL AND "sms_unsubscribed_at" IS NOT NULL
UNION ALL
SELECT "account_id", "mode", 'email'::"template_channel", "email", "email_unsubscribed_at" FROM "contacts"
WHERE "email" IS NOT NULL AND "email_unsubscribed_at" IS NOT NULL;

-- The contacts search's email prefix (q with an @ that is not a whole address) from an index, at any size.
CREATE INDEX "contacts_email_prefix_idx" ON "contacts"("account_id", "mode", "email" text_pattern_ops) WHERE "email" IS NOT NULL;
