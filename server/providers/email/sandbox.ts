import { EmailRejected, EmailUnavailable, type EmailTransport, type OutboundEmail } from "./transport";

/** Test keys' transport: nothing leaves the process. Two magic recipients walk the failure branches. */
export const SANDBOX_EMAIL = { rejected: "rejected@sandbox.kasa.dev", relayDown: "relay-down@sandbox.kasa.dev" } as const;

export const sandboxEmailTransport: EmailTransport = {
  name: "sandbox",
  async send(message: OutboundEmail) {
    const everyone = [...message.to, ...message.cc, ...message.bcc].join(" ");
    if (everyone.includes(SANDBOX_EMAIL.rejected)) throw new EmailRejected("550 5.1.1 Recipient address rejected (simulated)", 550);
    if (everyone.includes(SANDBOX_EMAIL.relayDown)) throw new EmailUnavailable("Mail relay unreachable (simulated)");
    return { messageId: message.messageId };
  },
};
