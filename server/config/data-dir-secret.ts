// A secret a single-machine install makes once and keeps in its data dir
// (mode 600), so `npm run dev` needs no configuration and nothing secret is in
// the repo. Several processes may race to make it: the first file wins.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dataDir } from "./data-dir";

export function secretFromDataDir(
  fileName: string,
  make: () => string = () => randomBytes(32).toString("base64url"),
): string {
  const file = join(dataDir(), fileName);
  if (!existsSync(file)) {
    mkdirSync(dataDir(), { recursive: true });
    try {
      writeFileSync(file, make(), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}
