// Prometheus metrics of a process, in one registry per process (kept on
// globalThis: Next's bundle and the lean front each load this file, and both
// must count into the same registry). Node's defaults come with it: event-loop
// lag, heap, CPU, open handles.
import client, { type Counter, type Gauge, type Histogram } from "prom-client";

type Holder = { kasaMetrics?: client.Registry };
const holder = globalThis as unknown as Holder;

export function metricsRegistry(): client.Registry {
  if (!holder.kasaMetrics) {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry, prefix: "kasa_" });
    holder.kasaMetrics = registry;
  }
  return holder.kasaMetrics;
}

function existing<M>(name: string): M | undefined {
  return metricsRegistry().getSingleMetric(name) as M | undefined;
}

export function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return existing<Counter<L>>(name) ?? new client.Counter({ name, help, labelNames, registers: [metricsRegistry()] });
}

export function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[],
): Histogram<L> {
  return (
    existing<Histogram<L>>(name) ??
    new client.Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry()] })
  );
}

/** A gauge read when Prometheus scrapes (`collect` sets its value). */
export function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect?: (this: Gauge<L>) => void | Promise<void>,
): Gauge<L> {
  return (
    existing<Gauge<L>>(name) ??
    new client.Gauge({ name, help, labelNames, registers: [metricsRegistry()], ...(collect ? { collect } : {}) })
  );
}
