import { fromWebRequest } from "./api-request";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** A Web Request's body as text, refused with 413 as soon as it passes the cap (callbacks use it). */
export function readBody(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  return fromWebRequest(request).readBody(maxBytes);
}
