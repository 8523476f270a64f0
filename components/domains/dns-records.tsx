import { Badge } from "../ui/badge";
import { CopyButton } from "../ui/copy-button";

export type DnsRecord = {
  purpose: string;
  type: string;
  name: string;
  value: string;
  priority?: number;
  required: boolean;
  note: string;
};

type Props = { records: DnsRecord[]; checks?: Record<string, boolean>; verified: boolean };

/**
 * The records a domain asks for: a table on wide screens, and on a phone one
 * block per record with its name and value on lines of their own (long
 * DKIM keys and hostnames wrap whole instead of in two-letter columns).
 */
export function DnsRecords(props: Props) {
  return (
    <>
      <table className="hidden w-full text-left text-xs md:table">
        <thead className="text-muted">
          <tr>
            <th className="px-5 py-2 font-medium">Type</th>
            <th className="px-2 py-2 font-medium">Name</th>
            <th className="px-2 py-2 font-medium">Value</th>
            <th className="px-5 py-2 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {props.records.map((r) => (
            <tr key={r.purpose}>
              <td className="px-5 py-2 align-top font-medium">
                <Kind record={r} />
                <p className="mt-1 w-56 font-normal text-muted">{r.note}</p>
              </td>
              <td className="px-2 py-2 align-top">
                <Copyable value={r.name} label="Copy name" />
              </td>
              <td className="max-w-md px-2 py-2 align-top">
                <Copyable value={r.value} label="Copy value" clamp />
              </td>
              <td className="px-5 py-2 align-top">
                <Status record={r} {...props} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 text-xs md:hidden" aria-label="DNS records">
        {props.records.map((r) => (
          <li key={r.purpose} className="space-y-2 px-5 py-3" data-testid="dns-record">
            <div className="flex items-start justify-between gap-2">
              <span className="font-medium">
                <Kind record={r} />
              </span>
              <Status record={r} {...props} />
            </div>
            <p className="text-muted">{r.note}</p>
            <dl className="space-y-1">
              <dt className="font-medium text-slate-700">Name</dt>
              <dd>
                <Copyable value={r.name} label="Copy name" />
              </dd>
              <dt className="font-medium text-slate-700">Value</dt>
              <dd>
                <Copyable value={r.value} label="Copy value" />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

function Kind({ record: r }: { record: DnsRecord }) {
  return (
    <>
      {r.type}
      {r.priority ? ` ${r.priority}` : ""}{" "}
      <span className="font-normal text-muted">
        ({r.purpose.replace("_", " ")}, {r.required ? "required" : "optional"})
      </span>
    </>
  );
}

function Copyable({ value, label, clamp = false }: { value: string; label: string; clamp?: boolean }) {
  return (
    <span className="flex items-start gap-2">
      <code className={`min-w-0 break-all ${clamp ? "line-clamp-2" : ""}`}>{value}</code>
      <CopyButton value={value} label={label} />
    </span>
  );
}

function Status({ record: r, checks, verified }: Props & { record: DnsRecord }) {
  if (!checks) return <>{verified ? "—" : "not checked"}</>;
  return checks[r.purpose] ? (
    <Badge tone="green">found</Badge>
  ) : (
    <Badge tone={r.required ? "red" : "slate"}>not found</Badge>
  );
}
