import { DocPage, Code, Table } from "@/components/docs/prose";
import { listPublicPlans } from "@/server/modules/limits/list-public-plans";
import { SERVICES } from "@/server/modules/limits/services";

export const metadata = { title: "Rate limits" };
export const dynamic = "force-dynamic";

const fmt = new Intl.NumberFormat("en");

/** The table is read from the plans in the database, the same rows the limiter enforces. */
export default async function RateLimitsPage() {
  const plans = await listPublicPlans();
  return (
    <DocPage
      title="Rate limits"
      lead="Per account, per service and plan; every key of the account shares the counters. Test keys are not counted."
    >
      <p>
        Per-minute and per-day windows are fixed windows; the monthly window is the calendar month, resetting at 00:00
        UTC on the 1st. Requests refused before they reach the service (a bad key, invalid input) use no quota, nor does
        a request that failed before anything was attempted.
      </p>
      <Table
        head={["Plan", ...SERVICES.map((s) => `${s} (min / day / month)`)]}
        rows={plans.map((p) => [
          p.name,
          ...SERVICES.map((s) => {
            const l = p.limits.find((x) => x.service === s);
            return l ? `${fmt.format(l.perMinute)} / ${fmt.format(l.perDay)} / ${fmt.format(l.perMonth)}` : "—";
          }),
        ])}
      />
      <h2>Headers</h2>
      <Code>{`X-RateLimit-Limit: 200        # the tightest window's limit
X-RateLimit-Remaining: 17
X-RateLimit-Reset: 1795363260  # Unix time that window resets
Retry-After: 43                # on 429 only`}</Code>
      <p>
        Over a limit: 429 <code>RATE_LIMIT_EXCEEDED</code> with <code>limit</code>, <code>remaining</code>,{" "}
        <code>reset</code> and <code>retryAfter</code>. Wait <code>Retry-After</code> seconds; for 502 and 503, back off
        from 1 second, doubling.
      </p>
    </DocPage>
  );
}
