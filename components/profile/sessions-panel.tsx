"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { TableHead } from "../ui/table-head";
import { deviceName } from "@/server/lib/device-name";
import { ScrollRegion } from "../ui/scroll-region";
import { utcTime } from "../ui/format-time";

/** The person's signed-in sessions, each with "Sign out", and "Sign out everywhere else". */
export function SessionsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.profile.sessions.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.profile.sessions.queryKey() });
  const endOthers = useMutation(trpc.profile.endOtherSessions.mutationOptions({ onSuccess: refresh }));
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  return (
    <section aria-label="Sessions" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Signed-in sessions</h2>
          <p className="text-sm text-slate-600">A session you sign out here is refused at its next request.</p>
        </div>
        <Button variant="secondary" disabled={others === 0 || endOthers.isPending} onClick={() => endOthers.mutate()}>
          Sign out everywhere else
        </Button>
      </div>
      {sessions.error && (
        <p role="alert" className="px-4 py-3 text-sm text-red-600">
          {sessions.error.message}
        </p>
      )}
      {/* On a phone, one card per session, its sign-out in reach; from the sm breakpoint, the table. */}
      <ul className="divide-y divide-slate-100 sm:hidden">
        {sessions.data?.map((s) => (
          <li key={s.id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="text-slate-900">
                <DeviceName session={s} />
              </p>
              <p className="text-slate-600">
                {s.ip ?? "Unknown address"} · last seen {utcTime(s.lastSeenAt)}
              </p>
            </div>
            {!s.current && <EndSessionButton session={s} className="shrink-0 whitespace-nowrap" />}
          </li>
        ))}
      </ul>
      <ScrollRegion className="hidden overflow-x-auto sm:block" label="Sessions">
        <table className="w-full text-left text-sm">
          <TableHead columns={["Device", "Address", "Signed in", "Last seen", ">"]} />
          <tbody>
            {sessions.data?.map((s) => (
              <tr key={s.id} className="border-b border-slate-100 last:border-0" data-testid="session-row">
                <td className="max-w-xs truncate px-4 py-2.5 text-slate-900" title={s.userAgent ?? undefined}>
                  <DeviceName session={s} />
                </td>
                <td className="px-4 py-2.5 text-slate-600">{s.ip ?? "—"}</td>
                <td className="whitespace-nowrap px-4 py-2.5 text-slate-600">{utcTime(s.createdAt)}</td>
                <td className="whitespace-nowrap px-4 py-2.5 text-slate-600">{utcTime(s.lastSeenAt)}</td>
                <td className="px-4 py-2.5 text-right">{!s.current && <EndSessionButton session={s} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

type Session = { id: string; userAgent: string | null; createdAt: Date | string; current: boolean };

function DeviceName({ session }: { session: Session }) {
  return (
    <>
      {deviceName(session.userAgent)}
      {session.current && <span className="ml-2 text-xs font-medium text-brand-700">this browser</span>}
    </>
  );
}

/** Ends one other session; the list refreshes when it is gone. */
function EndSessionButton({ session, className }: { session: Session; className?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const end = useMutation(
    trpc.profile.endSession.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.profile.sessions.queryKey() }),
    }),
  );
  return (
    <Button
      variant="ghost"
      disabled={end.isPending}
      onClick={() => end.mutate({ sessionId: session.id })}
      aria-label={sessionLabel(session)}
      className={className}
    >
      Sign out
    </Button>
  );
}

/** What a screen reader hears on a session's sign-out button: which session it ends. */
function sessionLabel(s: { userAgent: string | null; createdAt: Date | string }): string {
  return `Sign out the session from ${deviceName(s.userAgent)} signed in ${utcTime(s.createdAt)}`;
}
