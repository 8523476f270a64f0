import { EmailRejected, EmailUnavailable, type EmailTransport, type OutboundEmail } from "./transport";

/**
 * Test keys' transport: nothing leaves the process. Magic recipients walk
 * every branch: two fail the send itself, the others are accepted and then
 * produce the event a real recipient's server would (README, "Sandbox").
 */
export const SANDBOX_EMAIL = {
  rejected: "rejected@sandbox.kasa.dev",
  relayDown: "relay-down@sandbox.kasa.dev",
  delivered: "delivered@sandbox.kasa.dev",
  bounced: "bounced@sandbox.kasa.dev",
  complained: "complained@sandbox.kasa.dev",
  delayed: "delayed@sandbox.kasa.dev",
  suppressed: "suppressed@sandbox.kasa.dev",
} as const;

export const sandboxEmailTransport: EmailTransport = {
  name: "sandbox",
  async send(message: OutboundEmail) {
    const everyone = [...message.to, ...message.cc, ...message.bcc].join(" ");
    if (everyone.includes(SANDBOX_EMAIL.rejected))
      throw new EmailRejected("550 5.1.1 Recipient address rejected (simulated)", 550);
    if (everyone.includes(SANDBOX_EMAIL.relayDown)) throw new EmailUnavailable("Mail relay unreachable (simulated)");
    // The sandbox reports delivery like a relay with DSN (apply-sandbox-outcome.ts).
    return { messageId: message.messageId, deliveryReports: true };
  },
};
