import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { adminRun } from "../../test/run-admin";

async function admin(...args: string[]) {
  const run = await adminRun(...args, "--json");
  return { ...run, json: run.code === 0 ? JSON.parse(run.stdout) : null };
}

describe("npm run admin -- country-rule set", () => {
  it("sets a country's window as the issue writes it, audited; bad arguments are exit 2 with one line and no change", async () => {
    const set = await admin(
      "country-rule",
      "set",
      "SN",
      "--category",
      "promotional",
      "--window",
      "08:00-19:00",
      "--days",
      "mon-sat",
      "--time-zone",
      "Africa/Dakar",
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.json.country_rule).toMatchObject({
      countryIso: "SN",
      category: "promotional",
      days: [1, 2, 3, 4, 5, 6],
      opensMinute: 480,
      closesMinute: 1140,
      timeZone: "Africa/Dakar",
    });
    // Ghana's, as the issue asks for it: the time zone is kept from the rule it replaces.
    const gh = await adminRun(
      "country-rule",
      "set",
      "GH",
      "--category",
      "promotional",
      "--window",
      "08:00-19:00",
      "--days",
      "mon-sat",
    );
    expect(gh.code, gh.stderr).toBe(0);
    expect(gh.stdout.trim()).toBe("GH promotional SMS: Mon–Sat, 08:00–19:00 (Africa/Accra), consent required");
    expect(await db().auditEvent.count({ where: { target: "SN/promotional", action: "country_rule.add" } })).toBe(1);

    const before = await db().countryRule.findMany({ orderBy: [{ countryIso: "asc" }, { category: "asc" }] });
    for (const args of [
      ["country-rule", "set", "SN", "--category", "marketing", "--window", "08:00-19:00"],
      // Transactional messages are never held: no rule can hold them.
      ["country-rule", "set", "SN", "--category", "transactional", "--window", "08:00-19:00"],
      ["country-rule", "set", "SN", "--category", "promotional", "--window", "8-19"],
      ["country-rule", "set", "SN", "--category", "promotional", "--window", "08:00-08:00"],
      ["country-rule", "set", "SN", "--category", "promotional", "--window", "08:00-19:00", "--days", "funday"],
      ["country-rule", "set", "SN", "--category", "promotional"],
      ["country-rule", "set", "Senegal", "--category", "promotional", "--all-day"],
      // A country with no rule yet needs its time zone; an unknown zone or country is refused.
      ["country-rule", "set", "KE", "--category", "promotional", "--window", "08:00-19:00"],
      [
        "country-rule",
        "set",
        "KE",
        "--category",
        "promotional",
        "--all-day",
        "--days",
        "mon-fri",
        "--time-zone",
        "Mars/Olympus",
      ],
      ["country-rule", "set", "QQ", "--category", "promotional", "--all-day", "--time-zone", "UTC"],
    ]) {
      const run = await admin(...args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
    expect(await db().countryRule.findMany({ orderBy: [{ countryIso: "asc" }, { category: "asc" }] })).toEqual(before);
    await db().countryRule.delete({ where: { countryIso_category: { countryIso: "SN", category: "promotional" } } });
  });
});
