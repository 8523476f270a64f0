-- Prepaid sends move money in three steps (issue #3). New enum values must be
-- committed before a constraint can name them, hence a migration of their own.
ALTER TYPE "ledger_kind" ADD VALUE 'reserve';
ALTER TYPE "ledger_kind" ADD VALUE 'capture';
ALTER TYPE "ledger_kind" ADD VALUE 'refund';
