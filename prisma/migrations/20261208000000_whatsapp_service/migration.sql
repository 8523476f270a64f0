-- WhatsApp sends (issue #42) count against the plans' rate limits as a service of their own. A new enum value cannot
-- be used in the transaction that adds it, so the rows that use it come in the next migration.
ALTER TYPE "service" ADD VALUE 'whatsapp';
