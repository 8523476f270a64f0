// Prometheus metrics of a process, in one registry per isolate (kept on
// globalThis: under `npm run dev` Next's bundle and the front each load this
// file in one isolate, and both must count into the same registry). Node's defaults come with it: event-loop
// lag, heap, CPU, open handles.
import client, {
  type Counter,
  type Gauge,
  type Histogram,
  type MetricObjectWithValues,
  type MetricValue,
} from "prom-client";

/** A registry's series as data (what a thread sends another to merge into its /metrics). */
export type MetricsSnapshot = MetricObjectWithValues<MetricValue<string>>[];

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
