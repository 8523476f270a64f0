-- What the lookup provider last said about a number (docs/decisions.md, "Networks and lookup"), kept for
-- LOOKUP_CACHE_HOURS so a number looked up again costs no call to the provider. No account's data: the network a
-- number is on, and its line type, as the provider answered.
CREATE TABLE "number_lookups" (
    "phone_number" TEXT NOT NULL,
    "mcc" VARCHAR(3),
    "mnc" VARCHAR(3),
    "carrier_name" TEXT,
    "line_type" TEXT,
    "looked_up_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "number_lookups_pkey" PRIMARY KEY ("phone_number")
);
CREATE INDEX "number_lookups_looked_up_at_idx" ON "number_lookups"("looked_up_at");
