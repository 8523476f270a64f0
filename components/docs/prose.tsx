import type { ReactNode } from "react";
import { CopyButton } from "../ui/copy-button";
import { ScrollRegion } from "../ui/scroll-region";

/** A docs page: title, lead, and body text with consistent spacing. */
export function DocPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      {lead && <p className="mt-3 text-slate-600">{lead}</p>}
      <div className="mt-6 space-y-4 text-sm leading-6 text-slate-700 [&_h2]:mt-8 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-[0.8rem]">
        {children}
      </div>
    </article>
  );
}

/** A code sample: long lines wrap (nothing is cut off on a phone), and a Copy button takes it whole. */
export function Code({ children }: { children: string }) {
  return (
    <div className="relative">
      <pre className="whitespace-pre-wrap break-words rounded-md bg-slate-900 p-4 pr-20 text-xs leading-5 text-slate-100 [&_code]:bg-transparent">
        {children}
      </pre>
      <div className="absolute right-2 top-2 rounded bg-white">
        <CopyButton value={children} label="Copy code" />
      </div>
    </div>
  );
}

export function Table({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <ScrollRegion className="overflow-x-auto rounded-lg border border-slate-200 bg-white" label="Table">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase text-muted">
          <tr>
            {head.map((h) => (
              <th key={h} className="px-4 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j} className="px-4 py-2 align-top">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
