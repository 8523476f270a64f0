import { Link } from "../ui/link";
import { utcTime } from "../ui/format-time";
import type { OpenCarrierAlert } from "@/server/modules/operations/open-carrier-alerts";
import { networkLabel, percent } from "./carrier-format";

/** Above every staff page while a carrier's alert is open: what fell, since when, and whether traffic was moved. */
export function CarrierAlertBanner({ alerts }: { alerts: OpenCarrierAlert[] }) {
  if (!alerts.length) return null;
  return (
    <div
      role="alert"
      data-testid="carrier-alert-banner"
      className="border-b border-red-200 bg-red-50 px-6 py-3 text-sm text-red-800"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-start justify-between gap-3">
        <ul className="space-y-1">
          {alerts.map((a) => (
            <li key={`${a.carrier}/${a.network}`}>
              <strong className="font-mono">{a.carrier}</strong> to <strong>{networkLabel(a.network)}</strong>:
              delivered {percent(a.rate1h)} in the hour that raised the alert against {percent(a.baseline)} over the
              week before, alerting since {utcTime(a.startedAt)}.{" "}
              {a.demoted
                ? "Its messages to that network go to the route's next carrier first."
                : "Traffic is not moved (KASA_ROUTE_AUTODEMOTE is off)."}
            </li>
          ))}
        </ul>
        <Link href="/admin/operations#carriers-by-network" className="font-medium underline underline-offset-2">
          Carriers by network
        </Link>
      </div>
    </div>
  );
}
