// A number's templates (issue #42, point 2) read from a local Graph API speaking Meta's list and its cursor paging:
// listed on the first read, refreshed on demand, only their change of status raising whatsapp.template_updated,
// one listed no more removed, and Meta's silence a 502 that keeps what was there.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { useFakeWhatsappGraph } from "../../../test/use-fake-whatsapp-graph";
import { db } from "../../db/client";
import { syncAllWhatsappTemplates } from "./sync-whatsapp-templates";

const graph = useFakeWhatsappGraph();

const TOKEN = "EAAG-template-test-token-0123456789";
const SECRET = "0123456789abcdef0123456789abcdef";

const template = (i: number, status = "APPROVED") => ({
  id: String(5_000 + i),
  name: `order_update_${String(i).padStart(3, "0")}`,
  language: "en_US",
  status,
  category: i % 2 ? "UTILITY" : "MARKETING",
  components: [
    { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
    { type: "BODY", text: `Hi {{1}}, order {{2}} is on its way (${i}). {{1}}` },
  ],
});

async function connectedNumber(wabaId: string) {
  const c = await apiCustomer();
  const phoneNumberId = String(7_000_000 + Number(wabaId));
  graph.numbers.set(phoneNumberId, {
    token: TOKEN,
    appSecret: SECRET,
    display_phone_number: "+233 24 000 0001",
    verified_name: "Kasa",
    quality_rating: "GREEN",
  });
  const res = await api("POST", "/api/v1/whatsapp/numbers", {
    key: c.liveKey,
    body: { phone_number_id: phoneNumberId, waba_id: wabaId, access_token: TOKEN, app_secret: SECRET },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { c, number: res.body.data as { id: string } };
}

const list = (key: string, query: string) => api("GET", `/api/v1/whatsapp/templates?${query}`, { key });

describe("WhatsApp templates", () => {
  it("lists every page of Meta's templates on the first read, with their category, body and variables", async () => {
    // 230 templates: three pages of 100, followed by their cursor.
    graph.templates.set("3001", { token: TOKEN, list: Array.from({ length: 230 }, (_, i) => template(i)) });
    const { c, number } = await connectedNumber("3001");
    const before = graph.requests.length;
    const res = await list(c.liveKey, `number_id=${number.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.templates).toHaveLength(230);
    expect(graph.requests.length - before).toBe(3);
    expect(res.body.data.templates[1]).toMatchObject({
      id: "5001",
      name: "order_update_001",
      language: "en_US",
      category: "utility",
      status: "APPROVED",
      body: "Hi {{1}}, order {{2}} is on its way (1). {{1}}",
      variables: 2,
    });
    expect(res.body.data.synced_at).not.toBeNull();
    // Read again from what was kept: Meta is not asked.
    const asked = graph.requests.length;
    expect((await list(c.liveKey, `number_id=${number.id}&status=APPROVED`)).body.data.templates).toHaveLength(230);
    expect(graph.requests.length).toBe(asked);
  });

  it("raises whatsapp.template_updated only for a template whose status changed, and drops one Meta no longer lists", async () => {
    graph.templates.set("3002", { token: TOKEN, list: [template(1, "PENDING"), template(2), template(3)] });
    const { c, number } = await connectedNumber("3002");
    expect((await list(c.liveKey, `number_id=${number.id}`)).body.data.templates).toHaveLength(3);
    graph.templates.set("3002", { token: TOKEN, list: [template(1, "APPROVED"), template(2)] });
    // The worker's pass reads every number's again.
    await syncAllWhatsappTemplates();
    const now = (await list(c.liveKey, `number_id=${number.id}`)).body.data.templates;
    expect(now.map((t: { name: string; status: string }) => [t.name, t.status])).toEqual([
      ["order_update_001", "APPROVED"],
      ["order_update_002", "APPROVED"],
    ]);
    const events = await db().event.findMany({ where: { accountId: c.accountId, event: "whatsapp.template_updated" } });
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ name: "order_update_001", status: "APPROVED", previous_status: "PENDING" }),
    ]);
    // Nothing changed: no event.
    await syncAllWhatsappTemplates();
    expect(await db().event.count({ where: { accountId: c.accountId, event: "whatsapp.template_updated" } })).toBe(1);
  });

  it("answers 502 when Meta does not answer a refresh, keeping what it had; refuses another account's number", async () => {
    graph.templates.set("3003", { token: TOKEN, list: [template(7)] });
    const { c, number } = await connectedNumber("3003");
    expect((await list(c.liveKey, `number_id=${number.id}`)).body.data.templates).toHaveLength(1);
    graph.holding = true;
    try {
      const res = await list(c.liveKey, `number_id=${number.id}&refresh=true`);
      expect([res.status, res.body.error.code]).toEqual([502, "PROVIDER_ERROR"]);
    } finally {
      graph.holding = false;
    }
    expect(await db().whatsappTemplate.count({ where: { numberId: number.id } })).toBe(1);
    const other = await apiCustomer();
    expect((await list(other.liveKey, `number_id=${number.id}`)).status).toBe(404);
    expect((await list(other.liveKey, "")).body.error.code).toBe("MISSING_ID");
    expect((await list(c.liveKey, `number_id=${number.id}&status=LIVE`)).status).toBe(400);
  });
});
