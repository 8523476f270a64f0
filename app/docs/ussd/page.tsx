import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Link } from "@/components/ui/link";
import { DocPage, Code, Table } from "@/components/docs/prose";
import { publicUrl } from "@/server/config/public-url";
import { findProductPrice } from "@/server/modules/pricing/product-price";
import { toAmountNumber } from "@/server/lib/money";
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "@/server/modules/ussd/schemas";

// The runnable example app, shown as the file it is (sdk/examples/ussd-app.ts, which a test drives through Kasa).
const EXAMPLE_APP = readFileSync(join(process.cwd(), "sdk", "examples", "ussd-app.ts"), "utf8");

// This deployment's address and its price list, read when the page is served.
export const dynamic = "force-dynamic";
export const metadata = { title: "USSD" };

/** USSD (docs/decisions.md, "USSD"): menus on any phone, through the customer's app, with a simulator. */
export default async function UssdDocsPage() {
  const price = await findProductPrice("ussd_session");
  const ghana = await findProductPrice("ussd_session:GH");
  return (
    <DocPage
      title="USSD"
      lead="Menus on every phone, smartphone or not, with no data bundle: a subscriber dials your code (*920*55#), your app draws each screen, Kasa carries them over the carrier's link."
    >
      <h2 className="text-lg font-semibold">Your app</h2>
      <p>
        Each screen is a <code>POST</code> to your code&apos;s <code>callback_url</code>, form-encoded, as Africa&apos;s
        Talking sends it, so an app written for it moves by changing a URL. Answer in <code>text/plain</code>:{" "}
        <code>CON </code> then a screen that waits for the subscriber&apos;s answer, or <code>END </code> then the last
        screen.
      </p>
      <Table
        head={["Field", "What it holds"]}
        rows={[
          [<code key="a">sessionId</code>, "The session's id (uss_…), the same on every screen of one dial."],
          [<code key="b">serviceCode</code>, "The code dialled, e.g. *920*55#."],
          [<code key="c">phoneNumber</code>, "The subscriber's number in E.164, e.g. +233241234567."],
          [
            <code key="d">networkCode</code>,
            "Their network's MCC and MNC, e.g. 62001 for MTN Ghana (empty when not known).",
          ],
          [
            <code key="e">text</code>,
            'Every answer of the session so far, joined by * ("" on the dial, then "1", then "1*1234").',
          ],
        ]}
      />
      <p>
        A whole app, runnable as it is (Node 20, the SDK; Kasa&apos;s tests walk this very file through the simulator).
        Every input is kept in the session&apos;s record (the log, the <code>ussd.session.ended</code> event), which
        your team can read: ask for no PIN or password in a menu.
      </p>
      <Code>{EXAMPLE_APP}</Code>

      <h2 className="text-lg font-semibold">Signatures</h2>
      <p>
        Every callback is signed as Kasa&apos;s <Link href="/docs/webhooks">webhooks</Link> are (Standard Webhooks&apos;{" "}
        <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>, and{" "}
        <code>X-Service-Signature</code>), over the exact form body, with the code&apos;s own{" "}
        <code>signing_secret</code> (in <code>GET /api/v1/ussd/codes</code> and on the USSD page). Refuse a callback
        whose signature does not hold: anyone can post a form to your URL.
      </p>

      <h2 className="text-lg font-semibold">Screens, pages and time</h2>
      <p>
        A phone shows 182 characters (80 when the text needs Unicode). A longer screen is cut into pages ending{" "}
        <code>98 More</code> and <code>0 Back</code>; Kasa serves those pages itself, so your app sees only real
        answers. Your app has <code>timeout_ms</code> to answer ({DEFAULT_TIMEOUT_MS} by default, at most{" "}
        {MAX_TIMEOUT_MS}: the network drops a screen it waits about ten seconds for). An answer that is late, not 2xx,
        or neither <code>CON</code> nor <code>END</code> ends the session with your <code>failure_text</code>, and the
        session&apos;s hop says why.
      </p>
      <Code>{`curl -X PATCH ${publicUrl()}/api/v1/ussd/codes/ussd_XXXXXXXXXXXXXXXXXXXX \\
  -H "Authorization: Bearer $KASA_API_KEY" -H "Content-Type: application/json" \\
  -d '{ "callback_url": "https://app.example.com/ussd", "timeout_ms": 4000 }'`}</Code>

      <h2 className="text-lg font-semibold">Try it without a phone</h2>
      <p>
        Every account has a sandbox code (<code>*384*100#</code> or the like). Dial it on the USSD page&apos;s phone, or
        with a test key; send the answer with the <code>session_id</code> you got back:
      </p>
      <Code>{`curl -X POST ${publicUrl()}/api/v1/ussd/simulate \\
  -H "Authorization: Bearer $KASA_TEST_KEY" -H "Content-Type: application/json" \\
  -d '{ "service_code": "*384*100#", "phone_number": "+233241234567" }'
# { "data": { "session_id": "uss_...", "screen": "Kasa Bank\\n1. Balance...", "continues": true, "hop": {...} } }`}</Code>

      <h2 className="text-lg font-semibold">Sessions and money</h2>
      <p>
        <code>GET /api/v1/ussd/sessions</code> lists sessions (by code, number, ending, period) and{" "}
        <code>/ussd/sessions/{"{id}"}</code> shows each hop: what your app was sent and answered, its time and
        Kasa&apos;s. A session ends as <code>app_end</code>, <code>user_abort</code>, <code>network_abort</code>,{" "}
        <code>timeout</code> (nothing for 120 s) or <code>app_error</code>, and raises <code>ussd.session.ended</code>{" "}
        with the whole session. A live session costs{" "}
        {price ? `${toAmountNumber(price.priceMicros)} ${price.currency}` : "its price"}
        {ghana ? ` (${toAmountNumber(ghana.priceMicros)} ${ghana.currency} in Ghana)` : ""}, held when it opens and
        charged once when it ends; test sessions are free. One your balance cannot pay for is not opened: the subscriber
        reads your failure text, and the log shows it as <code>insufficient_balance</code>.
      </p>
      <p>
        Live sessions count against your plan&apos;s USSD limits (per minute, day and month, as{" "}
        <Link href="/docs/rate-limits">requests do</Link>): each dial that opens a session is one. A dial over a limit
        opens nothing and costs nothing; the subscriber reads your failure text and the log shows{" "}
        <code>rate_limited</code>. The USSD page charts your sessions per day by how they ended.
      </p>

      <h2 className="text-lg font-semibold">Moving from Africa&apos;s Talking</h2>
      <p>
        Keep your app: point your code&apos;s <code>callback_url</code> at it. Add the signature check, since Kasa signs
        what Africa&apos;s Talking does not, and drop your own 98/0 paging if you wrote one. Live codes (a dedicated{" "}
        <code>*713#</code> or an extension of a shared one) are assigned by Kasa once your carrier routes them here.
        Every field and error: <Link href="/docs/reference">API reference</Link> (USSD).
      </p>
    </DocPage>
  );
}
