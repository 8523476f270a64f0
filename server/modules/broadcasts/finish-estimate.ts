// When a broadcast will finish: its recipients per destination country sent
// at its plan's per-minute pace, each country only while its window is open
// (Ghana's promotional SMS: 08:00-19:00, Monday to Saturday). A closed
// country's recipients wait while the others go on; when every country left
// is closed, the clock jumps to the next opening. Pure: the broadcast views
// and the draft's estimate call it with what they read.
import { windowAt, type WindowRule } from "../coverage/sending-window";

/** Recipients per country ("" for those without one) and the rule of each country that has one. */
export function estimateFinish({
  start,
  perMinute,
  audience,
  rules,
}: {
  start: Date;
  perMinute: number;
  audience: Record<string, number>;
  rules: Map<string, WindowRule>;
}): Date {
  const perMs = Math.max(1, perMinute) / 60_000;
  const left = new Map(Object.entries(audience).filter(([, n]) => n > 0));
  let t = start.getTime();
  // Each step ends at a window's change or when the open countries are done; a year of weekly windows is far fewer.
  for (let step = 0; step < 10_000 && left.size; step++) {
    const now = new Date(t);
    const open: string[] = [];
    let change = Infinity;
    for (const country of left.keys()) {
      const rule = rules.get(country);
      if (!rule) {
        open.push(country);
        continue;
      }
      const state = windowAt(rule, now);
      if (state.open) {
        open.push(country);
        if (state.closesAt) change = Math.min(change, state.closesAt.getTime());
      } else change = Math.min(change, state.opensAt.getTime());
    }
    // A change not after now (a repeated hour when clocks go back) moves time on a minute: time never runs back.
    if (change <= t) change = t + 60_000;
    if (!open.length) {
      t = change;
      continue;
    }
    const total = open.reduce((sum, c) => sum + left.get(c)!, 0);
    const done = t + total / perMs;
    if (done <= change) {
      for (const c of open) left.delete(c);
      t = done;
      continue;
    }
    // Until the change, the open countries share the pace (the worker takes their recipients in turn).
    const sent = (change - t) * perMs;
    for (const c of open) left.set(c, left.get(c)! - (sent * left.get(c)!) / total);
    t = change;
  }
  return new Date(Math.ceil(t / 1000) * 1000);
}
