import { resolve } from "node:path";

/** Where local state lives: the embedded database and the generated auth secret. */
export function dataDir(): string {
  return resolve(process.env.KASA_DATA_DIR ?? ".data");
}
