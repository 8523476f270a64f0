import { Link } from "@/components/ui/link";
import { DocPage, Code, Table } from "@/components/docs/prose";
import { publicUrl } from "@/server/config/public-url";
import { networkCatalogue } from "@/server/modules/networks/network-catalogue";
import { networkAnswerWithRanges } from "@/server/modules/networks/network-answer";
import { coverage } from "@/server/modules/coverage/coverage-cache";
import { describeWindow } from "@/server/modules/coverage/sending-window";

// Ghana's networks are read from the networks table, so staff changes show here.
export const dynamic = "force-dynamic";
export const metadata = { title: "Ghana" };

/**
 * Sending in Ghana (docs/decisions.md, "Networks and lookup", "Windows and consent"): its networks, their approvals,
 * numbers that move, and when promotion may go out.
 */
export default async function GhanaDocsPage() {
  const networks = (await networkCatalogue()).byCountry.get("GH") ?? [];
  const rules = (await coverage()).countryRules.filter((r) => r.countryIso === "GH");
  return (
    <DocPage
      title="Ghana"
      lead="Ghana is four mobile networks, not one country: each approves sender IDs on its own, and a number keeps its prefix when it moves to another network."
    >
      <h2 className="text-lg font-semibold">The networks</h2>
      <Table
        head={["Network", "API name", "MCC-MNC", "Ranges first allocated"]}
        rows={networks.map((n) => {
          const answer = networkAnswerWithRanges(n, "233");
          return [
            n.name,
            <code key={n.id}>{n.slug}</code>,
            answer.mncs.map((mnc) => `${answer.mcc}-${mnc}`).join(", "),
            answer.prefixes.join(", "),
          ];
        })}
      />
      <p>
        Numbers have been portable between networks since 2011: a range says where a number started. Ask where it is now
        with a <Link href="/docs/lookup">number lookup</Link>; data bundles and airtime already do (a ported 024 number
        buys its bundle on its new network, and a purchase naming its old one is refused with the network it is on).
      </p>

      <h2 className="text-lg font-semibold">Sender IDs, network by network</h2>
      <p>
        Under the NCA&apos;s framework each network approves a sender ID separately, usually in 5 to 10 business days,
        with your company&apos;s registration document and a sample message. Apply once for Ghana (the dashboard&apos;s
        Domains &amp; senders page, or <code>POST /api/v1/sender-ids</code> with <code>use_case</code>,{" "}
        <code>sample_message</code>, <code>company_name</code> and up to three PDF, PNG or JPEG documents); each network
        then answers on its own, shown per network in <code>networks</code> and raised as{" "}
        <code>sender_id.approved</code> or <code>sender_id.rejected</code> with the network and its reason.
      </p>
      <p>
        A network drops a name it has not approved, so Kasa does not send it there: a message from your sender ID to a
        number on a network that has not approved it is refused before any charge, naming the network and the ones that
        approved it. Ask for the default sender instead with <code>sender_fallback</code>:
      </p>
      <Code>{`curl -X POST ${publicUrl()}/api/v1/sms/send \\
  -H "Authorization: Bearer $KASA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "to": "+233201000001", "message": "Your order is ready", "from": "YourBrand", "sender_fallback": true }'`}</Code>
      <p>
        The answer&apos;s <code>from</code> says which sender was used. Test keys get the same answers, with the
        sandbox&apos;s numbers (<code>+233241000001</code> is an MTN number on Telecel now).
      </p>

      <h2 className="text-lg font-semibold">Promotional windows</h2>
      <p>
        Promotional SMS to Ghana goes out only in its window, Accra time; transactional messages (codes, receipts,
        alerts) are never held. Send promotion with <code>&quot;category&quot;: &quot;promotional&quot;</code>:
      </p>
      <Table head={["Category", "When it goes out"]} rows={rules.map((r) => [r.category, describeWindow(r)])} />
      <p>
        A promotional message sent outside the window is not refused: it is accepted with{" "}
        <code>&quot;status&quot;: &quot;scheduled&quot;</code> and <code>scheduled_at</code> (the next opening: one sent
        at 21:00 leaves at 08:00), raises <code>sms.scheduled</code>, and goes out by itself when the window opens. Its
        price is held from your balance and charged when it leaves. Until then, cancel it to get the hold back:
      </p>
      <Code>{`curl -X POST ${publicUrl()}/api/v1/sms/sms_.../cancel \\
  -H "Authorization: Bearer $KASA_API_KEY"`}</Code>
      <p>
        Set <code>&quot;outside_window&quot;: &quot;refuse&quot;</code> to be told instead (400{" "}
        <code>SMS_SEND_FAILED</code>, <code>reason: content_rule</code>, with <code>opens_at</code>), nothing charged. A
        promotional broadcast holds only its Ghanaian recipients at 19:00 and sends them from 08:00, while recipients
        elsewhere go on; its status lists the countries waiting and when they open, and a draft&apos;s{" "}
        <code>estimated_finish_at</code> counts the wait.
      </p>

      <h2 className="text-lg font-semibold">Consent</h2>
      <p>
        Ghana&apos;s Data Protection Act 2012 (Act 843) asks for a lawful basis, usually consent, for direct marketing,
        and the NCA asks for opt-in. Kasa keeps consent on each contact, per channel: when they agreed (
        <code>granted_at</code>), how (<code>source</code>: <code>import</code>, <code>api</code>, <code>form</code>,{" "}
        <code>keyword</code>, <code>dashboard</code>) and where the proof is (<code>proof</code>, a note). Record it
        with the contact:
      </p>
      <Code>{`curl -X POST ${publicUrl()}/api/v1/contacts \\
  -H "Authorization: Bearer $KASA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "phone": "+233241234567", "consent": { "sms": { "source": "form", "granted_at": "2026-10-01T09:30:00Z", "proof": "Sign-up form at shop.example/join, box: Deals by SMS" } } }'`}</Code>
      <p>
        or in a CSV import (a column <code>sms_consent</code> holding yes or the date they agreed, and{" "}
        <code>sms_consent_proof</code>; name your own columns with <code>consent_columns</code>), on a contact in the
        dashboard, or by keyword: a reply of START, or of your account&apos;s own opt-in word (JOIN, set on the Contacts
        page), records it with the reply as proof. <code>&quot;sms&quot;: null</code> withdraws it; a STOP withdraws it
        for broadcasts.
      </p>
      <p>
        A promotional SMS broadcast sends to Ghanaian contacts only when they have SMS consent on record; the others are
        counted as <code>no_consent</code>. If you hold consent outside Kasa, say so on the broadcast with{" "}
        <code>&quot;consent_held_elsewhere&quot;: true</code>: it is recorded on the broadcast and in your audit log.
        Transactional messages are held by neither windows nor consent. Email consent is recorded the same way; you may
        choose, on the Contacts page, to send promotional email only to contacts with it. Owners download every record
        (granted or withdrawn) as CSV from the Contacts page for an audit.
      </p>
    </DocPage>
  );
}
