// Error text from carriers, mail relays and top-up providers is useful to a
// customer ("550 mailbox unavailable"), but a connection error carries our own
// network with it ("connect ECONNREFUSED 10.0.3.7:2775", a relay's hostname
// and port). What a customer sees has those taken out; staff read the stored
// text whole.
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)]+/gi;
const IPV4_PATTERN = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g;
// Bracketed ([fd00::12]:25), compressed (fd00::12) or written out in full (eight groups).
const IPV6_PATTERNS = [
  /\[[0-9a-f:.]*:[0-9a-f:.]*\](?::\d{1,5})?/gi,
  /(?<![\w:])(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?(?![\w:])/gi,
  /\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b/gi,
];
// A name with at least one letter (so a time like 12:30 is left alone), then a port.
const HOST_PORT_PATTERN = /\b(?=[a-z0-9.-]*[a-z])[a-z0-9-]+(?:\.[a-z0-9-]+)*:\d{2,5}\b/gi;

export function redactInternal(text: string): string;
export function redactInternal(text: string | null): string | null;
export function redactInternal(text: string | null): string | null {
  if (text === null) return null;
  return text
    .replace(URL_PATTERN, "[address]")
    .replace(IPV6_PATTERNS[0]!, "[address]")
    .replace(IPV4_PATTERN, "[address]")
    .replace(IPV6_PATTERNS[1]!, "[address]")
    .replace(IPV6_PATTERNS[2]!, "[address]")
    .replace(HOST_PORT_PATTERN, "[address]");
}
