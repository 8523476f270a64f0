// A delivery receipt in a deliver_sm (SMPP v3.4 appendix B): the text
// "id:... sub:... dlvrd:... submit date:... done date:... stat:DELIVRD err:000 text:..."
// and, when the SMSC sends them, the receipted_message_id and message_state TLVs, which win.
export type ParsedReceipt = { messageId: string; stat: string; err: string | null };

// message_state TLV values (SMPP v3.4 5.2.28).
const MESSAGE_STATES: Record<number, string> = {
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  6: "ACCEPTD",
  7: "UNKNOWN",
  8: "REJECTD",
};

export function isDeliveryReceipt(esmClass: number): boolean {
  return (esmClass & 0x3c) === 0x04;
}

export function parseDeliveryReceipt(
  text: string,
  tlvs: { receipted_message_id?: unknown; message_state?: unknown } = {},
): ParsedReceipt | null {
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S*)`, "i").exec(text)?.[1];
  const messageId =
    typeof tlvs.receipted_message_id === "string" && tlvs.receipted_message_id
      ? tlvs.receipted_message_id
      : field("id");
  const stat =
    (typeof tlvs.message_state === "number" ? MESSAGE_STATES[tlvs.message_state] : undefined) ??
    field("stat")?.toUpperCase();
  if (!messageId || !stat) return null;
  return { messageId, stat, err: field("err") ?? null };
}

/** Final states only: ENROUTE, ACCEPTD and the like say nothing yet. */
export function receiptOutcome(stat: string): "delivered" | "failed" | null {
  if (stat === "DELIVRD") return "delivered";
  if (["EXPIRED", "DELETED", "UNDELIV", "REJECTD"].includes(stat)) return "failed";
  return null;
}
