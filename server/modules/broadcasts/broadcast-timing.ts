// When a broadcast will finish, and which of its countries wait for a window
// now (docs/decisions.md, "Windows and consent"). A draft or scheduled one is
// estimated from its audience per country when it was made; a sending one
// from its queued recipients per country.
import type { Broadcast } from "../../db/generated/client";
import { db, sql } from "../../db/client";
import { coverage } from "../coverage/coverage-cache";
import { windowAt, type WindowRule } from "../coverage/sending-window";
import { planLimits } from "../limits/plan-limits";
import { pinnedClock } from "../../lib/clock";
import { estimateFinish } from "./finish-estimate";

export type BroadcastTiming = {
  estimated_finish_at: string | null;
  waiting_for_window: { country: string; recipients: number; opens_at: string }[];
};

const NONE: BroadcastTiming = { estimated_finish_at: null, waiting_for_window: [] };

/** `queued`: the sending broadcast's queued recipients per country when the caller has counted them already. */
export async function broadcastTiming(b: Broadcast, queued?: Record<string, number>): Promise<BroadcastTiming> {
  if (!["draft", "scheduled", "sending"].includes(b.status)) return NONE;
  const audience = b.status === "sending" ? (queued ?? (await queuedByCountry(b.id))) : draftAudience(b);
  const rules = await windowRules(b);
  const account = await db().account.findUnique({ where: { id: b.accountId }, select: { planId: true } });
  if (!account) return NONE;
  const perMinute = (await planLimits(account.planId, b.channel)).minute;
  const now = pinnedClock() ?? new Date();
  const start = b.status === "sending" ? now : new Date(Math.max(now.getTime(), b.scheduledAt?.getTime() ?? 0));
  const waiting =
    b.status !== "sending"
      ? []
      : Object.entries(audience).flatMap(([country, recipients]) => {
          const rule = rules.get(country);
          const state = rule && recipients > 0 ? windowAt(rule, now) : null;
          return state && !state.open ? [{ country, recipients, opens_at: state.opensAt.toISOString() }] : [];
        });
  return {
    estimated_finish_at: estimateFinish({ start, perMinute, audience, rules }).toISOString(),
    waiting_for_window: waiting,
  };
}

/** The rules that hold this broadcast's messages: its category's, SMS only. */
async function windowRules(b: Broadcast): Promise<Map<string, WindowRule>> {
  if (b.channel !== "sms") return new Map();
  const { countryRules } = await coverage();
  return new Map(countryRules.filter((r) => r.category === b.category).map((r) => [r.countryIso, r]));
}

function draftAudience(b: Broadcast): Record<string, number> {
  const counted = (b.audienceCountries ?? {}) as Record<string, number>;
  // A draft made before audiences were counted per country: its recipients, held by no window.
  return Object.keys(counted).length ? counted : { "": b.recipients };
}

async function queuedByCountry(broadcastId: string): Promise<Record<string, number>> {
  const { rows } = await sql().query<{ country: string; n: number }>(
    `SELECT coalesce(country_iso, '') AS country, count(*)::int AS n FROM broadcast_recipients
     WHERE broadcast_id = $1 AND status IN ('queued', 'sending') GROUP BY 1`,
    [broadcastId],
  );
  return Object.fromEntries(rows.map((r) => [r.country, r.n]));
}
