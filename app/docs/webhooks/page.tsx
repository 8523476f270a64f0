import { DocPage, Code, Table } from "@/components/docs/prose";
import { VERIFY_WEBHOOK_SAMPLE } from "@/components/webhooks/verify-sample-code";
import { WEBHOOK_EVENTS } from "@/server/modules/webhooks/events";
import { RETRY_SCHEDULE_S } from "@/server/modules/webhooks/delivery-settings";
import { publicUrl } from "@/server/config/public-url";

export const metadata = { title: "Webhooks" };
export const dynamic = "force-dynamic";

const human = (s: number) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`);

export default function WebhooksDocsPage() {
  return (
    <DocPage
      title="Webhooks"
      lead="Kasa POSTs every event to your HTTPS endpoint, signed, and retries until you answer 2xx."
    >
      <Code>{`curl ${publicUrl()}/api/v1/webhooks -H "Authorization: Bearer $KASA_LIVE_KEY" -H "Content-Type: application/json" \\
  -d '{"url": "https://api.yourshop.com/kasa/events", "events": ["sms.delivered", "sms.failed", "email.bounced"]}'
# -> { "data": { "id": "…", "secret": "whsec_…", … } }   the secret is shown only here`}</Code>
      <p>
        One endpoint per account; registering again updates it (and issues a new secret). <code>{`["*"]`}</code>{" "}
        subscribes to everything, including events added later. Rotate the secret from the dashboard: for 24 hours
        deliveries are signed with both.
      </p>
      <h2>A delivery</h2>
      <Code>{`POST /kasa/events
Content-Type: application/json
User-Agent: Service-Webhook/1.0 (Kasa webhooks)
X-Service-Signature: sha256=5d41…
webhook-id: 7f7c…          webhook-timestamp: 1795363200          webhook-signature: v1,K5o…

{ "event": "sms.delivered", "transaction_id": "sms_…", "timestamp": "2026-11-22T10:00:01.000Z",
  "data": { "transaction_id": "sms_…", "type": "sms", "status": "delivered", …, "livemode": true } }`}</Code>
      <p>
        <code>data.livemode</code> says whether a live key (<code>true</code>) or a test key (<code>false</code>) made
        the event. Register the endpoint with <code>&quot;mode&quot;: &quot;live&quot;</code> or{" "}
        <code>&quot;test&quot;</code> to receive one kind only; the default, <code>&quot;both&quot;</code>, receives
        everything.
      </p>
      <p>
        Answer 2xx within 10 seconds, then do the work. Anything else (3xx included; redirects are not followed) is
        retried after {RETRY_SCHEDULE_S.map(human).join(", ")} (±10%); then the delivery is failed, and you can replay
        it from the dashboard. An endpoint that fails every attempt for 5 days, or answers 410 Gone, is disabled, and
        the dashboard says so. Deduplicate on <code>transaction_id</code> + <code>event</code> (or{" "}
        <code>webhook-id</code>): each is sent once per endpoint, but a retry can arrive after you processed the first.
      </p>
      <h2>Verify the signature (Node)</h2>
      <p>
        Both schemes sign the exact bytes you receive; verify before parsing. The <code>standardwebhooks</code> library
        verifies the second scheme with your <code>whsec_</code> secret.
      </p>
      <Code>{VERIFY_WEBHOOK_SAMPLE}</Code>
      <h2>Events</h2>
      <Table
        head={["Event", "Channel"]}
        rows={WEBHOOK_EVENTS.map((e) => [<code key={e}>{e}</code>, e.split(".")[0]])}
      />
      <p>
        Payloads are in the{" "}
        <a className="text-brand-700 underline" href="/docs/reference#webhooks">
          API reference
        </a>
        . Receivers ignore fields and events they do not know: both grow.
      </p>
    </DocPage>
  );
}
