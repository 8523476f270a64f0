import type { z } from "zod";

/**
 * A message for a value of the wrong type only. Given as a schema's `error`
 * directly, zod would say it for every problem ("from must be a string" for a
 * from that is too long); this leaves the checks' own messages to them.
 */
export function typeError(message: string): (issue: z.core.$ZodRawIssue) => string | undefined {
  return (issue) => (issue.code === "invalid_type" ? message : undefined);
}
