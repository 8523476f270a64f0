import { z } from "zod";
import { answersWith } from "../errors/field-codes";

/** `?id=` of a DELETE (SPEC 4.7): required, and its absence is MISSING_ID. */
export function idQueryInput(what: string) {
  return z.object({
    id: answersWith(z.string().min(1).max(100).describe(`The ${what}'s id`), {
      code: "MISSING_ID",
      missing: "Missing required query parameter: id",
    }),
  });
}
