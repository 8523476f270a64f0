"use client";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../ui/button";

/** An action that asks for the password first (removing a factor, new recovery codes). */
export function PasswordConfirm({
  label,
  accessibleLabel,
  pending,
  error,
  onConfirm,
  submitVariant = "danger",
}: {
  submitVariant?: "danger" | "primary";
  label: string;
  accessibleLabel?: string;
  pending: boolean;
  error?: string;
  onConfirm: (password: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!open)
    return (
      <Button variant="secondary" aria-label={accessibleLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(String(new FormData(event.currentTarget).get("password")));
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={accessibleLabel ?? label}>
      <div>
        <label htmlFor={id} className="block text-xs font-medium text-slate-700">
          Your password
        </label>
        <input
          id={id}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          className="mt-1 w-44 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
      </div>
      <Button type="submit" variant={submitVariant} disabled={pending}>
        {label}
      </Button>
      <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {error && (
        <p role="alert" className="w-full text-xs text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
