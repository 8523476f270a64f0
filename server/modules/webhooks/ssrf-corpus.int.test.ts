import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { api, apiCustomer } from "../../../test/api";
import { TestDnsServer } from "../../../test/dns-server";
import { HttpsReceiver } from "../../../test/https-receiver";
import { raiseEvents } from "../../../test/events";
import { db } from "../../db/client";
import { seal } from "../../lib/seal";
import { deliverWebhooks } from "../../../test/deliver-webhooks";
import { configure } from "../../config/config";

// The corpus: each must be refused when registered, and refused again
// when dialled (an endpoint stored before a DNS change, or written around the API).
const CORPUS = [
  "http://example.com/hook",
  "https://127.0.0.1/hook",
  "https://localhost/hook",
  "https://[::1]/hook",
  "https://0.0.0.0/hook",
  "https://2130706433/hook",
  "https://0x7f.1/hook",
  "https://[::ffff:127.0.0.1]/hook",
  "https://[::ffff:0:7f00:1]/hook",
  "https://[64:ff9b:1::7f00:1]/hook",
  "https://[2001::7f00:1]/hook",
  "https://[::7f00:1]/hook",
  "https://169.254.169.254/latest/meta-data",
  "https://10.0.0.8/hook",
  "https://172.16.4.4/hook",
  "https://172.31.255.254/hook",
  "https://192.168.1.20/hook",
  "https://100.64.0.9/hook",
  "https://[fc00::1]/hook",
  "https://[fd12:3456::1]/hook",
  "https://[fe80::1]/hook",
  "https://rebind.kasa-test.example/hook",
];

const dns = new TestDnsServer();
const receiver = new HttpsReceiver();
let restore = () => {};
beforeAll(async () => {
  await dns.start();
  await receiver.start();
  // Public first, loopback second: a client that trusts the first answer would be fooled.
  dns.zone.set("rebind.kasa-test.example", { A: ["93.184.216.34", "127.0.0.1"] });
  restore = configure({ KASA_DNS_SERVERS: dns.address, WEBHOOK_ALLOWED_HOSTS: undefined });
});
afterAll(async () => {
  restore();
  await Promise.all([dns.stop(), receiver.stop()]);
});

describe("webhook URLs that point at our own network", () => {
  it("are refused at registration with INVALID_URL and nothing stored", async () => {
    const c = await apiCustomer();
    for (const url of CORPUS) {
      const res = await api("POST", "/api/v1/webhooks", { key: c.testKey, body: { url, events: ["*"] } });
      expect(res.status, url).toBe(400);
      expect(res.body.error.code, url).toBe("INVALID_URL");
    }
    expect(await db().webhookEndpoint.count({ where: { accountId: c.accountId } })).toBe(0);
    // A public name is accepted, so the refusals above are about the addresses.
    dns.zone.set("hooks.kasa-test.example", { A: ["93.184.216.34"] });
    expect(
      (
        await api("POST", "/api/v1/webhooks", {
          key: c.testKey,
          body: { url: "https://hooks.kasa-test.example/in", events: ["*"] },
        })
      ).status,
    ).toBe(200);
  });

  it("are refused at connect time: nothing is sent and the attempt says why", async () => {
    for (const url of CORPUS.filter((u) => u.startsWith("https:"))) {
      const c = await apiCustomer();
      // Stored directly, as if the name resolved to a public address when it was registered.
      const endpointId = randomUUID();
      await db().webhookEndpoint.create({
        data: {
          id: endpointId,
          accountId: c.accountId,
          url,
          events: ["*"],
          secret: seal("whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ="),
        },
      });
      await raiseEvents(c.accountId, 1);
      await deliverWebhooks({ ca: receiver.cert });
      const row = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId } });
      expect(row, url).toMatchObject({
        status: "pending",
        attempts: 1,
        lastStatusCode: null,
        lastError: expect.stringMatching(/^refused: /),
      });
    }
    expect(receiver.received).toHaveLength(0);
  });

  it("a name that turns private after registration (DNS rebinding) is refused when dialled", async () => {
    dns.zone.set("turncoat.kasa-test.example", { A: ["93.184.216.34"] });
    const c = await apiCustomer();
    const hook = await api("POST", "/api/v1/webhooks", {
      key: c.testKey,
      body: { url: `https://turncoat.kasa-test.example:${receiver.port}/in`, events: ["*"] },
    });
    expect(hook.status).toBe(200);
    dns.zone.set("turncoat.kasa-test.example", { A: ["127.0.0.1"] });
    await raiseEvents(c.accountId, 1);
    await deliverWebhooks({ ca: receiver.cert });
    const row = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: hook.body.data.id } });
    expect(row.lastError).toBe("refused: turncoat.kasa-test.example resolves to 127.0.0.1");
    expect(receiver.received).toHaveLength(0);
  });
});
