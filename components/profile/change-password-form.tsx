"use client";
import type { FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Field } from "../ui/field";
import { Button } from "../ui/button";

/** Changing the password: the current one first; every other session is signed out. */
export function ChangePasswordForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(
    trpc.profile.changePassword.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.profile.sessions.queryKey() }),
    }),
  );
  const field = (change.error?.shape?.data as { app?: { context?: { field?: string } } } | undefined)?.app?.context
    ?.field;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    change.mutate(
      { currentPassword: String(data.get("currentPassword")), newPassword: String(data.get("newPassword")) },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <section aria-label="Password" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">Password</h2>
        <p className="text-sm text-slate-600">Changing it signs out every other session.</p>
      </div>
      <form onSubmit={onSubmit} className="grid gap-4 px-4 py-4 sm:grid-cols-2" aria-label="Change password">
        <Field
          id="currentPassword"
          name="currentPassword"
          type="password"
          label="Current password"
          autoComplete="current-password"
          required
          error={change.error && field !== "newPassword" ? change.error.message : undefined}
        />
        <Field
          id="newPassword"
          name="newPassword"
          type="password"
          label="New password"
          autoComplete="new-password"
          required
          error={change.error && field === "newPassword" ? change.error.message : undefined}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" disabled={change.isPending}>
            Change password
          </Button>
          {change.isSuccess && (
            <p role="status" className="text-sm text-slate-700">
              Password changed; {change.data.endedSessions} other session(s) signed out.
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
