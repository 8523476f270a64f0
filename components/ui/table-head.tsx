/** The header row every dashboard table shares; a column named with a leading ">" is right-aligned. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
      <tr>
        {columns.map((column, i) => (
          <th
            key={`${column}-${i}`}
            className={`px-4 py-2.5 font-medium ${column.startsWith(">") ? "text-right" : ""}`}
          >
            {column.replace(/^>/, "")}
          </th>
        ))}
      </tr>
    </thead>
  );
}
