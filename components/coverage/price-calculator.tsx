"use client";
import { useId, useState } from "react";
import { X } from "lucide-react";
// The very code sms/send counts and prices with: what this page quotes is what a send charges.
import { countSegments } from "@/server/lib/sms-segments";
import { formatAmount, parseAmount } from "@/server/lib/money";
import { Card } from "../ui/card";

export type PricedCountry = { iso_code: string; country: string; price_per_segment: string | null };

const START = ["GH", "NG", "KE"];
const ENCODING_NAMES = { gsm7: "GSM-7", ucs2: "UCS-2 (Unicode)" } as const;

/** Type a message, pick countries: encoding, characters, segments, and the price in each country and in all. */
export function PriceCalculator({ countries }: { countries: PricedCountry[] }) {
  const priced = countries.filter((c) => c.price_per_segment !== null);
  const [message, setMessage] = useState("Your Kasa code is 482913. It expires in 10 minutes.");
  const [chosen, setChosen] = useState(START.filter((iso) => priced.some((c) => c.iso_code === iso)));
  const messageId = useId();
  const addId = useId();
  const counts = countSegments(message);
  const rows = chosen.map((iso) => {
    const c = priced.find((p) => p.iso_code === iso)!;
    const perSegment = parseAmount(c.price_per_segment!)!;
    return { ...c, perSegment, price: perSegment * BigInt(counts.segments) };
  });
  const total = rows.reduce((sum, r) => sum + r.price, 0n);
  return (
    <Card title="Price calculator" label="Price calculator">
      <label htmlFor={messageId} className="text-sm font-medium text-slate-800">
        Message
      </label>
      <textarea
        id={messageId}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        rows={4}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      />
      <p className="mt-1 text-sm text-slate-700" data-testid="calculator-counts" aria-live="polite">
        {ENCODING_NAMES[counts.encoding]} · {counts.characters.toLocaleString("en")} characters ·{" "}
        {counts.segments === 1 ? "1 segment" : `${counts.segments} segments`}
      </p>
      <p className="text-xs text-muted">
        GSM-7 holds 160 characters in one segment and 153 in each of several; one character outside it (an emoji, curly
        quotes, most non-Latin scripts) makes the whole text UCS-2: 70, then 67.
      </p>
      <div className="mt-4">
        <label htmlFor={addId} className="text-sm font-medium text-slate-800">
          Add a country
        </label>
        <select
          id={addId}
          value=""
          onChange={(e) => e.target.value && setChosen((list) => [...new Set([...list, e.target.value])])}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm sm:w-72"
        >
          <option value="">Choose…</option>
          {priced
            .filter((c) => !chosen.includes(c.iso_code))
            .map((c) => (
              <option key={c.iso_code} value={c.iso_code}>
                {c.country}
              </option>
            ))}
        </select>
      </div>
      <table className="mt-3 w-full text-left text-sm">
        <thead className="text-xs uppercase text-muted">
          <tr>
            <th className="py-2 font-medium">Country</th>
            <th className="text-right font-medium">Per segment</th>
            <th className="text-right font-medium">Price</th>
            <th>
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.iso_code} data-testid="calculator-row">
              <td className="py-2">{r.country}</td>
              <td className="text-right tabular-nums">${formatAmount(r.perSegment)}</td>
              <td className="text-right font-medium tabular-nums">${formatAmount(r.price)}</td>
              <td className="w-8 text-right">
                <button
                  type="button"
                  aria-label={`Remove ${r.country}`}
                  onClick={() => setChosen((list) => list.filter((iso) => iso !== r.iso_code))}
                  className="rounded p-1 text-muted hover:bg-slate-100"
                >
                  <X aria-hidden className="h-3.5 w-3.5" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-200">
            <th scope="row" className="py-2 text-left">
              One to each
            </th>
            <td />
            <td className="text-right font-semibold tabular-nums" data-testid="calculator-total">
              ${formatAmount(total)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}
