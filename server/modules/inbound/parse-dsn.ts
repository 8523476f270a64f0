// RFC 3464 delivery status notifications: the message/delivery-status part
// holds one block of per-message fields, then a block per recipient, blocks
// separated by blank lines, fields as "Name: value" with folded lines.
export type DsnRecipient = { recipient: string; action: string; status: string; diagnostic: string | null };

export function parseDeliveryStatus(text: string): DsnRecipient[] {
  const unfolded = text.replace(/\r\n/g, "\n").replace(/\n[ \t]+/g, " ");
  const blocks = unfolded
    .split(/\n\s*\n/)
    .map(fields)
    .filter((f) => f.size > 0);
  return blocks
    .filter((f) => f.has("final-recipient") || f.has("original-recipient"))
    .map((f) => ({
      recipient: addressOf(f.get("final-recipient") ?? f.get("original-recipient")!),
      action: (f.get("action") ?? "").toLowerCase(),
      status: f.get("status") ?? "",
      diagnostic: f.get("diagnostic-code")?.replace(/^smtp;\s*/i, "") ?? null,
    }));
}

/** 5.x.x is permanent; an address that failed permanently is not mailed again. */
export function isHardBounce(r: DsnRecipient): boolean {
  return r.action === "failed" && r.status.startsWith("5");
}

function fields(block: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of block.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) map.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return map;
}

// "rfc822; someone@example.org" -> "someone@example.org"
function addressOf(value: string): string {
  return value
    .replace(/^[^;]*;\s*/, "")
    .replace(/^<|>$/g, "")
    .toLowerCase();
}
