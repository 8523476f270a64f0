/** A toggle pill of a button group (filters, modes, languages): pressed is filled, the others outlined. */
export function pillClass(pressed: boolean, size: "sm" | "md" = "md"): string {
  const box = size === "sm" ? "px-2.5 py-0.5" : "px-3 py-1";
  return `rounded-full ${box} text-xs font-medium ring-1 ${pressed ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`;
}
