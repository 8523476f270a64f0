import { DocPage, Table } from "@/components/docs/prose";
import { SANDBOX_EMAIL, SANDBOX_NUMBERS, SANDBOX_TOPUP_SUFFIXES } from "@/server/modules/sandbox/sandbox-behaviour";
import { SANDBOX_SENDER } from "@/server/modules/email/resolve-sender";

export const metadata = { title: "Sandbox" };

// The values come from the sandbox adapters themselves; only the explanations are written here.
const SMS: Record<keyof typeof SANDBOX_NUMBERS, string> = {
  delivered:
    "Accepted (sent), then delivered about 2 seconds later (sms.delivered). Any other valid number behaves the same.",
  rejected: "The carrier rejects it (recipient opted out): 400 SMS_SEND_FAILED.",
  carrierDown: "The carrier is failing: 503 SMS_SEND_FAILED; retry with the same idempotency_key.",
  timeout: "The carrier does not answer in time: 503 SMS_SEND_FAILED.",
  undelivered: "Accepted (sent), then failed about 2 seconds later (sms.failed).",
};
const EMAIL: Record<keyof typeof SANDBOX_EMAIL, string> = {
  delivered: "email.sent, then email.delivered.",
  bounced: "email.sent, then email.bounced (status failed, a 550 reason); the address is suppressed for the account.",
  complained: "email.delivered, then email.complained; the address is suppressed.",
  delayed: "email.sent, then email.delivery_delayed.",
  suppressed: "Never attempted: status suppressed, email.suppressed, nothing charged.",
  rejected: "The relay refuses it: 400 EMAIL_SEND_FAILED.",
  relayDown: "The relay is unreachable: 503 EMAIL_SEND_FAILED.",
};
const TOPUPS: Record<keyof typeof SANDBOX_TOPUP_SUFFIXES, string> = {
  delivered: "Delivered at once: 201, success (any other number too).",
  declined: "Declined: 400 PURCHASE_FAILED with provider_message.",
  pendingThenDelivered: "201 pending, then success when the worker reconciles it.",
  providerDown: "Provider unreachable: 502 PROVIDER_ERROR, nothing charged.",
  noAnswerDelivered: "No answer in time: 502 PROVIDER_ERROR with status pending, then reconciled as delivered.",
  noAnswerFailed: "No answer in time, then reconciled as never received: failed, refunded.",
};

export default function SandboxPage() {
  return (
    <DocPage
      title="Sandbox"
      lead="Test keys reach the sandbox: nothing leaves Kasa and nothing is charged, and these recipients walk every branch your code must handle."
    >
      <h2>SMS recipients</h2>
      <Table
        head={["to", "What happens"]}
        rows={Object.entries(SANDBOX_NUMBERS).map(([k, v]) => [<code key={k}>{v}</code>, SMS[k as keyof typeof SMS]])}
      />
      <h2>Email sender</h2>
      <p>
        No domain yet? Test keys send from <code>{SANDBOX_SENDER}</code> (any display name), and do so when you leave{" "}
        <code>from</code> out and the account has no verified domain. Its mail stays in the sandbox: live keys are
        refused it, so verify a domain of your own before going live.
      </p>
      <h2>Email recipients</h2>
      <Table
        head={["to", "What happens"]}
        rows={Object.entries(SANDBOX_EMAIL).map(([k, v]) => [<code key={k}>{v}</code>, EMAIL[k as keyof typeof EMAIL]])}
      />
      <h2>Data bundles and airtime</h2>
      <p>
        The last seven digits of the recipient choose (for example <code>0240000003</code> or <code>+233240000003</code>
        ). Sandbox operators: MTN Ghana 150, Telecel Ghana 151, AirtelTigo Ghana 152, MTN Nigeria 341, Safaricom Kenya
        560.
      </p>
      <Table
        head={["Ends in", "What happens"]}
        rows={Object.entries(SANDBOX_TOPUP_SUFFIXES).map(([k, v]) => [
          <code key={k}>{v}</code>,
          TOPUPS[k as keyof typeof TOPUPS],
        ])}
      />
    </DocPage>
  );
}
