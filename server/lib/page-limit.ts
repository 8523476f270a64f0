// `limit` of a list read a page at a time: a whole number from 1 to 100, from the query string.
import { z } from "zod";

const MESSAGE = "limit must be a whole number from 1 to 100";

export const pageLimitInput = z.coerce
  .number({ error: MESSAGE })
  .int(MESSAGE)
  .min(1, MESSAGE)
  .max(100, MESSAGE)
  .optional();
