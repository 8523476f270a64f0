"use client";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { InviteForm } from "./invite-form";
import { PendingInvites } from "./pending-invites";
import { MemberActions } from "./member-actions";
import { DATE_ONLY } from "../ui/format-time";

type Role = "owner" | "developer" | "viewer";

/** Members, pending invites, and what the caller's role lets them do about them (the server checks it again). */
export function TeamPanel({ accountId, myUserId, myRole }: { accountId: string; myUserId: string; myRole: Role }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const team = useQuery(trpc.team.list.queryOptions({ accountId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.team.list.queryKey({ accountId }) });
  const leave = useMutation(trpc.team.remove.mutationOptions());
  const owner = myRole === "owner";

  function onLeave() {
    leave.mutate(
      { accountId, userId: myUserId },
      {
        onSuccess: (r) => {
          router.push(r.signedOut ? "/signin" : "/dashboard");
          router.refresh();
        },
      },
    );
  }

  return (
    <div className="space-y-6">
      {owner && <InviteForm accountId={accountId} onInvited={refresh} />}
      <section aria-label="Members" className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">Members</h2>
        {team.error && (
          <p role="alert" className="px-4 py-3 text-sm text-red-600">
            {team.error.message}
          </p>
        )}
        {/* A list, not a table: on a phone each member's controls wrap under them instead of scrolling sideways. */}
        <ul className="divide-y divide-slate-100">
          {team.data?.members.map((m) => (
            <li
              key={m.userId}
              className="flex flex-wrap items-end justify-between gap-3 px-4 py-3 text-sm"
              data-testid="member-row"
            >
              <div className="min-w-0">
                <p className="break-all text-slate-900">
                  {m.email}
                  {m.userId === myUserId && <span className="ml-1 text-muted">(you)</span>}
                </p>
                <p className="text-slate-600">
                  <span className="capitalize" data-testid="member-role">
                    {m.role}
                  </span>{" "}
                  · joined {DATE_ONLY.format(new Date(m.joinedAt))}
                </p>
              </div>
              {owner && m.userId !== myUserId && <MemberActions accountId={accountId} member={m} onChanged={refresh} />}
            </li>
          ))}
        </ul>
      </section>
      {owner && team.data && team.data.invites.length > 0 && (
        <PendingInvites accountId={accountId} invites={team.data.invites} onChanged={refresh} />
      )}
      <section
        aria-label="Leave"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm"
      >
        <p className="text-slate-700">Leave this account. You lose access at once; an owner can invite you back.</p>
        <Button variant="secondary" disabled={leave.isPending} onClick={onLeave}>
          Leave account
        </Button>
        {leave.error && (
          <p role="alert" className="w-full text-red-600">
            {leave.error.message}
          </p>
        )}
      </section>
    </div>
  );
}
