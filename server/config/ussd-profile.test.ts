import { describe, expect, it } from "vitest";
import { parseSmppUrl } from "./smpp-url";
import { SMPP_V34_USSD } from "./ussd-profile";

const url = (query: string) => `smpp://kasa:secret@127.0.0.1:2775${query}`;

describe("a bind's USSD profile", () => {
  it("is SMPP v3.4's unless the URL says otherwise", () => {
    expect(parseSmppUrl(url("")).ussd).toEqual({
      dial: 1,
      answer: 18,
      request: 2,
      response: 17,
      release: 0x81,
      codeIn: "message",
      endBit: true,
      coding: "smpp",
    });
    expect(
      parseSmppUrl(url("?ussd.release=32&ussd.code_in=destination&ussd.end_bit=off&ussd.coding=cbs")).ussd,
    ).toEqual({ ...SMPP_V34_USSD, release: 32, codeIn: "destination", endBit: false, coding: "cbs" });
  });

  it("refuses values it cannot use, naming the parameter", () => {
    expect(() => parseSmppUrl(url("?ussd.dial=256"))).toThrow(/ussd\.dial must be/);
    expect(() => parseSmppUrl(url("?ussd.answer=x"))).toThrow(/ussd\.answer must be/);
    expect(() => parseSmppUrl(url("?ussd.release=1"))).toThrow(/must differ/);
    expect(() => parseSmppUrl(url("?ussd.request=17"))).toThrow(/ussd\.request and ussd\.response must differ/);
    expect(() => parseSmppUrl(url("?ussd.coding=latin1"))).toThrow(/ussd\.coding must be smpp or cbs/);
    expect(() => parseSmppUrl(url("?ussd.end_bit=yes"))).toThrow(/ussd\.end_bit must be on or off/);
  });
});
