import { z } from "zod";
import { typeError } from "../../errors/type-error";

/** SPEC 8.2's `idempotency_key`, one schema for every endpoint that takes it, with messages that say what is wrong. */
export const idempotencyKeyInput = z
  .string({ error: typeError("idempotency_key must be a string") })
  .min(1, "idempotency_key must not be empty: give 1 to 255 characters, or leave it out")
  .max(255, "idempotency_key must be at most 255 characters");
