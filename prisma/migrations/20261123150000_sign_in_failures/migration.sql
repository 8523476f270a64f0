-- Failed sign-ins, counted per email and per address to make password guessing slow (issue #14); a day is kept.
CREATE TABLE "sign_in_failures" (
    "id" BIGSERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "ip" TEXT,
    "failed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sign_in_failures_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "sign_in_failures_email_failed_at_idx" ON "sign_in_failures"("email", "failed_at");
CREATE INDEX "sign_in_failures_ip_failed_at_idx" ON "sign_in_failures"("ip", "failed_at");
CREATE INDEX "sign_in_failures_failed_at_idx" ON "sign_in_failures"("failed_at");
