/** CSV statements for the last six months the account has existed in, generated on download. */
export function StatementLinks({ accountId, openedAt }: { accountId: string; openedAt?: Date }) {
  const now = new Date();
  const first = openedAt ? Date.UTC(openedAt.getUTCFullYear(), openedAt.getUTCMonth(), 1) : -Infinity;
  const months = Array.from({ length: 6 }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)))
    .filter((d) => d.getTime() >= first)
    .map((d) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`);
  const label = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600">
        Every ledger entry of a month, with opening and closing balances (CSV).
      </p>
      <ul className="flex flex-wrap gap-2">
        {months.map((m) => (
          <li key={m}>
            <a
              href={`/accounts/${accountId}/billing/statement?month=${m}`}
              download
              className="inline-block rounded-md px-2.5 py-1 text-sm text-brand-700 ring-1 ring-slate-200 hover:bg-slate-50"
            >
              {label.format(new Date(`${m}-01T00:00:00Z`))}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
