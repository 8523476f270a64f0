-- Verify on WhatsApp (issue #42, point 5): a code sent as an authentication template, and with channel auto, an SMS
-- with the same code when WhatsApp fails or is not delivered in time. fallback_at is when the SMS is due (null: none
-- pending); the worker claims it by clearing it, so the SMS goes once.
ALTER TYPE "verification_channel" ADD VALUE 'whatsapp';
ALTER TABLE "verifications" ADD COLUMN "fallback_at" TIMESTAMPTZ(3);
CREATE INDEX "verifications_fallback_at_idx" ON "verifications"("fallback_at") WHERE "fallback_at" IS NOT NULL;
