-- Number lookup (issue #40) is a service of its own in the plan limits. A new enum value cannot be used in the
-- transaction that adds it, so the rows that use it come in the next migration.
ALTER TYPE "service" ADD VALUE 'lookup';
