-- RFC 6238 section 5.2: a code, once accepted, is not accepted again. The last time step used is kept per person.
ALTER TABLE "users" ADD COLUMN "totp_last_step" BIGINT;
