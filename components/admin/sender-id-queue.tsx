"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { ReasonAction } from "./reason-action";
import { Link } from "../ui/link";

/** Sender ID applications still waiting for a network's decision, network by network, with approve and reject. */
export function SenderIdQueue() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queue = useQuery(trpc.staff.senderIdQueue.queryOptions());
  const decide = useMutation(
    trpc.staff.decideSenderId.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.staff.senderIdQueue.queryKey() }),
    }),
  );
  if (queue.error)
    return (
      <p role="alert" className="text-sm text-red-600">
        {queue.error.message}
      </p>
    );
  if (!queue.data) return <p className="text-sm text-muted">Loading…</p>;
  return (
    <>
      <h1 className="text-2xl font-semibold">Sender IDs</h1>
      <p className="mt-1 text-sm text-slate-600">
        Each network decides on its own: record its answer here as it gives it. A rejection&apos;s reason is what the
        customer sees.
      </p>
      {queue.data.length === 0 && <p className="mt-6 text-sm text-muted">No application is waiting.</p>}
      {queue.data.map(({ network, pending }) => (
        <Card
          key={`${network.country}-${network.slug}`}
          title={`${network.name} (${network.country})`}
          className="mt-6"
        >
          <ul className="divide-y divide-slate-100" data-testid={`queue-${network.country}-${network.slug}`}>
            {pending.map((s) => (
              <li key={s.id} className="py-3 text-sm" data-testid="queue-item">
                <p>
                  <span className="font-mono font-semibold">{s.name}</span> for{" "}
                  <Link href={`/admin/accounts/${s.account.id}`} className="text-brand-700 underline">
                    {s.account.name}
                  </Link>
                  {s.companyName && <span className="text-slate-600"> · {s.companyName}</span>}
                </p>
                {s.useCase && <p className="text-xs text-slate-600">Use: {s.useCase}</p>}
                {s.sampleMessage && <p className="text-xs text-slate-600">Sample: “{s.sampleMessage}”</p>}
                {s.documents.length > 0 && (
                  <p className="mt-1 flex flex-wrap gap-3 text-xs">
                    {s.documents.map((d) => (
                      <a
                        key={d.id}
                        href={`/documents/sender-ids/${d.id}`}
                        download
                        className="text-brand-700 hover:underline"
                      >
                        {d.filename} ({Math.ceil(d.sizeBytes / 1024)} KB)
                      </a>
                    ))}
                  </p>
                )}
                <div className="mt-2 flex flex-wrap gap-4">
                  <ReasonAction
                    label={`Approve ${s.name} on ${network.name}`}
                    variant="primary"
                    run={(reason) =>
                      decide.mutateAsync({ id: s.id, status: "approved", network: network.slug, reason })
                    }
                  />
                  <ReasonAction
                    label={`Reject ${s.name} on ${network.name}`}
                    variant="danger"
                    run={(reason) =>
                      decide.mutateAsync({ id: s.id, status: "rejected", network: network.slug, reason })
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </>
  );
}
