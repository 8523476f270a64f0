"use client";
import type { FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Field } from "../ui/field";
import { Button } from "../ui/button";
import { RoleSelect } from "./role-select";
import { InviteSentNotice } from "./invite-sent-notice";

/** Owners invite by email with a role; the link is mailed (or, with no relay, shown to copy), single use, for 7 days. */
export function InviteForm({ accountId, onInvited }: { accountId: string; onInvited: () => void }) {
  const trpc = useTRPC();
  const invite = useMutation(trpc.team.invite.mutationOptions({ onSuccess: onInvited }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    invite.mutate(
      { accountId, email: String(data.get("email")), role: String(data.get("role")) as "viewer" },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <section aria-label="Invite" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">Invite a teammate</h2>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3 px-4 py-4" aria-label="Invite a teammate">
        <div className="min-w-0 flex-1 basis-56">
          <Field id="invite-email" name="email" type="email" label="Email" required error={invite.error?.message} />
        </div>
        <RoleSelect id="invite-role" name="role" defaultValue="developer" />
        <Button type="submit" disabled={invite.isPending}>
          Send invite
        </Button>
        {invite.isSuccess && (
          <InviteSentNotice email={invite.variables.email} mailed={invite.data.mailed} link={invite.data.link} />
        )}
      </form>
    </section>
  );
}
