import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/router";
import { TableHead } from "../ui/table-head";
import { ScrollRegion } from "../ui/scroll-region";

type Preview = inferRouterOutputs<AppRouter>["contacts"]["previewImport"];

/** What an import will do, before it does it. */
export function ImportPreview({ preview }: { preview: Preview }) {
  return (
    <div className="grid gap-3 text-sm" data-testid="import-preview">
      <p>
        {preview.rows.toLocaleString("en")} rows: {preview.imported.toLocaleString("en")} new contacts,{" "}
        {preview.updated.toLocaleString("en")} updated, {preview.skippedTotal.toLocaleString("en")} skipped.
      </p>
      <div>
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">Columns</h3>
        <ul className="flex flex-wrap gap-1.5">
          {preview.columns.map((c) => (
            <li key={c.column} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs">
              {c.column} → {c.becomes}
            </li>
          ))}
        </ul>
      </div>
      {preview.sample.length > 0 && (
        <ScrollRegion className="overflow-x-auto" label="First rows, as stored">
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">First rows, as stored</h3>
          <table className="w-full text-xs">
            <TableHead columns={["Row", "Phone", "Email", "Name", "Attributes"]} />
            <tbody className="divide-y divide-slate-100">
              {preview.sample.map((r) => (
                <tr key={r.row}>
                  <td className="px-4 py-1.5 tabular-nums">{r.row}</td>
                  <td className="whitespace-nowrap px-4 py-1.5 font-mono">{r.phone ?? "—"}</td>
                  <td className="px-4 py-1.5">{r.email ?? "—"}</td>
                  <td className="px-4 py-1.5">{[r.firstName, r.lastName].filter(Boolean).join(" ") || "—"}</td>
                  <td className="px-4 py-1.5">
                    {Object.entries(r.attributes)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join(", ") || "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {preview.skipped.length > 0 && (
        <ScrollRegion className="overflow-x-auto" label="Rows that will be skipped">
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
            Rows that will be skipped
            {preview.skippedTotal > preview.skipped.length ? ` (the first ${preview.skipped.length})` : ""}
          </h3>
          <table className="w-full text-xs">
            <TableHead columns={["Row", "Why"]} />
            <tbody className="divide-y divide-slate-100">
              {preview.skipped.map((s) => (
                <tr key={s.row}>
                  <td className="px-4 py-1.5 tabular-nums">{s.row}</td>
                  <td className="px-4 py-1.5">{s.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
