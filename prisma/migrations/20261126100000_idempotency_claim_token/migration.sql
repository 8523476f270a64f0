-- Which request holds an in-flight key. A request that outlives its lock (a starved process, a long pause) must
-- not create its transaction after another request took the key over: the statement that creates it binds the
-- key only while it still holds this token, and creates nothing otherwise (docs/decisions.md, Idempotency).
ALTER TABLE "idempotency_keys" ADD COLUMN "claim_token" TEXT;
