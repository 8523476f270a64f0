-- The worker removes domains left unverified for a week; it finds them without reading the verified ones.
CREATE INDEX "sender_domains_pending_created_at_idx" ON "sender_domains" ("created_at") WHERE status = 'pending';
