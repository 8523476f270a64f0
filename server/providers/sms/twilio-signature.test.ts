import { describe, expect, it } from "vitest";
import { twilioSignature, twilioSignatureValid } from "./twilio-signature";

// A published example of Twilio's scheme (URL with query string, five parameters, token "12345").
const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
const params = {
  CallSid: "CA1234567890ABCDE",
  Caller: "+12349013030",
  Digits: "1234",
  From: "+12349013030",
  To: "+18005551212",
};

describe("Twilio request signatures", () => {
  it("match the published example", () => {
    expect(twilioSignature("12345", url, params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });
  it("fail for another token, URL or parameter, or no header", () => {
    const good = twilioSignature("12345", url, params);
    expect(twilioSignatureValid("12345", url, params, good)).toBe(true);
    expect(twilioSignatureValid("54321", url, params, good)).toBe(false);
    expect(twilioSignatureValid("12345", `${url}&x=1`, params, good)).toBe(false);
    expect(twilioSignatureValid("12345", url, { ...params, Digits: "1235" }, good)).toBe(false);
    expect(twilioSignatureValid("12345", url, params, null)).toBe(false);
  });
});
