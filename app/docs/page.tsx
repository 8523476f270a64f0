import { Link } from "@/components/ui/link";
import { DocPage, Code } from "@/components/docs/prose";
import { publicUrl } from "@/server/config/public-url";
import { coverage } from "@/server/modules/coverage/coverage-cache";
import { toAmountNumber } from "@/server/lib/money";
import { SANDBOX_SENDER } from "@/server/modules/email/resolve-sender";

export const metadata = { title: "Quick start" };
export const dynamic = "force-dynamic";

export default async function QuickStartPage() {
  const base = `${publicUrl()}/api/v1`;
  // The example answer quotes the real price of the route a Ghanaian number takes.
  const { byIso, prices } = await coverage();
  const route = byIso.get("GH")?.route ?? "africa_local";
  const price = prices.get(route);
  return (
    <DocPage
      title="Quick start"
      lead="Send your first SMS and email in a minute, with a test key: the sandbox sends nothing and charges nothing, but answers and raises events exactly as live does."
    >
      <p>
        1.{" "}
        <Link href="/signup" className="text-brand-700 underline">
          Create an account
        </Link>
        . The welcome step shows your test key (<code>kasa_test_…</code>) once, with this request filled in and a button
        that sends it; more keys, live ones too, are made on the API keys page.
      </p>
      <p>2. Send an SMS, with curl or the TypeScript SDK:</p>
      <Code>{`curl ${base}/sms/send \\
  -H "Authorization: Bearer $KASA_TEST_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"to": "+233200000001", "message": "Hello from Kasa", "idempotency_key": "order-1042"}'`}</Code>
      <Code>{`import { Kasa } from "@kasa/sdk"; // npm pack in sdk/ makes the package

const kasa = new Kasa({ apiKey: process.env.KASA_TEST_KEY, baseUrl: "${publicUrl()}" });
const sms = await kasa.sms.send({ to: "+233200000001", message: "Hello from Kasa" }); // an idempotency key is added
console.log(sms.transaction_id, sms.status);`}</Code>
      <p>
        Either way the answer is the same (the SDK resolves to its <code>data</code>, and throws a{" "}
        <code>KasaError</code> with the error&apos;s code instead of returning it):
      </p>
      <Code>{`{ "success": true, "data": { "transaction_id": "sms_…", "status": "sent", "segments": 1, "route": "${route}", "price": { "amount": ${price ? toAmountNumber(price.pricePerSegmentMicros) : 0}, "currency": "${price?.currency ?? "USD"}" }, … } }`}</Code>
      <p>
        3. Send an email. No domain yet? A test key sends from the sandbox sender, <code>{SANDBOX_SENDER}</code>, when
        you leave <code>from</code> out; once you verify a domain on the Domains &amp; senders page, send from any
        address on it (live keys need one):
      </p>
      <Code>{`curl ${base}/email/send \\
  -H "Authorization: Bearer $KASA_TEST_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"to": "delivered@sandbox.kasa.dev", "subject": "Your receipt", "text": "Thanks!"}'`}</Code>
      <p>
        4. Follow it: <code>GET {base}/sms/status?transaction_id=sms_…</code>, the Messages page, or a{" "}
        <Link href="/docs/webhooks" className="text-brand-700 underline">
          webhook
        </Link>
        .
      </p>
      <p>5. Go live: add money on the Billing page and use your live key. Same requests, real carriers.</p>
      <h2>Every answer</h2>
      <p>
        <code>{`{ "success": true, "data": … }`}</code> or{" "}
        <code>{`{ "success": false, "error": { "code", "message", "docs_url", … } }`}</code>. Handle errors by{" "}
        <code>error.code</code> (
        <Link href="/docs/errors" className="text-brand-700 underline">
          the list
        </Link>
        ).
      </p>
    </DocPage>
  );
}
