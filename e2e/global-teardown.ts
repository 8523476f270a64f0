// After the whole suite: the server's log of the run (web process and worker)
// must hold no secret that went through it: no API key, no password, no
// webhook secret, no message body. Only what identifies without granting:
// key prefixes, request ids, account ids.
import { existsSync, readFileSync } from "node:fs";
import { E2E } from "../playwright.config";
import { LOG_CANARY, PASSWORD } from "./helpers";

const SECRETS: [string, RegExp][] = [
  ["a full API key", /kasa_(test|live)_[0-9A-Za-z]{32}/],
  ["the suite's password", new RegExp(PASSWORD)],
  ["a webhook signing secret", /whsec_[0-9A-Za-z+/=]{16,}/],
  ["a message body", new RegExp(LOG_CANARY)],
  ["the metrics token", new RegExp(E2E.METRICS_TOKEN)],
];

export default function checkServerLog() {
  if (!existsSync(E2E.SERVER_LOG)) throw new Error(`no server log at ${E2E.SERVER_LOG}`);
  const log = readFileSync(E2E.SERVER_LOG, "utf8");
  // Not vacuous: the log must be the structured one this check reads.
  if (!/"msg":"kasa: production server on/.test(log))
    throw new Error("the server log has no JSON lines: is it logging?");
  const leaks = SECRETS.filter(([, pattern]) => pattern.test(log)).map(([what]) => what);
  if (leaks.length) throw new Error(`the server log of the run holds ${leaks.join(", ")} (${E2E.SERVER_LOG})`);
}
