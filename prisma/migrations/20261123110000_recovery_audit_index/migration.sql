-- The staff Operations page lists what the recovery job settled: an index on the
-- action keeps that lookup to the rows it shows as the audit log grows.
CREATE INDEX "audit_events_action_id_idx" ON "audit_events"("action", "id");
