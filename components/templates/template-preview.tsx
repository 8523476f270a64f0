"use client";
import { useEffect, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/router";
import { useTRPC } from "../trpc/client";
import { contentInput, type Content } from "./content-fields";

type Preview = inferRouterOutputs<AppRouter>["templates"]["preview"];

/** What the content becomes for a sample contact (Ama Mensah of Accra), asked of templates/preview as it is typed. */
export function TemplatePreview({
  accountId,
  mode,
  content,
}: {
  accountId: string;
  mode: "live" | "test";
  content: Content;
}) {
  const trpc = useTRPC();
  const settled = useSettled(content, 300);
  const ready = settled.channel === "sms" ? settled.body.trim() !== "" : settled.subject.trim() !== "";
  const [shown, setShown] = useState<Preview | undefined>();
  const { mutate, error } = useMutation(trpc.templates.preview.mutationOptions({ onSuccess: setShown }));
  const input = JSON.stringify({ accountId, mode, ...contentInput(settled) });
  useEffect(() => {
    if (ready) mutate(JSON.parse(input) as Parameters<typeof mutate>[0]);
  }, [ready, input, mutate]);
  const data = shown;
  return (
    <section aria-label="Preview" className="rounded-md border border-dashed border-slate-300 bg-slate-50 p-3 text-sm">
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">Preview for Ama Mensah, Accra</h3>
      {!ready ? (
        <p className="text-muted">Type the content to see it rendered.</p>
      ) : error ? (
        <p role="alert" className="text-red-600">
          {error.message}
        </p>
      ) : !data ? (
        <p className="text-muted">Rendering…</p>
      ) : data.channel === "sms" ? (
        <>
          <p className="whitespace-pre-wrap break-words" data-testid="preview-body">
            {data.body}
          </p>
          <p className="mt-2 text-xs text-muted" data-testid="preview-segments">
            {data.encoding === "gsm7" ? "GSM-7" : "Unicode (UCS-2)"} · {data.characters} characters · {data.segments}{" "}
            {data.segments === 1 ? "segment" : "segments"} (each charged)
          </p>
        </>
      ) : (
        <>
          <p className="font-medium" data-testid="preview-subject">
            {data.subject}
          </p>
          {data.html !== null && (
            <iframe
              title="The HTML part, rendered"
              sandbox=""
              srcDoc={data.html}
              className="mt-2 h-40 w-full rounded border border-slate-200 bg-white"
            />
          )}
          {data.text !== null && <p className="mt-2 whitespace-pre-wrap break-words text-xs">{data.text}</p>}
        </>
      )}
    </section>
  );
}

/** `value` once it has stopped changing for `ms`: one preview per pause in typing, not one per key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
