-- A deleted contact's email address (issue #26): the unsubscribe link and mailto of every broadcast email sent to
-- it name the contact, and must still work after it is deleted (RFC 8058's one click), writing the opt-out that
-- keeps a later import from mailing the address again.
CREATE TABLE "contact_tombstones" (
    "contact_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "mode" "key_mode" NOT NULL,
    "email" TEXT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_tombstones_pkey" PRIMARY KEY ("contact_id")
);
ALTER TABLE "contact_tombstones" ADD CONSTRAINT "contact_tombstones_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
