"use client";
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { useScrollIntoView } from "../ui/use-scroll-into-view";

/** One country, opened from the map or the table: route, price per segment by encoding, sender, rules, a number. */
export function CountryPanel({ accountId, iso, onClose }: { accountId: string; iso: string; onClose: () => void }) {
  const trpc = useTRPC();
  const { data, error } = useQuery(trpc.coverage.country.queryOptions({ accountId, iso }));
  const panel = useScrollIntoView<HTMLElement>(iso);
  return (
    <section
      ref={panel}
      aria-label={data ? `${data.name} coverage` : "Country coverage"}
      className="rounded-lg border border-brand-100 bg-white p-5 shadow-sm"
      data-testid="country-panel"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">
          {data ? `${data.name} (${data.dialingCode})` : error ? "Country not found" : "Loading…"}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="rounded p-1 text-muted hover:bg-slate-100"
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
      {data && (
        <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium uppercase text-muted">Route</dt>
            <dd className="mt-0.5">
              {data.supported ? (
                <Badge tone={data.route === "global" ? "slate" : "green"}>{data.route}</Badge>
              ) : (
                "Not covered: a send there is refused"
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase text-muted">Price per segment</dt>
            <dd className="mt-0.5" data-testid="panel-price">
              {data.pricePerSegment === null ? (
                "—"
              ) : (
                <>
                  <span className="font-semibold tabular-nums">${data.pricePerSegment}</span> {data.currency}: GSM-7,
                  160 characters in one segment (153 each when longer); UCS-2, 70 (67 each).
                </>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase text-muted">Sender</dt>
            <dd className="mt-0.5">
              {data.senderIdSupported
                ? `Alphanumeric sender IDs (registered ones for Africa's routes); with none, "${data.defaultSender.sender}".`
                : `Numbers only: carriers here do not show alphanumeric senders${data.defaultSender.sender ? `; the default is ${data.defaultSender.sender}` : "; this deployment has no number set for it"}.`}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase text-muted">Number format</dt>
            <dd className="mt-0.5">
              {data.exampleNumber ? (
                <>
                  <span className="font-mono">{data.exampleNumber.e164}</span>{" "}
                  <span className="text-muted">(dialled locally as {data.exampleNumber.national})</span>
                </>
              ) : (
                "E.164: + and the country code"
              )}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium uppercase text-muted">Mobile networks</dt>
            <dd className="mt-0.5" data-testid="panel-networks">
              {data.networks.length ? (
                <ul className="space-y-1">
                  {data.networks.map((n) => (
                    <li key={n.network}>
                      <span className="font-medium">{n.name}</span>{" "}
                      <span className="text-muted">
                        (MCC {n.mcc}, MNC {n.mncs.join(" and ")}): numbers from{" "}
                        <span className="tabular-nums">{n.prefixes.join(", ")}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                "Not on record here yet: a lookup still says which network a number is on."
              )}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium uppercase text-muted">When SMS goes out</dt>
            <dd className="mt-0.5">
              {data.countryRules.length ? (
                <ul className="list-disc pl-5">
                  {data.countryRules.map((r) => (
                    <li key={r.category}>
                      {r.description} ({r.category}: {r.window}; a send outside it waits for the opening
                      {r.requiresConsent ? "; broadcasts reach only contacts with consent on record" : ""})
                    </li>
                  ))}
                </ul>
              ) : (
                "No country rules: transactional and promotional messages go out any day, at any hour."
              )}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
