"use client";
import { useState } from "react";
import { CopyButton } from "../ui/copy-button";
import { ScrollRegion } from "../ui/scroll-region";

const LANGUAGES = [
  { id: "curl", label: "curl" },
  { id: "sdk", label: "TypeScript SDK" },
  { id: "python", label: "Python" },
] as const;
type Language = (typeof LANGUAGES)[number]["id"];

/** One operation's example in three languages, one shown at a time, each copyable whole. */
export function CodeSamples({ samples, label }: { samples: Record<Language, string>; label: string }) {
  const [language, setLanguage] = useState<Language>("curl");
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label={`${label}: example language`} className="flex gap-1">
          {LANGUAGES.map((l) => (
            <button
              key={l.id}
              type="button"
              aria-pressed={language === l.id}
              onClick={() => setLanguage(l.id)}
              className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${language === l.id ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
            >
              {l.label}
            </button>
          ))}
        </div>
        <CopyButton value={samples[language]} label={`Copy ${language} example`} />
      </div>
      <ScrollRegion
        as="pre"
        label={`${label}: ${language} example`}
        className="mt-2 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100"
      >
        {samples[language]}
      </ScrollRegion>
    </div>
  );
}
