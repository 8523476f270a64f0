// The runnable USSD app of the docs (sdk/examples/ussd-app.ts), served over HTTPS and walked by Kasa's simulator:
// the SDK's verifyUssdCallback checks Kasa's real signatures, and a callback signed with another secret is refused.
import { afterEach, describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import { ussdApp } from "../../../sdk/examples/ussd-app";
import { simulateUssd } from "./simulate-ussd";

const { receiver: app } = useWebhookReceiver();
afterEach(() => {
  app.handler = null;
});

async function codeServedBy(secretFor: (signingSecret: string) => string) {
  const c = await apiCustomer();
  const code = (await api("GET", "/api/v1/ussd/codes", { key: c.testKey })).body.data.codes[0];
  app.handler = ussdApp(secretFor(code.signing_secret));
  const set = await api("PATCH", `/api/v1/ussd/codes/${code.id}`, { key: c.testKey, body: { callback_url: app.url } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const caller = { accountId: c.accountId, mode: "test" as const };
  const cert = app.cert;
  return (input: { session_id?: string; input?: string }) =>
    simulateUssd({ service_code: code.service_code, phone_number: "+233241234567", ...input }, caller, { ca: cert });
}

describe("the docs' USSD app", () => {
  it("runs its three-screen menu through Kasa, checking each callback's signature", async () => {
    const hop = await codeServedBy((secret) => secret);
    const dial = await hop({});
    expect(dial).toMatchObject({ screen: "Kasa Bank\n1. My balance\n2. Buy airtime", continues: true });
    expect(await hop({ session_id: dial.session_id, input: "2" })).toMatchObject({ screen: "Amount (GHS)" });
    const last = await hop({ session_id: dial.session_id, input: "5" });
    expect(last).toMatchObject({ screen: "You will get GHS 5 of airtime.", continues: false, ended_reason: "app_end" });
  });

  it("refuses a callback signed with another secret: the subscriber reads the failure text", async () => {
    const hop = await codeServedBy(() => "whsec_" + Buffer.alloc(32, 7).toString("base64"));
    const refused = await hop({});
    expect(refused).toMatchObject({ continues: false, ended_reason: "app_error" });
    expect(refused.hop).toMatchObject({ app_status: 401 });
  });
});
