-- An SMS may wait for its window (issue #40): scheduled (held, not yet charged), then sent; or cancelled before it
-- left. Its own migration: a value added to an enum cannot be used in the transaction that added it.
ALTER TYPE "sms_status" ADD VALUE 'scheduled';
ALTER TYPE "sms_status" ADD VALUE 'cancelled';
