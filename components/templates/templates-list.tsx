"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { DATE_ONLY } from "../ui/format-time";
import type { EditedTemplate } from "./template-editor";

/** The saved templates of this mode, newest first. */
export function TemplatesList({
  accountId,
  mode,
  canEdit,
  onEdit,
}: {
  accountId: string;
  mode: "live" | "test";
  canEdit: boolean;
  onEdit: (template: EditedTemplate) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useQuery(trpc.templates.list.queryOptions({ accountId, mode }));
  const remove = useMutation(
    trpc.templates.delete.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.templates.list.queryKey() }),
    }),
  );
  return (
    <Card title="Saved templates">
      {remove.error && (
        <p role="alert" className="mb-2 text-sm text-red-600">
          {remove.error.message}
        </p>
      )}
      {!data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : data.templates.length === 0 ? (
        <p className="text-sm text-muted">No {mode} templates yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.templates.map((t) => (
            <li key={t.id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-800">
                  {t.name}{" "}
                  <Badge tone={t.channel === "sms" ? "blue" : "slate"}>{t.channel === "sms" ? "SMS" : "Email"}</Badge>
                </p>
                <p className="mt-1 break-words text-xs text-muted">
                  {t.channel === "sms" ? t.body : t.subject} · version {t.version} ·{" "}
                  {DATE_ONLY.format(new Date(t.updated_at))} · <span className="font-mono">{t.id}</span>
                </p>
              </div>
              {canEdit && (
                <div className="flex shrink-0 gap-1">
                  <Button variant="ghost" aria-label={`Edit the template ${t.name}`} onClick={() => onEdit(t)}>
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Delete the template ${t.name}`}
                    disabled={remove.isPending}
                    onClick={() => confirm(`Delete ${t.name}?`) && remove.mutate({ accountId, mode, id: t.id })}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
