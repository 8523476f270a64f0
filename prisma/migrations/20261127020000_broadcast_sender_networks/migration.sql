-- Broadcasts and sender IDs approved per network (issue #40): a recipient on a network that has not approved the
-- broadcast's sender ID is counted apart (skipped_network), unless the broadcast asked for the default sender there.
ALTER TYPE "broadcast_recipient_status" ADD VALUE 'skipped_network';
ALTER TABLE "broadcasts" ADD COLUMN "sender_fallback" BOOLEAN NOT NULL DEFAULT false;
