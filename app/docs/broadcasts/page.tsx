import { Link } from "@/components/ui/link";
import { DocPage, Code, Table } from "@/components/docs/prose";
import { publicUrl } from "@/server/config/public-url";

// This deployment's address in every example, read when the page is served (KASA_PUBLIC_URL).
export const dynamic = "force-dynamic";
export const metadata = { title: "Broadcasts" };

/** Broadcasts (docs/decisions.md, "Contacts, templates and broadcasts"): contacts, lists, templates, scheduled bulk SMS and email, opt-outs. */
export default function BroadcastsDocsPage() {
  return (
    <DocPage
      title="Broadcasts"
      lead="Upload your customers, write one message with their names in it, and send it to all of them now or at a set time. Whoever replies STOP or unsubscribes is left out."
    >
      <h2 className="text-lg font-semibold">1. Contacts and lists</h2>
      <p>
        Scope <code>contacts:manage</code>. A contact has a phone (E.164; a Ghanaian local number such as 024 123 4567
        is read as +233241234567), an email, a first and last name and string attributes. There is one contact per phone
        and one per email: <code>POST /api/v1/contacts</code> creates it or updates the one it finds.
      </p>
      <Code>{`curl -X POST ${publicUrl()}/api/v1/lists -H "Authorization: Bearer $KASA_API_KEY" \\
  -H "Content-Type: application/json" -d '{ "name": "Customers" }'

curl -X POST ${publicUrl()}/api/v1/contacts/import -H "Authorization: Bearer $KASA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "list_id": "lst_…", "csv": "phone,email,first_name,city\\n0241234567,ama@example.com,Ama,Accra\\n" }'`}</Code>
      <p>
        An import reads a header row (<code>phone</code>, <code>email</code>, <code>first_name</code>,{" "}
        <code>last_name</code>; any other column becomes an attribute), checks every row, and writes the good ones
        together (all of them or none). It answers <code>{`{ imported, updated, skipped: [{ row, reason }] }`}</code>: a
        row with a bad number or address, one repeating an earlier row, or one whose phone and email are on two
        different contacts is left out and named by its line.
      </p>

      <h2 className="text-lg font-semibold">2. Templates</h2>
      <p>
        Scope <code>broadcasts:send</code>. <code>POST /api/v1/templates</code> with <code>channel</code>{" "}
        <code>sms</code> and a <code>body</code>, or <code>email</code> with a <code>subject</code> and{" "}
        <code>html</code> or <code>text</code>. Variables:
      </p>
      <Table
        head={["Write", "Gets"]}
        rows={[
          [<code key="a">{"{{first_name}}"}</code>, "The contact's first name (also last_name, phone, email)"],
          [<code key="b">{"{{attributes.city}}"}</code>, "An attribute (a column of the import)"],
          [<code key="c">{'{{first_name | "there"}}'}</code>, "A default when the contact has none"],
        ]}
      />
      <p>
        A value a contact lacks, with no default, is empty. In HTML every value is escaped. Anything else between{" "}
        <code>{"{{ }}"}</code> is refused. <code>POST /api/v1/templates/preview</code> renders a template for a contact
        (or a sample one) and, for SMS, gives the encoding, characters and segments <code>sms/send</code> would count:
        what each recipient costs.
      </p>

      <h2 className="text-lg font-semibold">3. Broadcasts</h2>
      <Code>{`curl -X POST ${publicUrl()}/api/v1/broadcasts -H "Authorization: Bearer $KASA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "name": "December sale", "channel": "sms", "list_id": "lst_…", "template_id": "tpl_…",
        "scheduled_at": "2026-12-01T09:00:00Z" }'

curl -X POST ${publicUrl()}/api/v1/broadcasts/send -H "Authorization: Bearer $KASA_API_KEY" \\
  -H "Content-Type: application/json" -d '{ "id": "brd_…" }'`}</Code>
      <p>
        A broadcast is made as a <code>draft</code> with its recipients and <code>estimated_cost</code> (per destination
        country, at its route&apos;s price). <code>/send</code> starts it now (<code>sending</code>) or at{" "}
        <code>scheduled_at</code> (<code>scheduled</code>), then <code>sent</code>; <code>/pause</code>,{" "}
        <code>/resume</code> and <code>/cancel</code> take <code>{`{ "id" }`}</code>.{" "}
        <code>GET /api/v1/broadcasts/status?id=</code> counts its recipients (<code>queued</code>, <code>sent</code>,{" "}
        <code>delivered</code>, <code>failed</code>, <code>skipped_unsubscribed</code>, <code>skipped_invalid</code>,{" "}
        <code>skipped_network</code>: on a network that has not approved your sender ID, which{" "}
        <code>{`"sender_fallback": true`}</code> sends under the default sender instead) and what it has cost.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Each recipient&apos;s message is an ordinary SMS or email: the same sender rules, content rules (SMS
          broadcasts are <code>promotional</code> unless you say <code>transactional</code>: no promotional SMS on
          Sundays in Ghana), suppression list, ledger entries, receipts and webhooks; it shows in Messages.
        </li>
        <li>
          <code>{`"shorten_links": true`}</code> (on the template or the broadcast) gives each recipient short links of
          their own in place of the body&apos;s http(s) links, counted and priced as sent; the status&apos;s{" "}
          <code>clicked</code> counts the recipients who followed one, and each first click raises{" "}
          <code>sms.clicked</code>. Link previews and crawlers are not counted.
        </li>
        <li>
          It sends at your plan&apos;s per-minute rate on a queue of its own: your API sends are not slowed by it.
        </li>
        <li>
          When the balance runs out it pauses (<code>pause_reason: insufficient_balance</code>) rather than send unpaid;
          top up and resume.
        </li>
        <li>Test keys broadcast through the sandbox: nothing leaves.</li>
      </ul>

      <h2 className="text-lg font-semibold">Opt-outs</h2>
      <p>
        A reply of <code>STOP</code>, <code>STOPALL</code>, <code>UNSUBSCRIBE</code>, <code>CANCEL</code>,{" "}
        <code>END</code>, <code>QUIT</code> or <code>ARRET</code> (any case) unsubscribes the number from your SMS
        broadcasts; <code>START</code> or <code>UNSTOP</code> brings it back. Every broadcast email carries{" "}
        <code>List-Unsubscribe</code> (a link and a mailto address) and{" "}
        <code>List-Unsubscribe-Post: List-Unsubscribe=One-Click</code>, so mail clients show an unsubscribe button. Each
        change is recorded on the contact (<code>subscribed</code>) and raises <code>contact.unsubscribed</code> or{" "}
        <code>contact.subscribed</code>. An opt-out stops broadcasts only: a one-time code or a receipt you send through
        the API still reaches them. It is kept apart from the contact: delete the contact and import it again, and it
        comes back unsubscribed. A STOP is honoured even when your last message to the number was long ago. Addresses on
        your suppression list (bounces, complaints) are skipped and counted with the unsubscribed.
      </p>

      <h2 className="text-lg font-semibold">On the dashboard</h2>
      <p>
        <strong>Contacts</strong> searches your contacts and imports a CSV after a preview: what each column becomes,
        the first rows as they will be stored, and every row that will be skipped, with why. <strong>Templates</strong>{" "}
        shows what a template becomes for a sample contact as you type, with the SMS segments it costs.{" "}
        <strong>Broadcasts</strong> makes a draft (audience, content, schedule, and the API key its messages go out
        under), shows its recipients and estimated cost before you send it, then its counts and a delivery chart as it
        goes, with pause, resume and cancel.
      </p>
      <p>
        Every field and error: <Link href="/docs/reference">API reference</Link>.
      </p>
    </DocPage>
  );
}
