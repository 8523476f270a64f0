-- The Overview's "Get started" checklist (issue #17): hidden per member, not per account, so one teammate
-- closing it does not hide it from a newcomer. Null: shown.
ALTER TABLE "memberships" ADD COLUMN "get_started_hidden_at" TIMESTAMPTZ(3);

-- The checklist's "webhook receiving" step, and what the Webhooks page can say about an endpoint: when a delivery to
-- it first succeeded. Set once by the delivery worker (an update that matches nothing afterwards), so the step is one
-- row to read, not a search through the account's deliveries for a success.
ALTER TABLE "webhook_endpoints" ADD COLUMN "first_delivered_at" TIMESTAMPTZ(3);
UPDATE "webhook_endpoints" e SET "first_delivered_at" = (
  SELECT min(coalesce(d."delivered_at", d."created_at")) FROM "webhook_deliveries" d
  WHERE d."endpoint_id" = e."id" AND d."status" = 'succeeded'
);

-- The checklist's "balance topped up" step: one probe, however many payments an account started and abandoned.
CREATE INDEX "payments_account_id_succeeded_idx" ON "payments"("account_id") WHERE "status" = 'success';
