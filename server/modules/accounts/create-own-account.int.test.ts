import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { uniqueEmail } from "../../../test/factories";
import { callerFor } from "../../../test/trpc-caller";
import { MAX_OWNED_ACCOUNTS } from "./create-own-account";

describe("account.create (a signed-in person with no account)", () => {
  it("makes an account they own with both keys, up to the cap, then answers CONFLICT and makes nothing", async () => {
    const user = await db().user.create({
      data: { id: newId("usr"), email: uniqueEmail("lone"), emailVerifiedAt: new Date() },
    });
    const caller = await callerFor(user.id);
    const made = await caller.account.create({ name: "  Ama's shop  " });
    expect(made.name).toBe("Ama's shop");
    expect(await db().membership.findFirst({ where: { accountId: made.id, userId: user.id } })).toMatchObject({
      role: "owner",
    });
    // One key, the test key handed to the welcome step: no live key whose secret nobody saw.
    const keys = await db().apiKey.findMany({ where: { accountId: made.id } });
    expect(keys.map((k) => k.mode)).toEqual(["test"]);
    expect(made.testKey.startsWith(keys[0]!.prefix)).toBe(true);
    for (let i = 1; i < MAX_OWNED_ACCOUNTS; i++) await caller.account.create({ name: `Shop ${i}` });
    await expect(caller.account.create({ name: "One too many" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db().membership.count({ where: { userId: user.id } })).toBe(MAX_OWNED_ACCOUNTS);
    await expect(caller.account.create({ name: "   " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
