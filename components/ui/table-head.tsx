/**
 * The header row every dashboard table shares; a column named with a leading
 * ">" is right-aligned. A column with no visible name (the row's buttons) is
 * still named for screen readers: an empty header cell tells them nothing.
 */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-muted">
      <tr>
        {columns.map((column, i) => {
          const name = column.replace(/^>/, "");
          return (
            <th
              key={`${column}-${i}`}
              className={`px-4 py-2.5 font-medium ${column.startsWith(">") ? "text-right" : ""}`}
            >
              {name || <span className="sr-only">Actions</span>}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
