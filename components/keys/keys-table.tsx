"use client";
import type { ApiKeySummary } from "@/server/modules/keys/list-api-keys";
import { SCOPES } from "@/server/modules/keys/scopes";
import { Badge } from "../ui/badge";
import { TableHead } from "../ui/table-head";
import { RevokeKeyButton } from "./revoke-key-button";
import { DATE_TIME_MINUTES as dateFormat } from "../ui/format-time";

const scopesText = (scopes: string[]) => (scopes.length === SCOPES.length ? "All scopes" : scopes.join(", "));
const when = (date: Date | null) => (date ? dateFormat.format(date) : "Never");

/** A table on wide screens; the same rows as stacked cards on a phone. */
export function KeysTable({
  accountId,
  keys,
  canManage,
}: {
  accountId: string;
  keys: ApiKeySummary[];
  canManage: boolean;
}) {
  if (keys.length === 0) return <p className="text-sm text-slate-600">No keys yet.</p>;
  const action = (key: ApiKeySummary) =>
    key.revokedAt ? (
      <span title={`Revoked ${dateFormat.format(key.revokedAt)} UTC`}>
        <Badge tone="red">Revoked</Badge>
      </span>
    ) : canManage ? (
      <RevokeKeyButton accountId={accountId} keyId={key.id} name={key.name} />
    ) : null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="hidden w-full text-left text-sm md:table">
        <TableHead columns={["Name", "Key", "Mode", "Scopes", "Created", "Last used", ""]} />
        <tbody className="divide-y divide-slate-100">
          {keys.map((key) => (
            <tr key={key.id} data-testid="key-row" data-key-id={key.id} className={key.revokedAt ? "text-muted" : ""}>
              <td className="px-4 py-3 font-medium">{key.name}</td>
              <td className="px-4 py-3 font-mono text-xs">{key.prefix}…</td>
              <td className="px-4 py-3">
                <Badge tone={key.mode === "live" ? "green" : "amber"}>{key.mode}</Badge>
              </td>
              <td className="px-4 py-3 text-xs" title={key.scopes.join(", ")}>
                {scopesText(key.scopes)}
              </td>
              <td className="px-4 py-3 text-xs tabular-nums">{dateFormat.format(key.createdAt)}</td>
              <td className="px-4 py-3 text-xs tabular-nums">{when(key.lastUsedAt)}</td>
              <td className="px-4 py-3 text-right">{action(key)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 md:hidden">
        {keys.map((key) => (
          <li
            key={key.id}
            data-testid="key-card"
            className={`space-y-2 p-4 text-sm ${key.revokedAt ? "text-muted" : ""}`}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{key.name}</span>
              <Badge tone={key.mode === "live" ? "green" : "amber"}>{key.mode}</Badge>
            </div>
            <p className="font-mono text-xs">{key.prefix}…</p>
            <p className="text-xs">{scopesText(key.scopes)}</p>
            <p className="text-xs text-muted">
              Created {dateFormat.format(key.createdAt)} · Last used {when(key.lastUsedAt)}
            </p>
            <div>{action(key)}</div>
          </li>
        ))}
      </ul>
    </div>
  );
}
