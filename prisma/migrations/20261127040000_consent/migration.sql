-- Consent on record (issue #40, point 7): per contact and channel, when the person agreed, how (source) and where
-- the proof is (a note). Null: no consent recorded. A STOP (sms_unsubscribed_at) withdraws it for broadcasts.
ALTER TABLE "contacts" ADD COLUMN "sms_consent_at" TIMESTAMPTZ(3),
    ADD COLUMN "sms_consent_source" TEXT,
    ADD COLUMN "sms_consent_proof" TEXT,
    ADD COLUMN "email_consent_at" TIMESTAMPTZ(3),
    ADD COLUMN "email_consent_source" TEXT,
    ADD COLUMN "email_consent_proof" TEXT,
    ADD CONSTRAINT "contacts_consent_check" CHECK (
        ("sms_consent_at" IS NULL) = ("sms_consent_source" IS NULL)
        AND ("email_consent_at" IS NULL) = ("email_consent_source" IS NULL)
        AND coalesce("sms_consent_source", 'api') IN ('import', 'api', 'form', 'keyword', 'dashboard')
        AND coalesce("email_consent_source", 'api') IN ('import', 'api', 'form', 'keyword', 'dashboard'));

-- The account's own opt-in keyword (a reply of it records SMS consent, as START does), and whether its promotional
-- email goes only to contacts with email consent (off by default).
ALTER TABLE "accounts" ADD COLUMN "consent_keyword" TEXT,
    ADD COLUMN "email_consent_required" BOOLEAN NOT NULL DEFAULT false;

-- Where promotional SMS needs consent: a country rule says so. Ghana's does (Data Protection Act 2012; NCA).
ALTER TABLE "country_rules" ADD COLUMN "requires_consent" BOOLEAN NOT NULL DEFAULT false;
UPDATE "country_rules" SET "requires_consent" = true,
       "description" = 'Promotional SMS to Ghana goes out 08:00–19:00, Monday to Saturday, Accra time, to contacts who agreed to it (NCA; Data Protection Act 2012)'
WHERE "country_iso" = 'GH' AND "category" = 'promotional';

-- A promotional broadcast's recipient without the consent its country asks for is counted apart; a broadcast may
-- state that its account holds consent elsewhere, recorded as such.
ALTER TYPE "broadcast_recipient_status" ADD VALUE 'no_consent';
ALTER TABLE "broadcasts" ADD COLUMN "consent_held_elsewhere" BOOLEAN NOT NULL DEFAULT false;
