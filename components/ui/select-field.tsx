import type { SelectHTMLAttributes } from "react";

/** A labelled select, as the dashboard's forms draw it (the select counterpart of Field). */
export function SelectField({
  id,
  label,
  children,
  className = "w-full",
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={id}
        className={`mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm ${className}`}
        {...select}
      >
        {children}
      </select>
    </div>
  );
}
