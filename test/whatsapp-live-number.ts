// A live WhatsApp number for integration tests: an account with a balance and a number connected from the local
// Graph API (test/fake-whatsapp-graph.ts), its templates, sends, and Meta's signed posts to its webhook.
import { createHmac } from "node:crypto";
import { expect } from "vitest";
import { api, apiCustomer } from "./api";
import { useFakeWhatsappGraph } from "./use-fake-whatsapp-graph";
import { db } from "../server/db/client";
import { receiveWhatsappWebhook } from "../server/http/callbacks/whatsapp-webhook";

export const TOKEN = "EAAG-system-user-token-send-0123456789";
export const APP_SECRET = "fedcba9876543210fedcba9876543210";
let nextId = 5_000_000;
/** A Phone number ID Meta has not given yet. */
export const newPhoneNumberId = () => String(nextId++);
export const WABA = "4001";

const template = (name: string, body: string, status = "APPROVED", category = "UTILITY") => ({
  id: `t-${name}`,
  name,
  language: "en_US",
  status,
  category,
  components: [{ type: "BODY", text: body }],
});

/**
 * For this test file (its own local Graph API: the suite's files share modules, so hooks are registered per call):
 * the local Meta with the numbers' WABA templates, and a way to connect a live number from it.
 */
export function useLiveWhatsapp() {
  const graph = useFakeWhatsappGraph();
  graph.templates.set(WABA, {
    token: TOKEN,
    list: [
      template("order_update", "Hi {{1}}, your order {{2}} is on its way."),
      template("promo_pending", "Big sale at {{1}}", "PENDING", "MARKETING"),
      {
        id: "t-otp_code",
        name: "otp_code",
        language: "en_US",
        status: "APPROVED",
        category: "AUTHENTICATION",
        // As Meta lists a copy-code template: the button comes back with type URL.
        components: [
          { type: "BODY", text: "*{{1}}* is your verification code. For your security, do not share this code." },
          {
            type: "BUTTONS",
            buttons: [
              {
                type: "URL",
                text: "Copy code",
                url: "https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp{{1}}",
              },
            ],
          },
        ],
      },
    ],
  });

  /** An account (GHS 5 of balance) with a live number connected from the local Meta. */
  async function liveNumber() {
    const c = await apiCustomer({ balance: 5 });
    const phoneNumberId = newPhoneNumberId();
    graph.numbers.set(phoneNumberId, {
      token: TOKEN,
      appSecret: APP_SECRET,
      wabaId: WABA,
      display_phone_number: "+233 30 000 0001",
      verified_name: "Kasa Shop",
      quality_rating: "GREEN",
    });
    const res = await api("POST", "/api/v1/whatsapp/numbers", {
      key: c.liveKey,
      body: { phone_number_id: phoneNumberId, waba_id: WABA, access_token: TOKEN, app_secret: APP_SECRET },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { c, number: res.body.data as { id: string }, phoneNumberId };
  }

  return { graph, liveNumber };
}

export const send = (key: string, body: Record<string, unknown>) =>
  api("POST", "/api/v1/whatsapp/send", { key, body: { idempotency_key: `k-${Math.random()}`, ...body } });

/** Meta's post to the number's webhook, signed with the app secret. */
export async function metaPosts(numberId: string, value: Record<string, unknown>) {
  // Meta names the number each change is for; by default the one whose URL is posted to.
  const own = await db().whatsappNumber.findUniqueOrThrow({ where: { id: numberId } });
  const metadata = { display_phone_number: own.displayPhoneNumber, phone_number_id: own.phoneNumberId };
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      { id: WABA, changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata, ...value } }] },
    ],
  });
  const signature = `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`;
  const res = await receiveWhatsappWebhook(
    new Request(`http://kasa.test/api/whatsapp/${numberId}`, {
      method: "POST",
      body,
      headers: { "x-hub-signature-256": signature },
    }),
    numberId,
  );
  expect(res.status).toBe(200);
}

export const status = (wamid: string, name: string, extra: Record<string, unknown> = {}) => ({
  statuses: [
    {
      id: wamid,
      status: name,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: "233241234567",
      ...extra,
    },
  ],
});

export async function ledger(transactionId: string) {
  const rows = await db().ledgerEntry.findMany({ where: { transactionId }, orderBy: { id: "asc" } });
  return rows.map((r) => [r.kind, Number(r.amountMicros)]);
}

export async function events(transactionId: string) {
  const rows = await db().event.findMany({ where: { transactionId }, orderBy: { id: "asc" } });
  return rows.map((r) => r.event);
}
