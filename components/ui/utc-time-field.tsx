"use client";
import { DATE_ONLY, DATE_TIME_MINUTES } from "./format-time";
import { parseUtcTime } from "./utc-time";

/**
 * A time typed in UTC (see utc-time.ts). Below the field it reads the time
 * back as every page shows it ("23 Nov 2026, 14:00"), or says how to write it.
 */
export function UtcTimeField({
  id,
  label,
  value,
  onChange,
  withTime = false,
  endOfDay = false,
  required = false,
  inputClassName = "",
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  withTime?: boolean;
  endOfDay?: boolean;
  required?: boolean;
  inputClassName?: string;
}) {
  const shape = withTime ? "YYYY-MM-DD HH:MM" : "YYYY-MM-DD";
  const parsed = value.trim() ? parseUtcTime(value, { endOfDay }) : undefined;
  const invalid = parsed === null;
  const readBack = parsed ? (withTime ? DATE_TIME_MINUTES : DATE_ONLY).format(parsed) : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label} <span className="font-normal text-muted">(UTC)</span>
      </label>
      <input
        id={id}
        value={value}
        required={required}
        onChange={(e) => onChange(e.target.value)}
        placeholder={shape}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        className={`mt-1 block w-44 rounded-md border bg-white px-2.5 py-1.5 font-mono text-sm shadow-sm outline-none focus:ring-2 ${invalid ? "border-red-500 focus:ring-red-100" : "border-slate-300 focus:border-brand-500 focus:ring-brand-100"} ${inputClassName}`}
      />
      <p id={`${id}-hint`} className={`mt-0.5 text-xs ${invalid ? "text-red-600" : "text-muted"}`}>
        {invalid ? `Write it as ${shape}` : (readBack ?? shape)}
      </p>
    </div>
  );
}
