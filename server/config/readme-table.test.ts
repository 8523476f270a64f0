import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { withConfigurationTable } from "./readme-table";

describe("the README's configuration table", () => {
  it("is the one generated from server/config (run `npm run docs:config` when this fails)", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readme).toBe(withConfigurationTable(readme));
  });
});
