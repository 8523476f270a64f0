// A verification code is a secret: in production it is never written to a log,
// even where no carrier could deliver it (development prints it, so a
// developer without a carrier can still verify a number).
import { describe, expect, it, onTestFinished } from "vitest";
import { apiCustomer } from "../../../test/api";
import { captureLogs } from "../../lib/logger";
import { db } from "../../db/client";
import { startNumberVerification } from "./start-number-verification";
import { configure } from "../../config/config";

async function logsOfAVerification(mode: string) {
  onTestFinished(configure({ NODE_ENV: mode }));
  const lines: string[] = [];
  const stop = captureLogs((line) => lines.push(line));
  const c = await apiCustomer();
  const number = `+2332011170${mode === "production" ? "01" : "02"}`;
  try {
    const started = await startNumberVerification({ accountId: c.accountId, number });
    expect(started.code_sent).toBe(false);
  } finally {
    stop();
  }
  const row = await db().verifiedNumber.findFirstOrThrow({ where: { accountId: c.accountId } });
  return { text: lines.join("\n"), codeHash: row.codeHash };
}

describe("verification codes and the log", () => {
  it("are never logged in production; development shows the code to the developer", async () => {
    const production = await logsOfAVerification("production");
    expect(production.text).toContain("no live SMS carrier");
    expect(production.text).not.toMatch(/\b\d{6}\b/);
    const development = await logsOfAVerification("development");
    expect(development.text).toMatch(/verification code is \d{6}/);
  });
});
