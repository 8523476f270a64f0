import { resolve } from "node:path";
import { config } from "./config";

/** Where local state lives: the embedded database and the generated auth secret. */
export function dataDir(): string {
  // Read at run time from the setting: nothing here for the build to trace (the comment tells Turbopack so).
  return resolve(/*turbopackIgnore: true*/ config().KASA_DATA_DIR ?? ".data");
}
