import { DocPage, Table } from "@/components/docs/prose";
import { coverage } from "@/server/modules/coverage/coverage-cache";
import { toAmountNumber } from "@/server/lib/money";

export const metadata = { title: "Coverage" };
export const dynamic = "force-dynamic";

/** Read live from the coverage table: routes change over time (SPEC 9.5), so clients read GET /api/v1/sms/countries. */
export default async function CoveragePage() {
  const { countries, prices } = await coverage();
  const byRoute = (route: string) => countries.filter((c) => c.supported && c.route === route).length;
  return (
    <DocPage
      title="Coverage"
      lead="Kasa picks the route from the destination's country; you never choose a carrier. If a route's first carrier is unavailable the next one takes the message, at the price quoted."
    >
      <Table
        head={["Route", "Countries", "Price per segment", "Sender IDs"]}
        rows={[...prices.values()].map((p) => [
          <code key={p.route}>{p.route}</code>,
          byRoute(p.route),
          `${toAmountNumber(p.pricePerSegmentMicros)} ${p.currency}`,
          p.route === "global" ? "Vary by country" : "Registered sender IDs",
        ])}
      />
      <p>
        The full list, with each country's dialing code, route, sender ID support and mobile networks, is{" "}
        <code>GET /api/v1/sms/countries</code> (no key needed; filter with <code>route</code> or <code>q</code>), and
        the Coverage page of the dashboard. A country's <code>networks</code> (where Kasa has them on record: Ghana,
        Nigeria, Kenya and South Africa so far) give each network's name, MCC and MNC, and the number ranges first
        allocated to it; numbers can move between networks since, so the range says where a number started, not where it
        is. Sender IDs are approved per market; countries apply their own content rules (for example, no promotional SMS
        on Sundays in Ghana: send with <code>{`"category": "promotional"`}</code> and Kasa refuses it there on Sundays).
      </p>
      <p>
        Long messages are split into segments, each billed: 160 GSM-7 characters in one message or 153 per segment; 70
        UCS-2 characters or 67 per segment (one character outside GSM-7, an emoji for example, makes the whole message
        UCS-2). The limit is 1,600 characters.
      </p>
    </DocPage>
  );
}
