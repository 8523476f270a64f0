"use client";
import { CopyButton } from "../ui/copy-button";
import { Button } from "../ui/button";

/** The recovery codes, shown this once: each signs in once when the app or passkey is lost. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div
      className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-4"
      role="region"
      aria-label="Recovery codes"
    >
      <p className="font-medium text-amber-900">Save these recovery codes now: they are not shown again.</p>
      <ul
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-slate-900 sm:grid-cols-5"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton value={codes.join("\n")} label="Copy codes" />
        <Button variant="secondary" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}
