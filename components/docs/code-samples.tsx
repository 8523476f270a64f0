"use client";
import { useState } from "react";
import { CopyButton } from "../ui/copy-button";
import { ScrollRegion } from "../ui/scroll-region";
import { pillClass } from "../ui/pill";

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
              className={pillClass(language === l.id, "sm")}
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
