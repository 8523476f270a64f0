"use client";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { ReasonAction } from "./reason-action";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const field = "mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm";
type Rule = {
  id: string;
  countryIso: string;
  category: string;
  blockedWeekdays: number[];
  blockedFromHour: number | null;
  blockedToHour: number | null;
  timeZone: string;
  description: string;
};

/** Country content rules: what a country refuses, and when, in its own time zone. */
export function ContentRules({ rules, onChange }: { rules: Rule[]; onChange: () => void }) {
  const trpc = useTRPC();
  const add = useMutation(trpc.staff.addContentRule.mutationOptions({ onSuccess: onChange }));
  const remove = useMutation(trpc.staff.removeContentRule.mutationOptions({ onSuccess: onChange }));
  return (
    <div className="space-y-4">
      <ul className="space-y-2 text-sm">
        {rules.map((r) => (
          <li key={r.id} data-testid="content-rule">
            <p>
              <span className="font-mono">{r.countryIso}</span> {r.category}: {r.description}{" "}
              <span className="text-xs text-muted">
                ({r.blockedWeekdays.map((d) => DAYS[d]).join(", ")}
                {r.blockedFromHour !== null ? ` ${r.blockedFromHour}:00 to ${r.blockedToHour}:00` : ""}, {r.timeZone})
              </span>
            </p>
            <ReasonAction
              label={`Remove ${r.id}`}
              variant="danger"
              run={(reason) => remove.mutateAsync({ id: r.id, reason })}
            />
          </li>
        ))}
      </ul>
      <ReasonAction
        label="Add rule"
        run={(reason, form) => {
          const from = String(form.get("from") ?? "");
          const to = String(form.get("to") ?? "");
          return add.mutateAsync({
            countryIso: String(form.get("country")),
            category: form.get("category") as "promotional",
            timeZone: String(form.get("tz")),
            description: String(form.get("description")),
            reason,
            blockedWeekdays: DAYS.map((_, i) => i).filter((i) => form.get(`day${i}`) === "on"),
            blockedFromHour: from === "" ? null : Number(from),
            blockedToHour: to === "" ? null : Number(to),
          });
        }}
      >
        <label>
          <span className="block text-xs font-medium text-slate-600">Country</span>
          <input name="country" required maxLength={2} placeholder="GH" className={`${field} w-16`} />
        </label>
        <label>
          <span className="block text-xs font-medium text-slate-600">Category</span>
          <select name="category" className={field}>
            <option>promotional</option>
            <option>transactional</option>
          </select>
        </label>
        <fieldset className="text-xs">
          <legend className="font-medium text-slate-600">Blocked days</legend>
          <div className="mt-1 flex gap-1">
            {DAYS.map((d, i) => (
              <label key={d} className="flex items-center gap-0.5">
                <input type="checkbox" name={`day${i}`} />
                {d}
              </label>
            ))}
          </div>
        </fieldset>
        <label>
          <span className="block text-xs font-medium text-slate-600">From h</span>
          <input name="from" inputMode="numeric" className={`${field} w-14`} />
        </label>
        <label>
          <span className="block text-xs font-medium text-slate-600">To h</span>
          <input name="to" inputMode="numeric" className={`${field} w-14`} />
        </label>
        <label>
          <span className="block text-xs font-medium text-slate-600">Time zone</span>
          <input name="tz" required defaultValue="Africa/Accra" className={`${field} w-36`} />
        </label>
        <label className="min-w-[14rem] flex-1">
          <span className="block text-xs font-medium text-slate-600">What customers are told</span>
          <input
            name="description"
            required
            placeholder="Promotional SMS may not be sent to … on …"
            className={`${field} w-full`}
          />
        </label>
      </ReasonAction>
    </div>
  );
}
