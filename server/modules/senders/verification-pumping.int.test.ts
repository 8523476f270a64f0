// SMS pumping through number verification: a free sign-up asking Kasa to text
// codes in a loop. Cooldowns and caps per number, per account and per
// deployment stop it, and premium or unknown ranges are never texted.
import { describe, expect, it } from "vitest";
import { apiCustomer } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { db } from "../../db/client";
import { startNumberVerification } from "./start-number-verification";
import { VERIFICATION_LIMITS } from "./verification-limits";

const smsc = useLocalSmsc();

/** Pretends the last code to this number went out `seconds` earlier, to walk past the cooldown. */
const age = (number: string, seconds: number) =>
  db()
    .$executeRaw`UPDATE verification_code_sends SET sent_at = sent_at - make_interval(secs => ${seconds}) WHERE number = ${number}`;

describe("number verification as an SMS pump", () => {
  it("refuses premium-rate, toll-free and unknown ranges without texting them", async () => {
    const c = await apiCustomer();
    const before = smsc.submitted.length;
    for (const number of ["+449001234567", "+448001234567", "+19005550123"])
      await expect(startNumberVerification({ accountId: c.accountId, number })).rejects.toMatchObject({
        code: "INVALID_PHONE_NUMBER",
      });
    expect(smsc.submitted.length).toBe(before);
    expect(await db().verificationCodeSend.count({ where: { accountId: c.accountId } })).toBe(0);
  });

  it("waits a minute between codes to one number, sends it 3 a day, and lets one account send 5 a day", async () => {
    const c = await apiCustomer();
    const number = "+233201115555";
    const before = smsc.submitted.length;
    await startNumberVerification({ accountId: c.accountId, number });
    await expect(startNumberVerification({ accountId: c.accountId, number })).rejects.toMatchObject({
      code: "RATE_LIMIT_EXCEEDED",
      context: expect.objectContaining({ retryAfter: expect.any(Number) }),
    });
    for (let i = 1; i < VERIFICATION_LIMITS.perNumberPerDay; i++) {
      await age(number, 61);
      await startNumberVerification({ accountId: c.accountId, number });
    }
    await age(number, 61);
    // Another account cannot take the number's allowance further.
    const other = await apiCustomer();
    await expect(startNumberVerification({ accountId: other.accountId, number })).rejects.toMatchObject({
      code: "RATE_LIMIT_EXCEEDED",
    });
    expect(smsc.submitted.length - before).toBe(VERIFICATION_LIMITS.perNumberPerDay);

    // Five codes a day for one account, whatever the numbers.
    for (let i = 0; i < VERIFICATION_LIMITS.perAccountPerDay - VERIFICATION_LIMITS.perNumberPerDay; i++)
      await startNumberVerification({ accountId: c.accountId, number: `+23320111600${i}` });
    await expect(startNumberVerification({ accountId: c.accountId, number: "+233201116999" })).rejects.toMatchObject({
      code: "RATE_LIMIT_EXCEEDED",
    });
    expect(smsc.submitted.length - before).toBe(VERIFICATION_LIMITS.perAccountPerDay);
  });
});
