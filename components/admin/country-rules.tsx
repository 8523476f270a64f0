"use client";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { ReasonAction } from "./reason-action";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const field = "mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm";
type Rule = {
  countryIso: string;
  category: string;
  days: number[];
  opensMinute: number | null;
  closesMinute: number | null;
  timeZone: string;
  requiresConsent: boolean;
  description: string;
};

const clock = (m: number | null) =>
  m === null ? "" : `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const minutes = (value: FormDataEntryValue | null) => {
  const [h, m] = String(value ?? "").split(":");
  return h ? Number(h) * 60 + Number(m ?? 0) : null;
};

/**
 * Country rules: the days and the window, in the country's own time zone, in which promotional SMS goes out
 * (outside it a send waits for the next opening), and whether broadcasts there need consent. Each rule is edited in
 * place; a new country is added below (setting one a country has replaces it). Transactional SMS is never held.
 */
export function CountryRules({ rules, onChange }: { rules: Rule[]; onChange: () => void }) {
  const trpc = useTRPC();
  const set = useMutation(trpc.staff.setCountryRule.mutationOptions({ onSuccess: onChange }));
  const remove = useMutation(trpc.staff.removeCountryRule.mutationOptions({ onSuccess: onChange }));
  const save = (reason: string, form: FormData, key?: Rule) =>
    set.mutateAsync({
      countryIso: key?.countryIso ?? String(form.get("country")),
      category: "promotional" as const,
      days: DAYS.map((_, i) => i).filter((i) => form.get(`day${i}`) === "on"),
      opensMinute: minutes(form.get("opens")),
      closesMinute: minutes(form.get("closes")),
      timeZone: String(form.get("tz")),
      requiresConsent: form.get("consent") === "on",
      description: String(form.get("description") ?? ""),
      reason,
    });
  return (
    <div className="space-y-5">
      <ul className="space-y-4 text-sm">
        {rules.map((r) => (
          <li key={`${r.countryIso}/${r.category}`} data-testid="country-rule" className="space-y-2">
            <p>
              <span className="font-mono">{r.countryIso}</span> {r.category}: {r.description}
            </p>
            <ReasonAction label={`Save ${r.countryIso} ${r.category}`} run={(reason, form) => save(reason, form, r)}>
              <RuleFields rule={r} id={`${r.countryIso}-${r.category}`} />
            </ReasonAction>
            <ReasonAction
              label={`Remove ${r.countryIso} ${r.category}`}
              variant="danger"
              run={(reason) =>
                remove.mutateAsync({
                  countryIso: r.countryIso,
                  category: "promotional",
                  reason,
                })
              }
            />
          </li>
        ))}
      </ul>
      <ReasonAction label="Add rule" run={(reason, form) => save(reason, form)}>
        <label>
          <span className="block text-xs font-medium text-slate-600">Country (promotional SMS)</span>
          <input name="country" required maxLength={2} placeholder="GH" className={`${field} w-16`} />
        </label>
        <RuleFields id="new" />
      </ReasonAction>
    </div>
  );
}

function RuleFields({ rule, id }: { rule?: Rule; id: string }) {
  return (
    <>
      <fieldset className="text-xs">
        <legend className="font-medium text-slate-600">Days it may go out</legend>
        <div className="mt-1 flex flex-wrap gap-1">
          {DAYS.map((d, i) => (
            <label key={d} className="flex items-center gap-0.5">
              <input type="checkbox" name={`day${i}`} defaultChecked={rule ? rule.days.includes(i) : i > 0} />
              {d}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-opens`}>
        <span className="block text-xs font-medium text-slate-600">Opens</span>
        <input
          id={`${id}-opens`}
          name="opens"
          type="time"
          defaultValue={clock(rule?.opensMinute ?? null)}
          className={field}
        />
      </label>
      <label htmlFor={`${id}-closes`}>
        <span className="block text-xs font-medium text-slate-600">Closes</span>
        <input
          id={`${id}-closes`}
          name="closes"
          type="time"
          defaultValue={clock(rule?.closesMinute ?? null)}
          className={field}
        />
      </label>
      <label>
        <span className="block text-xs font-medium text-slate-600">Time zone</span>
        <input name="tz" required defaultValue={rule?.timeZone ?? "Africa/Accra"} className={`${field} w-36`} />
      </label>
      <label className="flex items-center gap-1 text-xs">
        <input type="checkbox" name="consent" defaultChecked={rule?.requiresConsent ?? false} />
        Promotion needs consent
      </label>
      <label className="min-w-[14rem] flex-1">
        <span className="block text-xs font-medium text-slate-600">What customers are told</span>
        <input
          name="description"
          defaultValue={rule?.description}
          placeholder="Left empty: the window in words"
          className={`${field} w-full`}
        />
      </label>
    </>
  );
}
