// The pieces every module's answer schemas share (server/modules/<domain>/schemas.ts): what the endpoints answer
// inside `data`, as zod schemas the OpenAPI document is generated from.
import { z } from "zod";

/** Money as every answer gives it. */
export const price = z.object({ amount: z.number(), currency: z.string() });
/** Loose objects: SPEC 9.4, clients ignore fields they do not know. */
export const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
export const timestamp = z.string().describe("ISO 8601, UTC");
/** What a DELETE answers. */
export const deleted = z.object({ id: z.string(), deleted: z.literal(true) });
