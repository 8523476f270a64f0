import type { ReactNode } from "react";
import { ScrollRegion } from "./scroll-region";

export function Card({
  title,
  actions,
  children,
  className = "",
  label,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Names the card as a region (a landmark assistive technology can jump to). */
  label?: string;
}) {
  return (
    // min-w-0: in a grid, a card never grows past its column; what is wider (a table) scrolls inside the card.
    <section
      aria-label={label}
      className={`min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}
    >
      {(title || actions) && (
        <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
          <h2 className="text-sm font-semibold text-slate-800">{title}</h2>
          {actions}
        </header>
      )}
      <ScrollRegion
        className="overflow-x-auto p-5"
        label={label ?? (typeof title === "string" ? title : "Card content")}
      >
        {children}
      </ScrollRegion>
    </section>
  );
}
