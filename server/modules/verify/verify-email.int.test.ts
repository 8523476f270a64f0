// Verify by email against a real SMTP server standing in for the relay, and
// test-mode verifications, which deliver nothing and whose code the dashboard
// shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { api, apiCustomer, emailSender } from "../../../test/api";
import { useSmtpSink } from "../../../test/smtp-sink";
import { db } from "../../db/client";
import { EMAIL_PRICE_PER_RECIPIENT_MICROS } from "../email/pricing";
import { listVerifications } from "./list-verifications";
import { configure } from "../../config/config";

const sink = useSmtpSink({ beforeAll, afterAll });

async function lastMail() {
  return simpleParser(sink.messages.at(-1)!.raw);
}

describe("verify/send by email", () => {
  it("mails the code from the account's verified domain, DKIM-signed, charges one email and approves it", async () => {
    const c = await emailSender("verify", 1);
    const sent = await api("POST", "/api/v1/verify/send", {
      key: c.liveKey,
      body: { to: "Person@Example.com", brand: "Ama Shop", locale: "fr" },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ to: "person@example.com", channel: "email", status: "pending", sends: 1 });
    expect(sent.body.data.price).toEqual({ amount: Number(EMAIL_PRICE_PER_RECIPIENT_MICROS) / 1e6, currency: "USD" });
    const mail = await lastMail();
    expect(sink.messages.at(-1)!.to).toEqual(["person@example.com"]);
    expect(mail.from!.text).toBe(`noreply@${c.domain.name}`);
    expect(mail.subject).toBe("Votre code de vérification Ama Shop");
    expect(mail.headers.get("dkim-signature")).toBeTruthy();
    const code = /est (\d{6})\./.exec(mail.text!)![1]!;
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(
      1_000_000n - EMAIL_PRICE_PER_RECIPIENT_MICROS,
    );

    const checked = await api("POST", "/api/v1/verify/check", {
      key: c.liveKey,
      body: { to: "person@example.com", code },
    });
    expect(checked.body.data).toMatchObject({ status: "approved", verification_id: sent.body.data.verification_id });
  });

  it("sends from the deployment's Verify address when the account has no verified domain, named for the brand, charged as an email", async () => {
    const c = await apiCustomer({ balance: 1 });
    const restore = configure({ KASA_VERIFY_FROM: "verify@kasa.test" });
    try {
      const sent = await api("POST", "/api/v1/verify/send", {
        key: c.liveKey,
        body: { to: "someone@example.com", brand: "Ama Shop" },
      });
      expect(sent.status).toBe(200);
    } finally {
      restore();
    }
    const mail = await lastMail();
    expect(mail.from!.text).toBe('"Ama Shop via Kasa" <verify@kasa.test>');
    expect(mail.headers.get("dkim-signature")).toBeUndefined();
    expect(mail.text!.trim()).toMatch(/^Your Ama Shop code is \d{6}\. It expires in 10 minutes\.$/);
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(
      1_000_000n - EMAIL_PRICE_PER_RECIPIENT_MICROS,
    );
  });
});

describe("a test verification", () => {
  it("is delivered by the sandbox, charged nothing, and its code is shown on the dashboard (test mode only)", async () => {
    const c = await apiCustomer({ balance: 1 });
    const mails = sink.messages.length;
    const sent = await api("POST", "/api/v1/verify/send", { key: c.testKey, body: { to: "+233241110300" } });
    expect(sent.status).toBe(200);
    const email = await api("POST", "/api/v1/verify/send", { key: c.testKey, body: { to: "tester@example.com" } });
    expect(email.status).toBe(200);
    expect(sink.messages.length).toBe(mails); // nothing left
    // With no domain, from "<brand> via Kasa" in test mode as in live, never the sandbox's own sender.
    const stored = await db().emailMessage.findFirstOrThrow({ where: { accountId: c.accountId, mode: "test" } });
    expect(stored.sender).toMatch(/ via Kasa" <verify@/);
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(1_000_000n);

    const test = await listVerifications({ accountId: c.accountId, mode: "test" });
    const shown = test.items.find((v) => v.id === sent.body.data.verification_id)!;
    expect(shown.testCode).toMatch(/^\d{6}$/);
    const checked = await api("POST", "/api/v1/verify/check", {
      key: c.testKey,
      body: { verification_id: shown.id, code: shown.testCode },
    });
    expect(checked.body.data.status).toBe("approved");

    // A live verification's code is never shown, pending or not.
    const live = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "tester@example.com" } });
    expect(live.status).toBe(200);
    const liveList = await listVerifications({ accountId: c.accountId, mode: "live" });
    expect(liveList.items.map((v) => [v.id, v.testCode])).toEqual([[live.body.data.verification_id, null]]);
  });
});
