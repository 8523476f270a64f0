"use client";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../ui/button";

/** A staff action: optional fields, a required reason (it goes to the audit log), one button. */
export function ReasonAction({
  label,
  run,
  children,
  variant = "secondary",
}: {
  label: string;
  run: (reason: string, form: FormData) => Promise<unknown>;
  children?: ReactNode;
  variant?: "secondary" | "danger" | "primary";
}) {
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setError(undefined);
    setDone(false);
    setBusy(true);
    try {
      await run(String(data.get("reason") ?? ""), data);
      setDone(true);
      form.reset();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={onSubmit} aria-label={label} className="flex flex-wrap items-end gap-2 text-sm">
      {children}
      <label className="min-w-[12rem] flex-1">
        <span className="block text-xs font-medium text-slate-600">Reason</span>
        <input
          name="reason"
          required
          minLength={3}
          placeholder="Why (kept in the audit log)"
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
      </label>
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
      {done && (
        <span role="status" className="text-xs text-brand-700">
          Done.
        </span>
      )}
      {error && (
        <span role="alert" className="w-full text-xs text-red-600">
          {error}
        </span>
      )}
    </form>
  );
}
