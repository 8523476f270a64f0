import type { z } from "zod";
import { validateInput } from "../errors/validate-input";

/**
 * A tRPC input parser from a use case's own schema, checked the way /api/v1
 * checks it, so the dashboard gets the same codes and messages as the API.
 * It has zod's shape for tRPC (`_input`/`_output` carry the types, `parse`
 * runs), so it chains with the account's own input like a zod object.
 */
export function useCaseInput<S extends z.ZodType>(schema: S) {
  return {
    _input: undefined as unknown as z.input<S>,
    _output: undefined as unknown as z.output<S>,
    parse: (raw: unknown): z.output<S> => validateInput(schema, (raw ?? {}) as Record<string, unknown>) as z.output<S>,
  };
}
