"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { TableHead } from "../ui/table-head";
import { DATE_TIME } from "../ui/format-time";
import { ReasonAction } from "./reason-action";

const input = "mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

/** An account's USSD for support: its codes and their app, its latest sessions, and assigning a code. */
export function AccountUssd({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useQuery(trpc.staff.ussd.queryOptions({ id: accountId }));
  const assign = useMutation(
    trpc.staff.assignUssdCode.mutationOptions({
      // The codes, and the account's audit log (the assignment is its newest row).
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.staff.pathKey() }),
    }),
  );
  return (
    <Card title="USSD" className="mt-6">
      {!data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : (
        <div className="space-y-4">
          <table className="w-full text-left text-xs">
            <TableHead columns={["Code", "Mode", "Kind", "App", ">Timeout ms", ">Sessions, 7 days"]} />
            <tbody className="divide-y divide-slate-100">
              {data.codes.map((c) => (
                <tr key={c.id} data-testid="staff-ussd-code">
                  <td className="px-4 py-2 font-mono">{c.service_code}</td>
                  <td className="px-4 py-2">
                    <Badge tone={c.mode === "live" ? "green" : "blue"}>{c.mode}</Badge>
                  </td>
                  <td className="px-4 py-2">{c.kind}</td>
                  <td className="max-w-48 truncate px-4 py-2">{c.callback_url ?? "none"}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{c.timeout_ms}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{c.sessions_7d}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.sessions.length > 0 && (
            <table className="w-full text-left text-xs">
              <TableHead columns={["Started (UTC)", "Code", "Phone", "Mode", ">Hops", "Ended"]} />
              <tbody className="divide-y divide-slate-100">
                {data.sessions.map((s) => (
                  <tr key={s.id}>
                    <td className="whitespace-nowrap px-4 py-2">{DATE_TIME.format(new Date(s.created_at))}</td>
                    <td className="px-4 py-2 font-mono">{s.service_code}</td>
                    <td className="whitespace-nowrap px-4 py-2">{s.phone_number}</td>
                    <td className="px-4 py-2">{s.mode}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{s.hops}</td>
                    <td className="px-4 py-2">{s.ended_reason ?? "open"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <ReasonAction
            label="Assign a code"
            variant="primary"
            run={(reason, form) =>
              assign.mutateAsync({
                accountId,
                code: String(form.get("code")).trim(),
                mode: form.get("mode") === "test" ? "test" : "live",
                reason,
              })
            }
          >
            <label>
              <span className="block text-xs font-medium text-slate-600">Code</span>
              <input name="code" required placeholder="*920*55#" className={`${input} w-32`} />
            </label>
            <label>
              <span className="block text-xs font-medium text-slate-600">Mode</span>
              <select name="mode" defaultValue="live" className={input}>
                <option value="live">live</option>
                <option value="test">test</option>
              </select>
            </label>
          </ReasonAction>
        </div>
      )}
    </Card>
  );
}
