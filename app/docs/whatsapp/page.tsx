import { Link } from "@/components/ui/link";
import { DocPage, Code, Table } from "@/components/docs/prose";
import { publicUrl } from "@/server/config/public-url";
import { whatsappPriceList } from "@/server/modules/whatsapp/whatsapp-price";
import { toAmountNumber } from "@/server/lib/money";
import { SANDBOX_DISPLAY_NUMBER, SANDBOX_TEMPLATES } from "@/server/modules/whatsapp/sandbox-number";
import { WINDOW_HOURS } from "@/server/modules/whatsapp/whatsapp-window";
import { FALLBACK_SECONDS } from "@/server/modules/verify/schemas";

// This deployment's address and its price list, read when the page is served.
export const dynamic = "force-dynamic";
export const metadata = { title: "WhatsApp" };

const CATEGORIES = ["marketing", "utility", "authentication", "service"] as const;

/** WhatsApp (docs/decisions.md, "WhatsApp"): numbers, templates, sending, receipts, the sandbox, Verify. */
export default async function WhatsappDocsPage() {
  const rows = await whatsappPriceList();
  const countries = [...new Set(rows.map((r) => r.countryIso))];
  const price = (country: string, category: string) => {
    const row = rows.find((r) => r.countryIso === country && r.category === category);
    return row ? `${toAmountNumber(row.priceMicros)} ${row.currency}` : "-";
  };
  return (
    <DocPage
      title="WhatsApp"
      lead="Send WhatsApp messages from your own Business number on Meta's Cloud API, on the same balance, events and pages as SMS: templates at any time, free-form replies inside the 24-hour window, receipts as webhooks."
    >
      <h2 className="text-lg font-semibold">Try it with the sandbox</h2>
      <p>
        Test keys send from Kasa&apos;s sandbox number ({SANDBOX_DISPLAY_NUMBER}) with no Meta account, free. It has
        Kasa&apos;s own approved templates (
        {SANDBOX_TEMPLATES.filter((t) => t.status === "APPROVED")
          .map((t) => t.name)
          .join(", ")}
        ) and reports each message delivered, then read, a moment later, as Meta would. The SMS sandbox&apos;s numbers
        mean the same here: <code>+233200000002</code> is refused, <code>+233200000005</code> fails after it was sent,{" "}
        <code>+233200000004</code> loses Meta&apos;s answer. The WhatsApp page sends one from the dashboard and shows
        the conversation.
      </p>
      <Code>{`curl ${publicUrl()}/api/v1/whatsapp/send \\
  -H "Authorization: Bearer $KASA_TEST_KEY" -H "Content-Type: application/json" \\
  -d '{ "to": "+233200000001",
        "template": { "name": "kasa_order_update", "language": "en", "variables": ["Ama", "#1042"] } }'`}</Code>

      <h2 className="text-lg font-semibold">Connect your number</h2>
      <p>
        In Meta&apos;s App Dashboard, give Kasa the number&apos;s <em>Phone number ID</em>, its{" "}
        <em>WhatsApp Business Account ID</em>, a system user&apos;s permanent token (with{" "}
        <code>whatsapp_business_messaging</code> and <code>whatsapp_business_management</code>) and the app&apos;s
        secret, with a live key or on the WhatsApp page. Kasa asks Meta for the number before keeping anything, seals
        the token and secret, and answers a <code>webhook_url</code> and a <code>verify_token</code> (shown once): set
        them as your app&apos;s WhatsApp webhook and subscribe it to <code>messages</code>. Several numbers of one Meta
        app share that one callback: Kasa sends each change to the number Meta names in it.
      </p>
      <Code>{`curl ${publicUrl()}/api/v1/whatsapp/numbers \\
  -H "Authorization: Bearer $KASA_LIVE_KEY" -H "Content-Type: application/json" \\
  -d '{ "phone_number_id": "106540352242922", "waba_id": "102290129340398",
        "access_token": "EAAG…", "app_secret": "…" }'`}</Code>

      <h2 className="text-lg font-semibold">Templates and the {WINDOW_HOURS}-hour window</h2>
      <p>
        <code>GET /api/v1/whatsapp/templates?number_id=</code> lists your number&apos;s templates as Meta approved them
        (read again every 15 minutes, or with <code>refresh=true</code>; a change raises{" "}
        <code>whatsapp.template_updated</code>). Only <code>APPROVED</code> ones send, with one variable per{" "}
        <code>{"{{n}}"}</code>. Text, images and documents (by https link) are allowed only within {WINDOW_HOURS} hours
        of the person&apos;s last message to your number; outside it Kasa answers 400 <code>INVALID_REQUEST</code>{" "}
        (reason <code>outside_customer_service_window</code>, with <code>window_closed_at</code>) and charges nothing.{" "}
        <code>GET /api/v1/whatsapp/messages?contact=&amp;number_id=</code> says whether the window is open.
      </p>

      <h2 className="text-lg font-semibold">Prices and money</h2>
      <p>
        By the person&apos;s country and what Meta bills the message as: the template&apos;s category, or{" "}
        <code>service</code> for text and media. The price is held when you send and charged when Meta says delivered or
        read; a message Meta refuses or fails is refunded. When Meta&apos;s answer is lost the send answers{" "}
        <code>status: &quot;unknown&quot;</code>: Kasa never sends it again (it may have reached the person) and the
        first status Meta posts for it settles it.
      </p>
      <Table
        head={["Country", ...CATEGORIES]}
        rows={countries.map((c) => [c === "*" ? "Everywhere else" : c, ...CATEGORIES.map((k) => price(c, k))])}
      />

      <h2 className="text-lg font-semibold">Receipts and messages</h2>
      <p>
        Meta&apos;s statuses become <code>whatsapp.sent</code>, <code>whatsapp.delivered</code>,{" "}
        <code>whatsapp.read</code> and <code>whatsapp.failed</code> (Meta&apos;s code, and a <code>reason</code> with
        what to do), once each and in order, however Meta posts them. A person&apos;s message is{" "}
        <code>whatsapp.received</code> with their profile name; a photo or document comes as a Kasa link valid 7 days.
        Every event is signed as your <Link href="/docs/webhooks">webhooks</Link> are.
      </p>

      <h2 className="text-lg font-semibold">Codes on WhatsApp</h2>
      <p>
        <Link href="/docs/verify">Verify</Link> takes <code>channel: &quot;whatsapp&quot;</code> (your approved
        authentication template, the code in its copy-code button) and <code>channel: &quot;auto&quot;</code>: WhatsApp
        first, then an SMS with the same code if Meta refuses it or it is not delivered within{" "}
        <code>fallback_seconds</code> ({FALLBACK_SECONDS.default} by default). Each message is charged as what it is.
        Every field and error: <Link href="/docs/reference">API reference</Link> (WhatsApp).
      </p>
    </DocPage>
  );
}
