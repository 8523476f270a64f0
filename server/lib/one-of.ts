/**
 * A text column read back as the union its writers keep it to (a status, a
 * kind). A value outside the list is a bug somewhere upstream: it is thrown
 * loudly rather than answered as a shape the OpenAPI document does not allow.
 */
export function oneOf<const T extends string>(value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`"${value}" is not one of ${allowed.join(", ")}`);
  return value as T;
}
