import { db } from "../../db/client";
import { keptFor } from "../../config/per-configuration";

import type { Service } from "./services";

export type { Service } from "./services";
export type WindowLimits = { minute: number; day: number; month: number };

// Plans change by migration or staff action, rarely; a minute of staleness is fine.
const TTL_MS = 60_000;
const limitsByPlan = keptFor(TTL_MS, async () => {
  const rows = await db().planLimit.findMany();
  return new Map<string, WindowLimits>(
    rows.map((r) => [`${r.planId}:${r.service}`, { minute: r.perMinute, day: r.perDay, month: r.perMonth }]),
  );
});

export async function planLimits(planId: string, service: Service): Promise<WindowLimits> {
  const limits = (await limitsByPlan.get()).get(`${planId}:${service}`);
  if (!limits) throw new Error(`No limits for plan ${planId} and service ${service}`);
  return limits;
}
