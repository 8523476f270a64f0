// Verify on WhatsApp (issue #42, point 5) against a local Graph API and a local SMSC: the code as the number's
// authentication template (read from what Meta was handed, with its copy-code button), and channel auto: an SMS with
// the same code when Meta refuses the message at once, or when it is not delivered in time; none when it is.
import { describe, expect, it } from "vitest";
import { api } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { metaPosts, status, useLiveWhatsapp } from "../../../test/whatsapp-live-number";
import { db, sql } from "../../db/client";
import { fallBackDueVerifications } from "./fall-back-to-sms";

const { graph, liveNumber } = useLiveWhatsapp();

const smsc = useLocalSmsc();

/** The code as the person reads it on WhatsApp: the template's body parameter Meta was handed. */
function whatsappCode(to: string) {
  const sent = graph.sent.filter((s) => s.body.to === to).at(-1)!;
  const components = (sent.body.template as { components: { type: string; parameters: { text: string }[] }[] })
    .components;
  return { code: components.find((c) => c.type === "body")!.parameters[0]!.text, components, wamid: sent.wamid };
}
const smsTo = (to: string) =>
  smsc.submitted
    .filter((s) => s.pdu.destination_addr === to.slice(1))
    .map((s) => (s.pdu.short_message as { message: string }).message);

const verify = (key: string, body: Record<string, unknown>) => api("POST", "/api/v1/verify/send", { key, body });

describe("Verify on WhatsApp", () => {
  it("sends the code as the authentication template, with the copy-code button, and approves it", async () => {
    const { c, number } = await liveNumber();
    await api("GET", `/api/v1/whatsapp/templates?number_id=${number.id}`, { key: c.liveKey });
    const sent = await verify(c.liveKey, { to: "+233241240001", channel: "whatsapp" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({
      channel: "whatsapp",
      status: "pending",
      sends: 1,
      price: { amount: 0.006 },
    });
    const { code, components } = whatsappCode("+233241240001");
    expect(code).toMatch(/^\d{6}$/);
    expect(components).toContainEqual({
      type: "button",
      sub_type: "url",
      index: "0",
      parameters: [{ type: "text", text: code }],
    });
    // The code reached Meta and nowhere else Kasa keeps.
    const message = await db().whatsappMessage.findFirstOrThrow({
      where: { accountId: c.accountId, contact: "+233241240001" },
    });
    expect(message.body).toBe("*••••••* is your verification code. For your security, do not share this code.");
    const events = await db().event.findMany({ where: { accountId: c.accountId } });
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(code);
    const checked = await api("POST", "/api/v1/verify/check", {
      key: c.liveKey,
      body: { verification_id: sent.body.data.verification_id, code },
    });
    expect(checked.body.data.status).toBe("approved");
    expect(smsTo("+233241240001")).toEqual([]);
  });

  it("auto: Meta refuses the message at once (not on WhatsApp), so the same code goes by SMS now", async () => {
    const { c, number } = await liveNumber();
    await api("GET", `/api/v1/whatsapp/templates?number_id=${number.id}`, { key: c.liveKey });
    graph.scripted.set("233241240002", { status: 400, code: 131026, title: "Message Undeliverable" });
    const sent = await verify(c.liveKey, { to: "+233241240002", channel: "auto" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ channel: "whatsapp", sends: 2 });
    const { code } = whatsappCode("+233241240002");
    const texts = smsTo("+233241240002");
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`code is ${code}. It expires in 10 minutes.`);
    // Charged for what went: the SMS; the WhatsApp message refunded.
    const messages = await db().verificationMessage.findMany({
      where: { verificationId: sent.body.data.verification_id },
    });
    expect(messages).toHaveLength(2);
    const wa = await db().whatsappMessage.findFirstOrThrow({ where: { contact: "+233241240002" } });
    expect(wa.status).toBe("failed");
    const status2 = await api("GET", `/api/v1/verify/status?verification_id=${sent.body.data.verification_id}`, {
      key: c.liveKey,
    });
    expect(status2.body.data.price.amount).toBeGreaterThan(0);
  });

  it("auto: not delivered in time, the SMS goes once with the same code; delivered in time, none goes", async () => {
    const { c, number } = await liveNumber();
    await api("GET", `/api/v1/whatsapp/templates?number_id=${number.id}`, { key: c.liveKey });
    const late = (await verify(c.liveKey, { to: "+233241240003", channel: "auto", fallback_seconds: 20 })).body.data;
    const quick = (await verify(c.liveKey, { to: "+233241240004", channel: "auto", fallback_seconds: 20 })).body.data;
    await metaPosts(number.id, status(whatsappCode("+233241240004").wamid!, "delivered"));
    // Their 20 seconds are up.
    await sql().query(`UPDATE verifications SET fallback_at = now() WHERE id = ANY($1)`, [
      [late.verification_id, quick.verification_id],
    ]);
    expect(await fallBackDueVerifications()).toBe(1);
    expect(await fallBackDueVerifications()).toBe(0);
    const { code } = whatsappCode("+233241240003");
    expect(smsTo("+233241240003")).toHaveLength(1);
    expect(smsTo("+233241240003")[0]).toContain(code);
    expect(smsTo("+233241240004")).toEqual([]);
    const after = await db().verification.findUniqueOrThrow({ where: { id: late.verification_id } });
    expect([after.sends, after.fallbackAt]).toEqual([2, null]);
  });
});
