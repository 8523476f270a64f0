import { resolve } from "node:path";
import { config } from "./config";

/** Where local state lives: the embedded database and the generated auth secret. */
export function dataDir(): string {
  return resolve(config().KASA_DATA_DIR ?? ".data");
}
