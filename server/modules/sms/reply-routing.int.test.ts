// Replies are personal data: a reply must reach only an account that texted
// that number from that sender, and never cross to another account when the
// sender is an account's own. A test key sees no replies at all.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { db } from "../../db/client";
import { storedSms } from "../../../test/sms-rows";
import { registerSenderId } from "../senders/register-sender-id";
import { receiveInboundSms } from "./receive-inbound-sms";

type Customer = Awaited<ReturnType<typeof apiCustomer>>;

/** A live SMS this account sent `minutesAgo`. */
const sent = (c: Customer, to: string, sender: string, minutesAgo: number) =>
  storedSms({ accountId: c.accountId, apiKeyId: c.liveKeyId, to, sender, minutesAgo });

const reply = (from: string, to: string) => receiveInboundSms({ provider: "b", from, to, body: "YES" });
const ownerOf = async (id: string | null) =>
  id ? (await db().inboundSms.findUniqueOrThrow({ where: { id } })).accountId : null;

describe("routing replies", () => {
  it("goes only to an account that texted the number from that sender; a reply to another sender is dropped", async () => {
    const a = await apiCustomer();
    const b = await apiCustomer();
    await sent(a, "+233245550101", "Kasa", 60);
    await sent(b, "+233245550101", "Kasa Alerts", 5);
    expect(await ownerOf(await reply("+233245550101", "Kasa"))).toBe(a.accountId);
    expect(await ownerOf(await reply("+233245550101", "Kasa Alerts"))).toBe(b.accountId);
    // Nobody texted this number from this sender: not handed to whoever wrote last.
    expect(await reply("+233245550101", "SomeoneElse")).toBeNull();
  });

  it("never crosses accounts on an account's own sender ID, even when another account used that name last", async () => {
    const owner = await apiCustomer();
    const other = await apiCustomer();
    const name = `Shop${owner.accountId.slice(5, 9)}`;
    await registerSenderId({ accountId: owner.accountId, name, countryIso: "GH", approvedBy: "test" });
    await sent(owner, "+233245550102", name, 120);
    await sent(other, "+233245550102", name, 1); // written before the name was approved to its owner
    expect(await ownerOf(await reply("+233245550102", name))).toBe(owner.accountId);
    // The owner never texted this one: nobody gets it.
    await sent(other, "+233245550103", name, 1);
    expect(await reply("+233245550103", name)).toBeNull();
  });

  it("shows replies to live keys only", async () => {
    const c = await apiCustomer();
    await sent(c, "+233245550104", "Kasa", 3);
    await reply("+233245550104", "Kasa");
    expect((await api("GET", "/api/v1/sms/inbound", { key: c.liveKey })).body.data.messages).toHaveLength(1);
    expect((await api("GET", "/api/v1/sms/inbound", { key: c.testKey })).body.data).toEqual({
      messages: [],
      next_before: null,
    });
  });
});
