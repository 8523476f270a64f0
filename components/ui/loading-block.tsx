/**
 * Holds the place of content still loading. A page shows one of these, then
 * all of its late content at once: nothing already on screen moves down as
 * each part arrives (layout shift, docs/decisions.md, "Accessibility and pages").
 */
export function LoadingBlock({ className = "h-64" }: { className?: string }) {
  return (
    <div role="status" className={`animate-pulse rounded-lg bg-slate-100 ${className}`}>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
