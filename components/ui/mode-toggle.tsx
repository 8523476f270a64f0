"use client";
import { pillClass } from "./pill";

/** Live or test: the pair of pills every page that shows both modes' data switches with. */
export function ModeToggle({ mode, onChange }: { mode: "live" | "test"; onChange: (mode: "live" | "test") => void }) {
  return (
    <div role="group" aria-label="Mode" className="flex gap-1">
      {(["live", "test"] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => onChange(m)}
          className={pillClass(mode === m)}
        >
          {m === "live" ? "Live" : "Test"}
        </button>
      ))}
    </div>
  );
}
