import { z } from "zod";

/** Money as every answer gives it. */
export const price = z.object({ amount: z.number(), currency: z.string() });
/** Loose objects: SPEC 9.4, clients ignore fields they do not know. */
export const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
