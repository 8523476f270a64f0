// What a process keeps in memory about its settings or its database (a carrier
// table, a plan's limits, API keys it looked up) belongs to one configuration:
// when configure() replaces it (the embedded database's address once it runs;
// in tests, each file's own database and settings) the value is made again
// instead of answering from a database or setting that no longer applies.
import { config, type Config } from "./config";

export type PerConfiguration<T> = {
  /** The value for the configuration in force, made on the first call under it. */
  get(): T;
  /** Makes it again on the next call (staff changed what it was read from). */
  forget(): void;
};

export function perConfiguration<T>(make: () => T): PerConfiguration<T> {
  let made: { settings: Config; value: T } | undefined;
  return {
    get() {
      const settings = config();
      if (made?.settings !== settings) made = { settings, value: make() };
      return made.value;
    },
    forget() {
      made = undefined;
    },
  };
}

export type KeptRead<T> = { get(): Promise<T>; forget(): void };

/**
 * What `load` reads, kept for `ttlMs` under one configuration. Readers that arrive while it loads share that one
 * load; a load that fails is not kept, so the next reader tries again.
 */
export function keptFor<T>(ttlMs: number, load: () => Promise<T>): KeptRead<T> {
  const kept = perConfiguration(() => ({ value: undefined as Promise<T> | undefined, expires: 0 }));
  return {
    get() {
      const memory = kept.get();
      if (memory.value && memory.expires > Date.now()) return memory.value;
      const value = load();
      memory.value = value;
      memory.expires = Date.now() + ttlMs;
      value.catch(() => {
        if (memory.value === value) memory.value = undefined;
      });
      return value;
    },
    forget: kept.forget,
  };
}
