"use client";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "../ui/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import { useTRPC } from "../trpc/client";

const LINK = "block rounded px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 w-full";

/**
 * The header's Help: a disclosure (a button and a list of links, which every screen reader announces plainly),
 * closed by Escape or a click elsewhere. "Get started checklist" brings back a checklist its member hid.
 */
export function HelpMenu({ accountId }: { accountId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const router = useRouter();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const show = useMutation(
    trpc.onboarding.setHidden.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.onboarding.checklist.queryKey({ accountId }) });
        router.push(`/accounts/${accountId}`);
      },
    }),
  );
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onClick = (e: MouseEvent) => box.current?.contains(e.target as Node) || setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900"
      >
        Help
        <ChevronDown aria-hidden className="h-3.5 w-3.5" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-20 mt-2 w-60 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        <ul>
          <li>
            <button
              type="button"
              className={LINK}
              onClick={() => {
                close();
                show.mutate({ accountId, hidden: false });
              }}
            >
              Get started checklist
            </button>
          </li>
          <li>
            <Link className={LINK} href={`/accounts/${accountId}/get-started`} onClick={close}>
              Your first API call
            </Link>
          </li>
          <li>
            <Link className={LINK} href="/docs" onClick={close}>
              Docs
            </Link>
          </li>
          <li>
            <Link className={LINK} href="/docs/reference" onClick={close}>
              API reference
            </Link>
          </li>
          <li>
            <Link className={LINK} href="/docs/errors" onClick={close}>
              Error codes
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
