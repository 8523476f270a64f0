import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { db } from "../../db/client";
import { confirmNumberVerification } from "./confirm-number-verification";
import { startNumberVerification } from "./start-number-verification";

const smsc = useLocalSmsc();

describe("verifying a phone number to send from it", () => {
  it("texts a 6-digit code; a wrong code is refused; the right one verifies, and the number then works as `from` (TON 1)", async () => {
    const c = await apiCustomer({ balance: 5 });
    const started = await startNumberVerification({ accountId: c.accountId, number: "+233201112222" });
    expect(started).toMatchObject({ code_sent: true, number: { number: "+233201112222", status: "pending" } });
    const text = (smsc.submitted.at(-1)!.pdu.short_message as { message: string }).message;
    const code = /(\d{6})/.exec(text)![1]!;
    expect(smsc.submitted.at(-1)!.pdu.destination_addr).toBe("233201112222");
    const row = await db().verifiedNumber.findFirstOrThrow({ where: { accountId: c.accountId } });
    expect(row.codeHash).not.toContain(code); // stored hashed

    const wrong = code === "000000" ? "000001" : "000000";
    await expect(
      confirmNumberVerification({ accountId: c.accountId, id: started.number.id, code: wrong }),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    const other = await apiCustomer();
    await expect(
      confirmNumberVerification({ accountId: other.accountId, id: started.number.id, code }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await confirmNumberVerification({ accountId: c.accountId, id: started.number.id, code })).toMatchObject({
      status: "verified",
    });

    const sent = await api("POST", "/api/v1/sms/send", {
      key: c.liveKey,
      body: { to: "+233241234567", message: "from my phone", from: "+233201112222" },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(smsc.submitted.at(-1)!.pdu).toMatchObject({
      source_addr_ton: 1,
      source_addr_npi: 1,
      source_addr: "233201112222",
    });
  });

  it("stops accepting codes after 5 wrong tries, and a resend does not give them back; an expired code is refused", async () => {
    const c = await apiCustomer();
    const started = await startNumberVerification({ accountId: c.accountId, number: "+233201113333" });
    const code = /(\d{6})/.exec((smsc.submitted.at(-1)!.pdu.short_message as { message: string }).message)![1]!;
    const wrong = code === "999999" ? "999998" : "999999";
    for (let i = 0; i < 5; i++)
      await expect(
        confirmNumberVerification({ accountId: c.accountId, id: started.number.id, code: wrong }),
      ).rejects.toThrow("not right");
    await expect(confirmNumberVerification({ accountId: c.accountId, id: started.number.id, code })).rejects.toThrow(
      "Too many",
    );
    // Once, a fresh code reset the count: a number could be brute-forced five guesses at a time.
    const sentBefore = smsc.submitted.length;
    await expect(startNumberVerification({ accountId: c.accountId, number: "+233201113333" })).rejects.toMatchObject({
      code: "RATE_LIMIT_EXCEEDED",
    });
    expect(smsc.submitted.length).toBe(sentBefore);

    const other = await startNumberVerification({ accountId: c.accountId, number: "+233201114444" });
    const fresh = /(\d{6})/.exec((smsc.submitted.at(-1)!.pdu.short_message as { message: string }).message)![1]!;
    await db().verifiedNumber.update({
      where: { id: other.number.id },
      data: { codeExpiresAt: new Date(Date.now() - 1_000) },
    });
    await expect(
      confirmNumberVerification({ accountId: c.accountId, id: other.number.id, code: fresh }),
    ).rejects.toThrow("expired");
  });
});
