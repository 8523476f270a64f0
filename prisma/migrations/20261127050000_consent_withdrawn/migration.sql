-- A consent withdrawn keeps its record (issue #40, point 7; an attacker-style review): when, how and the proof of the
-- grant stay, and the withdrawal is dated beside them, so "why did this number get last week's promotion" can still
-- be answered after it. Consent holds while a grant is on record and not withdrawn; a new grant clears the date.
ALTER TABLE "contacts" ADD COLUMN "sms_consent_withdrawn_at" TIMESTAMPTZ(3),
    ADD COLUMN "email_consent_withdrawn_at" TIMESTAMPTZ(3);

-- Transactional messages are never held (docs/decisions.md, "Windows and consent"): a transactional rule an older
-- content rule became would only be listed in the console, never applied.
DELETE FROM "country_rules" WHERE "category" <> 'promotional';
