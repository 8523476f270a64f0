"use client";
import { useState, type FormEvent } from "react";
import { Button } from "../ui/button";
import { UtcTimeField } from "../ui/utc-time-field";
import { parseUtcTime, utcInputValue } from "../ui/utc-time";

export type Filters = {
  status?: "2xx" | "4xx" | "5xx";
  code?: string;
  path?: string;
  keyPrefix?: string;
  requestId?: string;
  from?: Date;
  to?: Date;
};

const input =
  "rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100";

export function RequestFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const [draft, setDraft] = useState(value);
  const [fromText, setFromText] = useState(value.from ? utcInputValue(value.from, false) : "");
  const [toText, setToText] = useState(value.to ? utcInputValue(value.to, false) : "");
  function submit(event: FormEvent) {
    event.preventDefault();
    const from = fromText.trim() ? parseUtcTime(fromText) : undefined;
    const to = toText.trim() ? parseUtcTime(toText, { endOfDay: true }) : undefined;
    // An unreadable date is shown as such under its field; nothing is applied until it reads.
    if (from === null || to === null) return;
    const clean = Object.fromEntries(
      Object.entries({ ...draft, from, to }).filter(([, v]) => v !== "" && v !== undefined),
    ) as Filters;
    onChange(clean);
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Filter requests"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <label className="text-xs font-medium text-slate-600">
        Status
        <select
          className={`mt-1 block ${input}`}
          value={draft.status ?? ""}
          onChange={(e) => setDraft({ ...draft, status: (e.target.value || undefined) as Filters["status"] })}
        >
          <option value="">Any</option>
          <option value="2xx">2xx</option>
          <option value="4xx">4xx</option>
          <option value="5xx">5xx</option>
        </select>
      </label>
      <label className="text-xs font-medium text-slate-600">
        Error code
        <input
          className={`mt-1 block w-44 ${input}`}
          placeholder="INVALID_PHONE_NUMBER"
          value={draft.code ?? ""}
          onChange={(e) => setDraft({ ...draft, code: e.target.value })}
        />
      </label>
      <label className="text-xs font-medium text-slate-600">
        Path
        <input
          className={`mt-1 block w-40 ${input}`}
          placeholder="/sms/send"
          value={draft.path ?? ""}
          onChange={(e) => setDraft({ ...draft, path: e.target.value })}
        />
      </label>
      <label className="text-xs font-medium text-slate-600">
        Key
        <input
          className={`mt-1 block w-40 ${input}`}
          placeholder="kasa_live_…"
          value={draft.keyPrefix ?? ""}
          onChange={(e) => setDraft({ ...draft, keyPrefix: e.target.value })}
        />
      </label>
      <label className="text-xs font-medium text-slate-600">
        Request id
        <input
          className={`mt-1 block w-56 font-mono ${input}`}
          placeholder="req_…"
          value={draft.requestId ?? ""}
          onChange={(e) => setDraft({ ...draft, requestId: e.target.value })}
        />
      </label>
      <UtcTimeField id="requests-from" label="From" value={fromText} onChange={setFromText} />
      <UtcTimeField id="requests-to" label="To" value={toText} onChange={setToText} endOfDay />
      <div className="flex gap-2 pt-5">
        <Button type="submit">Apply</Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft({});
            setFromText("");
            setToText("");
            onChange({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
