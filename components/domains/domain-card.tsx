"use client";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { countOf } from "../ui/plural";
import { DnsRecords, type DnsRecord } from "./dns-records";

type Domain = {
  id: string;
  name: string;
  status: string;
  primary: boolean;
  open_tracking: boolean;
  click_tracking: boolean;
  dns_records: DnsRecord[];
};

export function DomainCard({
  accountId,
  domain,
  canManage,
  onChange,
}: {
  accountId: string;
  domain: Domain;
  canManage: boolean;
  onChange: () => void;
}) {
  const trpc = useTRPC();
  const [checks, setChecks] = useState<Record<string, boolean>>();
  const verify = useMutation(
    trpc.domains.verify.mutationOptions({
      onSuccess: (r) => {
        setChecks(Object.fromEntries(r.dns_records.map((c) => [c.purpose, c.found])));
        onChange();
      },
    }),
  );
  const primary = useMutation(trpc.domains.makePrimary.mutationOptions({ onSuccess: onChange }));
  const remove = useMutation(trpc.domains.remove.mutationOptions({ onSuccess: onChange }));
  const tracking = useMutation(trpc.domains.setTracking.mutationOptions({ onSuccess: onChange }));
  return (
    <section
      data-testid="domain-card"
      aria-label={domain.name}
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
        <div className="flex items-center gap-2">
          <h2 className="font-mono text-sm font-semibold">{domain.name}</h2>
          <Badge tone={domain.status === "verified" ? "green" : "amber"}>{domain.status}</Badge>
          {domain.primary && <Badge tone="slate">primary</Badge>}
        </div>
        {canManage && (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              disabled={verify.isPending}
              onClick={() => verify.mutate({ accountId, id: domain.id })}
            >
              {verify.isPending ? "Checking DNS…" : domain.status === "verified" ? "Check DNS" : "Verify"}
            </Button>
            {domain.status === "verified" && !domain.primary && (
              <Button variant="secondary" onClick={() => primary.mutate({ accountId, id: domain.id })}>
                Make primary
              </Button>
            )}
            <Button
              variant="ghost"
              onClick={() => confirm(`Delete ${domain.name}?`) && remove.mutate({ accountId, id: domain.id })}
            >
              Delete
            </Button>
          </div>
        )}
      </header>
      {verify.data && (
        <p role="status" className="border-b border-slate-100 px-5 py-3 text-sm text-slate-700" data-testid="dns-check">
          {verify.data.dns_records.every((r) => !r.required || r.found)
            ? "Every required record was found."
            : `${countOf(verify.data.dns_records.filter((r) => r.required && !r.found).length, "required record", "required records")} not found yet. DNS changes can take from a few minutes up to 48 hours to be seen everywhere: publish them at your DNS provider, then check again.`}
        </p>
      )}
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2 border-b border-slate-100 px-5 py-3 text-sm">
        <legend className="sr-only">Tracking of {domain.name}</legend>
        <TrackingSwitch
          label="Open tracking"
          hint="a 1x1 image raises email.opened"
          checked={domain.open_tracking}
          disabled={!canManage || tracking.isPending}
          onChange={(on) => tracking.mutateAsync({ accountId, id: domain.id, open_tracking: on })}
        />
        <TrackingSwitch
          label="Click tracking"
          hint="links go through a signed redirect that raises email.clicked"
          checked={domain.click_tracking}
          disabled={!canManage || tracking.isPending}
          onChange={(on) => tracking.mutateAsync({ accountId, id: domain.id, click_tracking: on })}
        />
        {tracking.isError && (
          <p role="alert" className="w-full text-xs text-red-600">
            Tracking was not changed: {tracking.error.message}
          </p>
        )}
      </fieldset>
      <DnsRecords records={domain.dns_records} checks={checks} verified={domain.status === "verified"} />
    </section>
  );
}

function TrackingSwitch(props: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => Promise<unknown>;
}) {
  // Shown at once, as the person set it; put back if the change fails, and in step with what the server says.
  const [on, setOn] = useState(props.checked);
  const [server, setServer] = useState(props.checked);
  if (server !== props.checked) {
    setServer(props.checked);
    setOn(props.checked);
  }
  return (
    <label className="flex items-start gap-2">
      <input
        type="checkbox"
        role="switch"
        className="mt-0.5 h-4 w-4 accent-brand-600"
        checked={on}
        disabled={props.disabled}
        onChange={(e) => {
          const wanted = e.target.checked;
          setOn(wanted);
          props.onChange(wanted).catch(() => setOn(!wanted));
        }}
      />
      <span>
        <span className="font-medium text-slate-800">{props.label}</span>
        <span className="block text-xs text-muted">{props.hint}</span>
      </span>
    </label>
  );
}
