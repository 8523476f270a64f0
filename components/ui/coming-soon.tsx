import { PageHeader } from "./page-header";

/** A page whose feature lands in a later issue: it exists, says what is coming, and never 404s. */
export function ComingSoon({ title, description, items }: { title: string; description: string; items: string[] }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8">
        <p className="text-sm font-medium text-slate-800">Coming soon</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-600">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </>
  );
}
