import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeTwilioLookup } from "../../../test/fake-twilio-lookup";
import { freePort } from "../../../test/free-port";
import { twilioLookup } from "./twilio-lookup";

const fake = new FakeTwilioLookup();
beforeAll(() => fake.start("AC00000000000000000000000000000000", "lookup-test-token"));
afterAll(() => fake.stop());

describe("the Twilio Lookup v2 adapter", () => {
  it("asks for line type intelligence with the account's credentials and reads the network the number is on", async () => {
    fake.numbers.set("+233241000001", { mcc: "620", mnc: "02", carrier: "Telecel Ghana" });
    const answer = await twilioLookup(fake.url, 2_000).lookup("+233241000001");
    expect(answer).toEqual({
      ok: true,
      valid: true,
      lineType: "mobile",
      mcc: "620",
      mnc: "02",
      carrierName: "Telecel Ghana",
    });
    expect(fake.requests.at(-1)).toMatchObject({ number: "+233241000001", fields: "line_type_intelligence" });
  });

  it("reads a number it has no line data for (error_code 60600) as no answer to use, not as an error", async () => {
    const answer = await twilioLookup(fake.url, 2_000).lookup("+233301234567");
    expect(answer).toEqual({ ok: false, reason: "no_data" });
  });

  it("says why it has no answer: refused credentials, a provider that holds past the timeout, one that is down", async () => {
    const wrong = fake.url.replace("lookup-test-token", "wrong-token");
    expect(await twilioLookup(wrong, 2_000).lookup("+233241000001")).toEqual({ ok: false, reason: "refused" });
    fake.holding = true;
    try {
      expect(await twilioLookup(fake.url, 200).lookup("+233241000001")).toEqual({ ok: false, reason: "timeout" });
    } finally {
      fake.holding = false;
      fake.release();
    }
    const nobody = `http://AC1:token@127.0.0.1:${await freePort()}`;
    expect(await twilioLookup(nobody, 2_000).lookup("+233241000001")).toEqual({ ok: false, reason: "unreachable" });
  });
});
