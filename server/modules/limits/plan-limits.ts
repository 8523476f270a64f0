import { db } from "../../db/client";

import type { Service } from "./services";

export type { Service } from "./services";
export type WindowLimits = { minute: number; day: number; month: number };

// Plans change by migration or staff action, rarely; a minute of staleness is fine.
const TTL_MS = 60_000;
let cached: { expires: number; byPlan: Map<string, WindowLimits> } | undefined;

export async function planLimits(planId: string, service: Service): Promise<WindowLimits> {
  if (!cached || cached.expires < Date.now()) {
    const rows = await db().planLimit.findMany();
    cached = {
      expires: Date.now() + TTL_MS,
      byPlan: new Map(
        rows.map((r) => [`${r.planId}:${r.service}`, { minute: r.perMinute, day: r.perDay, month: r.perMonth }]),
      ),
    };
  }
  const limits = cached.byPlan.get(`${planId}:${service}`);
  if (!limits) throw new Error(`No limits for plan ${planId} and service ${service}`);
  return limits;
}
