import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FAILURE_REASONS } from "../../providers/sms/failure-reasons";
import { EXPLAINED_REASONS, explainFailure } from "./failure-catalogue";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe("the failure reason catalogue", () => {
  it("explains every carrier reason and every error code Kasa stores, each in its own words", () => {
    // The codes Kasa's own code writes on a failed message (errorCode: "…"), read from the source: a new one
    // without an entry fails here.
    const stored = new Set<string>();
    for (const file of sourceFiles("server"))
      for (const line of readFileSync(file, "utf8").split("\n"))
        if (/errorCode[:=]/.test(line)) for (const m of line.matchAll(/"([a-z_]+)"/g)) stored.add(m[1]!);
    expect(stored.size).toBeGreaterThan(5);
    for (const reason of [...FAILURE_REASONS, ...stored]) expect(EXPLAINED_REASONS, reason).toContain(reason);
    const titles = EXPLAINED_REASONS.map((r) => explainFailure(r).title);
    expect(new Set(titles).size).toBeGreaterThan(titles.length - 3);
    expect(explainFailure("sender_id_not_approved_on_network").action).toContain("sender_fallback");
    // An unknown code still gets an answer, never nothing.
    expect(explainFailure("at_SomethingNew")).toMatchObject({ title: "Failed" });
  });
});
