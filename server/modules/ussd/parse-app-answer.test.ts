// What a customer's app may answer a hop, as apps written for Africa's Talking answer it.
import { describe, expect, it } from "vitest";
import { parseAppAnswer } from "./parse-app-answer";

describe("parseAppAnswer", () => {
  it("reads CON and END with their screen", () => {
    expect(parseAppAnswer(200, "CON Welcome\n1. Balance\n2. Airtime")).toEqual({
      kind: "continue",
      text: "Welcome\n1. Balance\n2. Airtime",
    });
    expect(parseAppAnswer(200, "END Thank you.\r\n")).toEqual({ kind: "end", text: "Thank you." });
    expect(parseAppAnswer(201, "CON\nPick one\n1. Yes")).toEqual({ kind: "continue", text: "Pick one\n1. Yes" });
    expect(parseAppAnswer(200, "\uFEFFEND Bye")).toEqual({ kind: "end", text: "Bye" });
    expect(parseAppAnswer(200, "END")).toEqual({ kind: "end", text: "" });
  });

  it("refuses what is not an answer, saying why", () => {
    expect(parseAppAnswer(500, "CON oops")).toMatchObject({ kind: "error", reason: "app_status", detail: "HTTP 500" });
    expect(parseAppAnswer(302, "")).toMatchObject({ kind: "error", reason: "app_status" });
    expect(parseAppAnswer(200, "<html>Welcome</html>")).toMatchObject({ kind: "error", reason: "app_format" });
    expect(parseAppAnswer(200, "CONTINUE please")).toMatchObject({ kind: "error", reason: "app_format" });
    expect(parseAppAnswer(200, "con lower case")).toMatchObject({ kind: "error", reason: "app_format" });
    expect(parseAppAnswer(200, "  \n")).toMatchObject({ kind: "error", reason: "app_empty" });
  });
});
