"use client";
import { Link } from "../ui/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { TableHead } from "../ui/table-head";
import { ReasonAction } from "./reason-action";
import { AccountUssd } from "./account-ussd";
import { DATE_TIME_MINUTES as time } from "../ui/format-time";

const input = "mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm";

export function AccountView({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.staff.account.queryOptions({ id }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.staff.account.queryKey({ id }) });
  const opts = { onSuccess: refresh };
  const setStatus = useMutation(trpc.staff.setStatus.mutationOptions(opts));
  const adjust = useMutation(trpc.staff.adjustBalance.mutationOptions(opts));
  const changePlan = useMutation(trpc.staff.changePlan.mutationOptions(opts));
  const decide = useMutation(trpc.staff.decideSenderId.mutationOptions(opts));
  const verify = useMutation(trpc.staff.verifyDomain.mutationOptions(opts));
  if (query.error)
    return (
      <p role="alert" className="text-sm text-red-600">
        {query.error.message}
      </p>
    );
  const a = query.data;
  if (!a) return <p className="text-sm text-muted">Loading…</p>;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{a.name}</h1>
        <Badge tone={a.status === "active" ? "green" : "red"}>{a.status}</Badge>
        <span className="font-mono text-xs text-muted">{a.id}</span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {a.plan.name} plan · balance{" "}
        <span data-testid="staff-balance" className="font-semibold tabular-nums">
          {a.balance.toFixed(2)} {a.currency}
        </span>{" "}
        · members {a.members.map((m) => `${m.email} (${m.role})`).join(", ")}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Actions">
          <div className="space-y-4">
            <ReasonAction
              label={a.status === "active" ? "Suspend" : "Activate"}
              variant={a.status === "active" ? "danger" : "primary"}
              run={(reason) =>
                setStatus.mutateAsync({
                  accountId: a.id,
                  status: a.status === "active" ? "suspended" : "active",
                  reason,
                })
              }
            />
            <ReasonAction
              label="Credit or debit"
              run={(reason, form) =>
                adjust.mutateAsync({ accountId: a.id, amount: Number(form.get("amount")), reason })
              }
            >
              <label>
                <span className="block text-xs font-medium text-slate-600">
                  Amount ({a.currency}, negative to debit)
                </span>
                <input name="amount" required inputMode="decimal" className={`${input} w-28`} />
              </label>
            </ReasonAction>
            <ReasonAction
              label="Change plan"
              run={(reason, form) =>
                changePlan.mutateAsync({ accountId: a.id, planId: String(form.get("plan")), reason })
              }
            >
              <label>
                <span className="block text-xs font-medium text-slate-600">Plan</span>
                <select name="plan" defaultValue={a.plan.id} className={input}>
                  {a.plans.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
            </ReasonAction>
          </div>
        </Card>
        <Card title="Usage against limits">
          <table className="w-full text-left text-xs">
            <TableHead columns={["Service", "Minute", "Day", "Month"]} />
            <tbody>
              {a.usage.map((u) => (
                <tr key={u.service} className="border-t border-slate-100">
                  <td className="px-4 py-1.5">{u.service}</td>
                  {["minute", "day", "month"].map((w) => {
                    const x = u.windows.find((y) => y.window === w);
                    return (
                      <td key={w} className="px-4 py-1.5 tabular-nums">
                        {x ? `${x.used} / ${x.limit}` : "—"}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>

      <Card title="Sender IDs" className="mt-6">
        {a.senderIds.length === 0 ? (
          <p className="text-sm text-muted">None.</p>
        ) : (
          <ul className="space-y-3">
            {a.senderIds.map((s) => (
              <li key={s.id} className="text-sm" data-testid="staff-sender-id">
                <p>
                  <span className="font-mono">{s.name}</span> in {s.country}{" "}
                  <Badge tone={s.status === "approved" ? "green" : s.status === "rejected" ? "red" : "amber"}>
                    {s.status}
                  </Badge>{" "}
                  <span className="text-xs text-muted">{s.useCase}</span>
                </p>
                {s.status === "pending" && (
                  <div className="mt-1 flex flex-wrap gap-4">
                    <ReasonAction
                      label={`Approve ${s.name} ${s.country}`}
                      variant="primary"
                      run={(reason) => decide.mutateAsync({ id: s.id, status: "approved", reason })}
                    />
                    <ReasonAction
                      label={`Reject ${s.name} ${s.country}`}
                      variant="danger"
                      run={(reason) => decide.mutateAsync({ id: s.id, status: "rejected", reason })}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <AccountUssd accountId={a.id} />

      <Card title="Domains" className="mt-6">
        {a.domains.length === 0 ? (
          <p className="text-sm text-muted">None.</p>
        ) : (
          <ul className="space-y-2">
            {a.domains.map((d) => (
              <li key={d.id} className="text-sm">
                <span className="font-mono">{d.name}</span>{" "}
                <Badge tone={d.status === "verified" ? "green" : "amber"}>{d.status}</Badge>
                {d.status !== "verified" && (
                  <div className="mt-1">
                    <ReasonAction
                      label={`Mark ${d.name} verified`}
                      run={(reason) => verify.mutateAsync({ domainId: d.id, reason })}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="API keys (prefixes only)">
          <ul className="space-y-1 text-xs">
            {a.keys.map((k) => (
              <li key={k.id}>
                <span className="font-mono">{k.prefix}…</span> {k.name} ({k.mode})
                {k.revokedAt && <span className="text-red-600"> revoked</span>}
                {k.lastUsedAt && <span className="text-muted"> · used {time.format(k.lastUsedAt)}</span>}
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Recent errors">
          {a.errors.length === 0 ? (
            <p className="text-sm text-muted">None.</p>
          ) : (
            <ul className="space-y-1 text-xs">
              {a.errors.map((e) => (
                <li key={e.id}>
                  {time.format(e.at)} {e.method} {e.path}{" "}
                  <span className="font-mono text-red-700">
                    {e.status} {e.code}
                  </span>{" "}
                  {e.transactionId && (
                    <Link className="text-brand-700 underline" href={`/admin/transactions/${e.transactionId}`}>
                      {e.transactionId}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card title="Ledger" className="mt-6">
        {a.ledger.length === 0 && <p className="text-sm text-slate-600">No money has moved yet.</p>}
        <table className={`w-full text-left text-xs ${a.ledger.length === 0 ? "hidden" : ""}`}>
          <TableHead columns={["Time (UTC)", "Kind", ">Amount", ">Balance after", "Reason", "By", "Transaction"]} />
          <tbody>
            {a.ledger.map((l) => (
              <tr key={l.id} className="border-t border-slate-100" data-testid="staff-ledger-row">
                <td className="px-4 py-1.5 tabular-nums">{time.format(l.createdAt)}</td>
                <td className="px-4 py-1.5">{l.kind}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">{l.amount.toFixed(2)}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">{l.balanceAfter.toFixed(2)}</td>
                <td className="max-w-[16rem] truncate px-4 py-1.5" title={l.reason}>
                  {l.reason}
                </td>
                <td className="px-4 py-1.5">{l.actor}</td>
                <td className="px-4 py-1.5 font-mono">
                  {l.transactionId ? (
                    <Link className="text-brand-700 underline" href={`/admin/transactions/${l.transactionId}`}>
                      {l.transactionId}
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <Card title="Audit log" className="mt-6">
        <ul className="space-y-1 text-xs" aria-label="Audit log">
          {a.audit.map((e) => (
            <li key={e.id} data-testid="audit-row">
              {time.format(e.at)} <span className="font-medium">{e.actor}</span> {e.action}{" "}
              <span className="font-mono">{e.target}</span>
              {e.reason && <span className="text-muted">: {e.reason}</span>}
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
