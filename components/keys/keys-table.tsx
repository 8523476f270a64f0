"use client";
import type { ApiKeySummary } from "@/server/modules/keys/list-api-keys";
import { Badge } from "../ui/badge";
import { RevokeKeyButton } from "./revoke-key-button";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function KeysTable({ accountId, keys, canManage }: { accountId: string; keys: ApiKeySummary[]; canManage: boolean }) {
  if (keys.length === 0) return <p className="text-sm text-slate-600">No keys yet.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[720px] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-4 py-2.5 font-medium">Name</th>
            <th className="px-4 py-2.5 font-medium">Key</th>
            <th className="px-4 py-2.5 font-medium">Mode</th>
            <th className="px-4 py-2.5 font-medium">Scopes</th>
            <th className="px-4 py-2.5 font-medium">Created</th>
            <th className="px-4 py-2.5 font-medium">Last used</th>
            <th className="px-4 py-2.5" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {keys.map((key) => (
            <tr key={key.id} data-testid="key-row" data-key-id={key.id} className={key.revokedAt ? "text-slate-400" : ""}>
              <td className="px-4 py-3 font-medium">{key.name}</td>
              <td className="px-4 py-3 font-mono text-xs">{key.prefix}…</td>
              <td className="px-4 py-3"><Badge tone={key.mode === "live" ? "green" : "amber"}>{key.mode}</Badge></td>
              <td className="px-4 py-3 text-xs" title={key.scopes.join(", ")}>{key.scopes.length === 9 ? "All scopes" : key.scopes.join(", ")}</td>
              <td className="px-4 py-3 text-xs tabular-nums">{dateFormat.format(key.createdAt)}</td>
              <td className="px-4 py-3 text-xs tabular-nums">{key.lastUsedAt ? dateFormat.format(key.lastUsedAt) : "Never"}</td>
              <td className="px-4 py-3 text-right">
                {key.revokedAt ? <Badge tone="red">Revoked</Badge> : canManage ? <RevokeKeyButton accountId={accountId} keyId={key.id} name={key.name} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
