// How deep a JSON text nests, found by one pass over its characters before it
// is parsed. Every later step that walks a body (the idempotency fingerprint,
// validation, logging) recurses; a body 100,000 arrays deep would overflow the
// stack in one of them. No Kasa request needs more than a handful of levels.
export const MAX_JSON_DEPTH = 32;

/** Whether `text` opens more than `limit` arrays or objects inside one another (strings are skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
