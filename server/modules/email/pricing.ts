/** USD 0.001 per recipient (to + cc + bcc); moves to the pricing table with the rest of email (docs/decisions.md, "Sending"). */
export const EMAIL_PRICE_PER_RECIPIENT_MICROS = 1_000n;
export const EMAIL_CURRENCY = "USD";

/** The ledger's words for one message's reservation, capture and refund. */
export const emailChargeReason = (recipients: number) => `Email to ${recipients} recipient${recipients > 1 ? "s" : ""}`;
