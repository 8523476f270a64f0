import { AppError } from "../errors/app-error";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-nesting";

/** Body text -> a JSON object, or INVALID_JSON / INVALID_REQUEST (SPEC 7.3). */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    throw new AppError("INVALID_REQUEST", {
      message: `Request body nests deeper than ${MAX_JSON_DEPTH} levels`,
      context: { errors: [{ type: "too_deep", loc: ["body"], msg: `At most ${MAX_JSON_DEPTH} levels of nesting` }] },
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON", { message: "Request body is not valid JSON" });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new AppError("INVALID_REQUEST", {
      message: "Request body must be a JSON object",
      context: { errors: [{ type: "object_type", loc: ["body"], msg: "Expected a JSON object" }] },
    });
  }
  return value as Record<string, unknown>;
}
