"use client";
import { useState } from "react";
import { Check, Copy } from "lucide-react";
import { Button } from "../ui/button";

/** The only time a full key is ever on screen. */
export function NewKeyNotice({ name, fullKey, onDone }: { name: string; fullKey: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(fullKey);
    setCopied(true);
  }
  return (
    <div role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-5">
      <p className="text-sm font-semibold text-amber-900">Your new key “{name}”</p>
      <p className="mt-1 text-sm text-amber-800">Copy it now and keep it somewhere safe: it will not be shown again.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          data-testid="new-key"
          className="min-w-0 flex-1 break-all rounded-md bg-white px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-amber-200"
        >
          {fullKey}
        </code>
        <Button variant="secondary" onClick={copy}>
          {copied ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
