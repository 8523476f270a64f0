// The one way tests set configuration: through server/config's configure(),
// never by writing process.env. Child processes and threads a test starts get
// the same settings from childEnv().
import { afterAll } from "vitest";
import { configure, type RawSettings } from "../server/config/config";

/** Settings for the rest of this test file (put back after its last test). */
export function setConfig(settings: RawSettings): void {
  afterAll(configure(settings));
}

/** Settings while `fn` runs, then the previous ones again. */
export async function withConfig<T>(settings: RawSettings, fn: () => Promise<T>): Promise<T> {
  const restore = configure(settings);
  try {
    return await fn();
  } finally {
    restore();
  }
}
