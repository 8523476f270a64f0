import { Link } from "@/components/ui/link";
import { DocPage, Code, Table } from "@/components/docs/prose";
import { publicUrl } from "@/server/config/public-url";
import { productPrice } from "@/server/modules/pricing/product-price";
import { toAmountNumber } from "@/server/lib/money";
import { SANDBOX_LOOKUPS } from "@/server/modules/lookup/sandbox-lookups";
import { MAX_LOOKUPS_PER_REQUEST } from "@/server/modules/lookup/schemas";

// This deployment's address and its price list, read when the page is served.
export const dynamic = "force-dynamic";
export const metadata = { title: "Number lookup" };

/** Number lookup (docs/decisions.md, "Networks and lookup"): the network a number is on now, ported or not. */
export default async function LookupDocsPage() {
  const price = await productPrice("lookup");
  return (
    <DocPage
      title="Number lookup"
      lead="Whether a number is real, what kind of line it is, and the network it is on now: in Ghana, as in most of Africa, a number keeps its prefix when it moves to another network."
    >
      <h2 className="text-lg font-semibold">One number</h2>
      <p>
        Your key needs the <code>lookup:read</code> scope (every new key has it). The number goes in the path, with its{" "}
        <code>+</code> as written or encoded as <code>%2B</code>.
      </p>
      <Code>{`curl ${publicUrl()}/api/v1/lookup/%2B233241000001 \\
  -H "Authorization: Bearer $KASA_API_KEY"`}</Code>
      <Code>{`{ "success": true, "data": {
  "phone_number": "+233241000001", "valid": true, "country": "GH", "calling_code": "+233",
  "national_format": "024 100 0001", "line_type": "mobile",
  "allocated_network": { "network": "mtn", "name": "MTN", "mcc": "620", "mnc": "01", "mncs": ["01"] },
  "current_network": { "network": "telecel", "name": "Telecel", "mcc": "620", "mnc": "02" },
  "ported": true, "source": "provider", "fallback": null,
  "price": 0, "currency": "USD", "transaction_id": null } }`}</Code>
      <Table
        head={["Field", "What it says"]}
        rows={[
          [
            <code key="a">allocated_network</code>,
            "The network the number's range was first given to (from its prefix).",
          ],
          [
            <code key="b">current_network</code>,
            "The network the number is on now: the lookup provider's answer, or the range's network when there is none.",
          ],
          [<code key="c">ported</code>, "The provider names a network of the country other than the range's."],
          [
            <code key="d">source</code>,
            "provider: the lookup provider answered (now, or within the hours its answers are kept). prefix: assumed from the range.",
          ],
          [
            <code key="e">fallback</code>,
            "Why a live lookup fell back to the range: no_provider, provider_timeout, provider_unreachable, provider_refused or provider_no_data (the provider knows the number but not its line).",
          ],
          [
            <code key="f">line_type</code>,
            "mobile, fixed_line, fixed_line_or_mobile, voip, toll_free, premium_rate, shared_cost, personal_number, pager, uan, voicemail or unknown.",
          ],
        ]}
      />

      <h2 className="text-lg font-semibold">Many numbers</h2>
      <Code>{`curl -X POST ${publicUrl()}/api/v1/lookup \\
  -H "Authorization: Bearer $KASA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "phone_numbers": ["+233241000001", "+233201000001", "+233301234567"] }'`}</Code>
      <p>
        Up to {MAX_LOOKUPS_PER_REQUEST} numbers: <code>data.lookups</code> holds one answer per number, in the order
        asked. Every number is checked first: one that is not E.164 answers 400 <code>INVALID_PHONE_NUMBER</code> with{" "}
        <code>field</code> naming it (<code>phone_numbers[2]</code>), and nothing is looked up or charged. A request
        counts once against your plan&apos;s lookup limits (the SMS figures, on the Usage page).
      </p>

      <h2 className="text-lg font-semibold">Money</h2>
      <p>
        With a live key, each distinct number the provider answered costs {toAmountNumber(price.priceMicros)}{" "}
        {price.currency}. The price of every number the provider could answer is held before it is asked, and once the
        answers are in, what it answered is charged and the rest given back (ledger entries under the answer&apos;s{" "}
        <code>transaction_id</code>). An answer from the number&apos;s range alone (no provider, or it did not answer in
        time) is free, and so is every test-key lookup. Your balance is checked before the provider is asked: 402{" "}
        <code>INSUFFICIENT_BALANCE</code> when it does not cover every number that could be charged. The SDK does not
        retry a lookup after it may have been answered, so one call is never paid for twice.
      </p>

      <h2 className="text-lg font-semibold">Test keys</h2>
      <p>Test keys never call the provider. These numbers answer as the provider would; any other from its range:</p>
      <Table
        head={["Number", "Answers as"]}
        rows={Object.entries(SANDBOX_LOOKUPS).map(([number, { what }]) => [<code key={number}>{number}</code>, what])}
      />
      <p>
        Where the networks come from: <Link href="/docs/coverage">Coverage</Link> lists each country&apos;s networks and
        the ranges first allocated to them. Every field and error: <Link href="/docs/reference">API reference</Link>{" "}
        (Lookup).
      </p>
    </DocPage>
  );
}
