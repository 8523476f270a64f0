import { Link } from "@/components/ui/link";
import { DocPage, Code, Table } from "@/components/docs/prose";
import { FRAUD_GUARD } from "@/server/modules/verify/fraud-guard";
import { MAX_SENDS, MAX_WRONG_CODES, RESEND_COOLDOWN_S } from "@/server/modules/verify/verification-view";
import { VERIFY_LOCALES, verifyText } from "@/server/modules/verify/verify-messages";
import { publicUrl } from "@/server/config/public-url";

// This deployment's address in every example, read when the page is served (KASA_PUBLIC_URL).
export const dynamic = "force-dynamic";
export const metadata = { title: "Verify" };

const example = (locale: string) => verifyText({ locale, brand: "Acme", ttlSeconds: 600 }, "482913");

/** Verify (docs/decisions.md, "Verify"): one-time codes on the same balance, routes and sandbox as everything else. */
export default function VerifyDocsPage() {
  return (
    <DocPage
      title="Verify"
      lead="One-time codes by SMS or email in two calls: Kasa makes the code, sends it, expires it, counts the tries and stops SMS pumping."
    >
      <h2 className="text-lg font-semibold">1. Send a code</h2>
      <p>
        Your key needs the <code>verify:send</code> scope (every new key has it).
      </p>
      <Code>{`curl -X POST ${publicUrl()}/api/v1/verify/send \\
  -H "Authorization: Bearer $KASA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "to": "+233241234567", "brand": "Acme", "idempotency_key": "signup-42" }'`}</Code>
      <Code>{`{ "success": true, "data": {
  "verification_id": "ver_8fJ2kQ…", "to": "+233241234567", "channel": "sms", "status": "pending",
  "expires_at": "2026-11-24T10:10:00.000Z", "attempts_left": 5, "sends": 1,
  "price": { "amount": 0.02, "currency": "USD" }, "created_at": "…", "approved_at": null } }`}</Code>
      <p>
        <code>to</code> is an E.164 mobile number or an email address (the <code>channel</code>, <code>sms</code> or{" "}
        <code>email</code>, defaults from it). Optional: <code>code_length</code> 4–10 (6), <code>ttl_seconds</code>{" "}
        60–3600 (600), <code>brand</code> (your account&apos;s name) and <code>locale</code> (
        {VERIFY_LOCALES.join(", ")}; en). The person gets, for instance:
      </p>
      <Code>{example("en")}</Code>
      <p>
        Sending again to the same <code>to</code> while its verification is pending resends the <em>same</em> code on
        the same verification (<code>sends</code> + 1, the expiry moved to <code>ttl_seconds</code> from now), at most{" "}
        {MAX_SENDS} times and {RESEND_COOLDOWN_S} s apart: sooner is 429 <code>RATE_LIMIT_EXCEEDED</code> with{" "}
        <code>retryAfter</code>.
      </p>

      <h2 className="text-lg font-semibold">2. Check what the person typed</h2>
      <Code>{`curl -X POST ${publicUrl()}/api/v1/verify/check \\
  -H "Authorization: Bearer $KASA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "verification_id": "ver_8fJ2kQ…", "code": "482913" }'`}</Code>
      <p>
        The answer is the same object. Trust only <code>status</code>: <code>approved</code> means the code was right. A
        wrong code answers 200 with <code>pending</code> and one attempt fewer; the {MAX_WRONG_CODES}th makes it{" "}
        <code>failed</code>, and then even the right code is refused. An approved, failed or expired verification
        answers its status and changes nothing. You may check by <code>to</code> instead of <code>verification_id</code>{" "}
        (the latest verification to it). <code>GET /api/v1/verify/status</code> looks one up.
      </p>

      <h2 className="text-lg font-semibold">Money</h2>
      <p>
        Each send is an ordinary SMS or email, charged as such from your balance (its own ledger entries, visible in
        Messages with the code masked); checks are free. An email goes from your primary verified domain, or, before you
        have one, from this deployment&apos;s own address. Sends have their own line in your plan&apos;s limits (the SMS
        figures, on the Usage page).
      </p>

      <h2 className="text-lg font-semibold">The fraud guard</h2>
      <p>On by default. Each refusal happens before anything is sent or charged:</p>
      <Table
        head={["Answer", "When"]}
        rows={[
          [
            <code key="a">403 FORBIDDEN, reason number_type</code>,
            "Not a mobile: premium-rate, shared-cost, toll-free, fixed-line or unknown ranges.",
          ],
          [
            <code key="b">403 FORBIDDEN, reason geo_permission</code>,
            "A country you have not turned on (Verify page, Countries). The default is the countries of Kasa's local African route.",
          ],
          [
            <code key="c">403 FORBIDDEN, reason fraud_guard</code>,
            `The number block (the number but its last four digits) is paused: among its last ${FRAUD_GUARD.sample} verifications of the hour (at least ${FRAUD_GUARD.minSample}, each at least ${FRAUD_GUARD.settleS / 60} minutes old), under ${FRAUD_GUARD.minApprovedShare * 100}% were approved. It lasts ${FRAUD_GUARD.blockHours} hours, raises verify.blocked, and an owner can lift it on the Verify page.`,
          ],
          [
            <code key="d">429 RATE_LIMIT_EXCEEDED</code>,
            `More than ${FRAUD_GUARD.perDestinationPerHour} new verifications or ${FRAUD_GUARD.sendsPerDestinationPerHour} codes an hour to one destination, or ${FRAUD_GUARD.sendsPerPrefixPerHour} codes an hour to one number block; a destination that failed ${FRAUD_GUARD.failedPerDestinationPerDay} verifications (five wrong codes each) in a day, for a day; a resend inside its cooldown; your plan's verify limit. With a test key the sandbox's magic numbers are exempt.`,
          ],
        ]}
      />

      <h2 className="text-lg font-semibold">Webhooks</h2>
      <p>
        <code>verify.approved</code> (a code was approved), <code>verify.failed</code> ({MAX_WRONG_CODES} wrong codes)
        and <code>verify.blocked</code> (the fraud guard paused a number block), with the verification (or the block) in{" "}
        <code>data</code>; <code>*</code> includes them. The messages themselves raise the usual <code>sms.*</code> and{" "}
        <code>email.*</code> events.
      </p>

      <h2 className="text-lg font-semibold">Test keys</h2>
      <p>
        A test key&apos;s verification is delivered by the <Link href="/docs/sandbox">sandbox</Link>, never to a phone,
        and costs nothing. Its code is shown on the dashboard&apos;s Verify page (test mode), so you can try the whole
        flow without a phone. A live code is never shown anywhere: Kasa keeps only its HMAC and, while it is pending, a
        sealed copy for resends.
      </p>
      <p>
        Every field and error: <Link href="/docs/reference">API reference</Link> (Verify).
      </p>
    </DocPage>
  );
}
