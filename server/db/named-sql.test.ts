import { describe, expect, it } from "vitest";
import { namedSql } from "./named-sql";

describe("namedSql", () => {
  it("numbers names in order of appearance and sends only those used", () => {
    const s = namedSql({ a: 1, b: 2, c: 3 }, (p) => {
      const leftOut = `AND x = ${p("b")}`; // an optional part the statement does not use
      return `SELECT ${p("c")}, ${p("a")}, ${p("c")}${leftOut.length < 0 ? leftOut : ""}`;
    });
    expect(s).toEqual({ name: expect.stringMatching(/^k[0-9a-f]{16}$/), text: "SELECT $1, $2, $1", values: [3, 1] });
  });
  it("refuses a name with no value", () => {
    expect(() => namedSql({}, (p) => p("x"))).toThrow("no value for x");
  });
});
