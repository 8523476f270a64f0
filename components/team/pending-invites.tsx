"use client";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { DATE_ONLY } from "../ui/format-time";
import { InviteSentNotice } from "./invite-sent-notice";

type Invite = { id: string; email: string; role: string; expiresAt: Date | string; expired: boolean };

/** Invites not yet accepted: re-send (a fresh link, 7 more days) or revoke. */
export function PendingInvites({
  accountId,
  invites,
  onChanged,
}: {
  accountId: string;
  invites: Invite[];
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.team.resendInvite.mutationOptions({ onSuccess: onChanged }));
  const revoke = useMutation(trpc.team.revokeInvite.mutationOptions({ onSuccess: onChanged }));
  const error = resend.error ?? revoke.error;
  return (
    <section aria-label="Pending invites" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">Pending invites</h2>
      {error && (
        <p role="alert" className="px-4 py-2 text-sm text-red-600">
          {error.message}
        </p>
      )}
      {resend.isSuccess && (
        <div className="px-4 py-2">
          <InviteSentNotice
            email={invites.find((i) => i.id === resend.variables.inviteId)?.email ?? "them"}
            mailed={resend.data.mailed}
            link={resend.data.link}
          />
        </div>
      )}
      <ul className="divide-y divide-slate-100">
        {invites.map((i) => (
          <li
            key={i.id}
            className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
            data-testid="invite-row"
          >
            <div className="min-w-0">
              <p className="break-all text-slate-900">{i.email}</p>
              <p className="text-slate-600">
                <span className="capitalize">{i.role}</span> ·{" "}
                {i.expired ? "expired" : `expires ${DATE_ONLY.format(new Date(i.expiresAt))}`}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                aria-label={`Re-send the invite to ${i.email}`}
                onClick={() => resend.mutate({ accountId, inviteId: i.id })}
              >
                Re-send
              </Button>
              <Button
                variant="secondary"
                aria-label={`Revoke the invite to ${i.email}`}
                onClick={() => revoke.mutate({ accountId, inviteId: i.id })}
              >
                Revoke
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
