/** The three roles, as a labelled select. */
export function RoleSelect({
  id,
  name,
  defaultValue,
  label = "Role",
  onChange,
}: {
  id: string;
  name: string;
  defaultValue: string;
  label?: string;
  onChange?: (role: "owner" | "developer" | "viewer") => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        onChange={onChange ? (e) => onChange(e.target.value as "viewer") : undefined}
        className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
      >
        <option value="viewer">Viewer</option>
        <option value="developer">Developer</option>
        <option value="owner">Owner</option>
      </select>
    </div>
  );
}
