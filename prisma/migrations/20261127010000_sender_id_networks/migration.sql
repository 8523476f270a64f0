-- Sender IDs approved per network (issue #40): in Ghana each network (MTN, Telecel, AT, Glo) approves a sender ID
-- on its own, with a company document and a sample message, and drops a name it has not approved.

-- What the networks ask for with an application.
ALTER TABLE "sender_ids" ADD COLUMN "sample_message" TEXT, ADD COLUMN "company_name" TEXT;

-- One decision per network of the sender ID's country. A country with no networks on record keeps the sender ID's
-- own status, decided for the whole country. The sender ID's status sums its networks' up: approved when one
-- approved it (it can be used there), rejected when every one rejected it, pending otherwise.
CREATE TABLE "sender_id_networks" (
  "sender_id_id" TEXT NOT NULL REFERENCES "sender_ids"("id") ON DELETE CASCADE,
  "network_id" TEXT NOT NULL REFERENCES "mobile_networks"("id") ON DELETE RESTRICT,
  "status" TEXT NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'approved', 'rejected')),
  -- A rejection says why (the network's reason, shown to the customer).
  "reason" TEXT,
  "decided_by" TEXT,
  "decided_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "sender_id_networks_pkey" PRIMARY KEY ("sender_id_id", "network_id"),
  CONSTRAINT "sender_id_networks_rejection_has_reason" CHECK ("status" <> 'rejected' OR "reason" IS NOT NULL)
);
-- The staff queue: what each network has still to decide, oldest first.
CREATE INDEX "sender_id_networks_pending_idx" ON "sender_id_networks"("network_id", "created_at") WHERE "status" = 'pending';

-- Existing per-country decisions become decisions on every network of the country.
INSERT INTO "sender_id_networks" ("sender_id_id", "network_id", "status", "reason", "decided_by", "decided_at", "created_at")
SELECT s."id", n."id", s."status",
       CASE WHEN s."status" = 'rejected' THEN coalesce(s."decision_note", 'Rejected') END,
       s."decided_by", s."decided_at", s."created_at"
FROM "sender_ids" s JOIN "mobile_networks" n ON n."country_iso" = s."country_iso";

-- Supporting documents (a company registration, a letter of authorisation): PDF, PNG or JPEG as their first bytes
-- say, 5 MB each, 3 per application. Kept in the database, never under the web root; read only by the account's
-- members and staff, and served as attachments, never inline.
CREATE TABLE "sender_id_documents" (
  "id" TEXT PRIMARY KEY,
  "sender_id_id" TEXT NOT NULL REFERENCES "sender_ids"("id") ON DELETE CASCADE,
  "filename" TEXT NOT NULL,
  "content_type" TEXT NOT NULL CHECK ("content_type" IN ('application/pdf', 'image/png', 'image/jpeg')),
  "size_bytes" INTEGER NOT NULL CHECK ("size_bytes" > 0 AND "size_bytes" <= 5242880),
  "sha256" TEXT NOT NULL,
  "content" BYTEA NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "sender_id_documents_sender_id_id_idx" ON "sender_id_documents"("sender_id_id");
