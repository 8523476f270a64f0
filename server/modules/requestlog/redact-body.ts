// What the request log keeps of a body: its shape and its values, without
// what must never be stored: message bodies (SMS text, email html and text,
// attachment content) become "[redacted: N characters]", secrets (webhook
// secrets, passwords, codes, tokens, keys) "[redacted]"; long strings and long
// lists are cut, and a body still over MAX_BYTES is kept as a note only.
// WhatsApp: a template's variables carry what the message says (an authentication template's are its code), a caption too.
const MESSAGE_FIELDS = new Set(["message", "html", "text", "body", "content", "variables", "caption"]);
const SECRET_FIELDS = new Set([
  "secret",
  "password",
  "new_password",
  "token",
  "api_key",
  "apikey",
  "authorization",
  "previous_secret",
  "signing_secret",
  "access_token",
  "app_secret",
  "verify_token",
]);
// Objects whose `code` is a public fact, never a one-time code: a country's dialing code ("233"), a network's or an
// error's code. Under any other key a `code` may be what a person typed from an SMS.
const PUBLIC_CODE_OWNERS = new Set(["country", "countries", "network", "networks", "error", "errors"]);
const MAX_STRING = 300;
const MAX_ITEMS = 25;
const MAX_DEPTH = 6;
const MAX_BYTES = 16 * 1024;

export function redactBody(value: unknown): unknown {
  const redacted = walk(value, 0, null);
  const size = JSON.stringify(redacted ?? null).length;
  return size > MAX_BYTES ? { note: `body of ${size} bytes after redaction: not kept` } : redacted;
}

// PostgreSQL's jsonb refuses U+0000: one such body would fail its whole batch of log lines, again at every retry.
const noNul = (s: string) => s.replaceAll("\u0000", "\uFFFD");

/** `owner`: the key this value sits under (an array's items sit under the array's key). */
function walk(value: unknown, depth: number, owner: string | null): unknown {
  if (typeof value === "string")
    return noNul(value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} characters)` : value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map((v) => walk(v, depth + 1, owner));
    return value.length > MAX_ITEMS ? [...kept, `… ${value.length - MAX_ITEMS} more`] : kept;
  }
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => {
      const name = key.toLowerCase();
      if (SECRET_FIELDS.has(name) && v !== null && v !== undefined) return [key, "[redacted]"];
      // A one-time code (number verification, Verify) may come in any shape a person typed it ("482 913", a
      // number, a list); an error's code is an UPPER_SNAKE word and is the only `code` kept.
      if (
        name === "code" &&
        v !== null &&
        v !== undefined &&
        !(owner !== null && PUBLIC_CODE_OWNERS.has(owner)) &&
        !(typeof v === "string" && /^[A-Z][A-Z0-9_]*$/.test(v))
      )
        return [key, "[redacted]"];
      if (MESSAGE_FIELDS.has(name) && typeof v === "string") return [key, `[redacted: ${v.length} characters]`];
      // A template's variables, a list or a map of them: each value is message text.
      if (name === "variables" && v !== null && typeof v === "object") return [key, redactLeaves(v)];
      return [noNul(key), walk(v, depth + 1, name)];
    }),
  );
}

/** Every string in `value` redacted as message text, its shape kept. */
function redactLeaves(value: unknown): unknown {
  if (typeof value === "string") return `[redacted: ${value.length} characters]`;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(redactLeaves);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, MAX_ITEMS)
        .map(([k, v]) => [noNul(k), redactLeaves(v)]),
    );
  return value;
}
