// The README's list of scopes is the one the dashboard and the API use (it once listed 9 of 12).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SCOPES } from "./scopes";

describe("the README's scopes", () => {
  it("are exactly the scopes keys can have", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const paragraph = /^Scopes: ([\s\S]*?)\(a key gets all/m.exec(readme)?.[1] ?? "";
    const listed = [...paragraph.matchAll(/`([a-z]+:[a-z]+)`/g)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...SCOPES].sort());
  });
});
