// Password guessing: 10 wrong passwords for one email within 15 minutes, and
// the 11th attempt is refused even with the right password, saying when to
// retry; another person's sign-in is not affected, and the window passes.
import { describe, expect, it } from "vitest";
import { signedUpCustomer, TEST_PASSWORD } from "../../../test/factories";
import { db } from "../../db/client";
import { SIGN_IN_LIMITS, SignInThrottled } from "./sign-in-throttle";
import { signInWithPassword } from "./sign-in-with-password";

describe("signing in with a password", () => {
  it("after 10 failures for an email refuses even the right password until the window passes", async () => {
    const victim = await signedUpCustomer("victim");
    const bystander = await signedUpCustomer("bystander");
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail; i++)
      expect(await signInWithPassword({ email: victim.email, password: `guess-${i}-wrong` }, "203.0.113.7")).toBeNull();

    const refused = signInWithPassword({ email: victim.email, password: TEST_PASSWORD }, "198.51.100.1");
    await expect(refused).rejects.toBeInstanceOf(SignInThrottled);
    await expect(refused).rejects.toThrow(/Try again after \d\d:\d\d UTC/);
    expect(await signInWithPassword({ email: bystander.email, password: TEST_PASSWORD }, "198.51.100.1")).toMatchObject(
      {
        id: bystander.userId,
      },
    );

    await db()
      .$executeRaw`UPDATE sign_in_failures SET failed_at = failed_at - interval '16 minutes' WHERE email = ${victim.email}`;
    expect(await signInWithPassword({ email: victim.email, password: TEST_PASSWORD }, "203.0.113.7")).toMatchObject({
      id: victim.userId,
    });
  });

  it("after 50 failures from one address refuses that address for any email", async () => {
    const person = await signedUpCustomer("shared-office");
    const address = `192.0.2.${Math.floor(Math.random() * 250)}`;
    await db().$executeRaw`
      INSERT INTO sign_in_failures (email, ip) SELECT 'someone' || n || '@example.com', ${address} FROM generate_series(1, ${SIGN_IN_LIMITS.perAddress}) n`;
    await expect(signInWithPassword({ email: person.email, password: TEST_PASSWORD }, address)).rejects.toBeInstanceOf(
      SignInThrottled,
    );
    expect(await signInWithPassword({ email: person.email, password: TEST_PASSWORD }, "198.51.100.2")).not.toBeNull();
    await db().$executeRaw`DELETE FROM sign_in_failures WHERE ip = ${address}`;
  });
});
