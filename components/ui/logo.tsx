export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900 ${className}`}>
      <span
        aria-hidden
        className="grid h-7 w-7 place-items-center rounded-md bg-brand-600 text-sm font-bold text-white"
      >
        K
      </span>
      Kasa
    </span>
  );
}
