import { coverage } from "../coverage/coverage-cache";
import { windowAt } from "../coverage/sending-window";
import { AppError } from "../../errors/app-error";
import { pinnedClock } from "../../lib/clock";

/** A country rule's window is closed for this category now: the rule and when it opens. */
export type ClosedWindow = { description: string; opensAt: Date };

/**
 * Country rules are rows in country_rules, not code: the days and hours a category of SMS may go out, in the
 * country's own time zone. Null when the category may go out now (no rule, or its window is open).
 */
export async function closedWindow(input: {
  countryIso: string;
  category: string;
  at?: Date;
}): Promise<ClosedWindow | null> {
  // Transactional messages are never held, whatever a rule says (set-country-rule.ts takes promotional ones only).
  if (input.category !== "promotional") return null;
  const rule = (await coverage()).countryRules.find(
    (r) => r.countryIso === input.countryIso && r.category === input.category,
  );
  if (!rule) return null;
  // A test pins the clock (server/lib/clock.ts) to send at 21:00 in Accra whatever the hour here.
  const state = windowAt(rule, input.at ?? pinnedClock() ?? new Date());
  return state.open ? null : { description: rule.description, opensAt: state.opensAt };
}

/** The refusal asked for with outside_window: "refuse" (and what a broadcast's recipient meets at a window's edge). */
export function outsideWindowError(countryIso: string, closed: ClosedWindow) {
  return new AppError("SMS_SEND_FAILED", {
    status: 400,
    message: `${closed.description}: the window opens at ${closed.opensAt.toISOString()}; nothing was charged`,
    context: { reason: "content_rule", country: countryIso, opens_at: closed.opensAt.toISOString() },
  });
}
