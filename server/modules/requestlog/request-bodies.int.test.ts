// The request log's detail keeps what a request carried and what it was
// answered (docs/decisions.md, "The request log"), redacted before it is written.
import { describe, expect, it, onTestFailed } from "vitest";
import { api, apiCustomer, requestLogFor } from "../../../test/api";
import { db } from "../../db/client";
import { createApiKey } from "../keys/create-api-key";
import { getRequest } from "./list-requests";
import { configure } from "../../config/config";

describe("request and response bodies in the request log", () => {
  it("keeps both for a known account, with message bodies and secrets redacted, refusals included", async () => {
    const restore = configure({ WEBHOOK_ALLOWED_HOSTS: "hooks.example.com" });
    onTestFailed(restore);
    const c = await apiCustomer();
    const sent = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233241234567", message: "Your code is 482913" },
    });
    expect(sent.status).toBe(200);
    const smsOnly = await createApiKey({ accountId: c.accountId, mode: "test", scopes: ["sms:send"] });
    const refused = await api("POST", "/api/v1/webhooks", {
      key: smsOnly.key,
      body: { url: "https://hooks.example.com/x", events: ["*"], secret: "a-secret-of-sixteen-chars" },
    });
    expect(refused.status).toBe(403);
    const unknown = await api("GET", "/api/v1/nowhere", { key: c.testKey });
    expect(unknown.status).toBe(404);

    const lines = await requestLogFor(c.accountId);
    const bySend = lines.find((l) => l.path === "/api/v1/sms/send")!;
    const detail = await getRequest({ accountId: c.accountId, id: bySend.id.toString() });
    expect(detail!.requestBody).toEqual({ to: "+233241234567", message: "[redacted: 19 characters]" });
    expect(detail!.responseBody).toMatchObject({
      success: true,
      data: { transaction_id: sent.body.data.transaction_id, status: "sent" },
    });
    // The message text is nowhere in what was stored.
    const stored = await db().requestLogBody.findMany({ where: { accountId: c.accountId } });
    expect(JSON.stringify(stored)).not.toContain("482913");
    expect(JSON.stringify(stored)).not.toContain("a-secret-of-sixteen-chars");

    const byRefusal = lines.find((l) => l.path === "/api/v1/webhooks")!;
    expect(byRefusal.status).toBe(403);
    const refusal = await getRequest({ accountId: c.accountId, id: byRefusal.id.toString() });
    // Refused before its body was read: the body is not kept (it was never looked at), the answer is.
    expect(refusal!.requestBody).toBeNull();
    expect(refusal!.responseBody).toMatchObject({ success: false, error: { code: "FORBIDDEN" } });

    const byUnknown = lines.find((l) => l.path === "/api/v1/nowhere")!;
    const notFound = await getRequest({ accountId: c.accountId, id: byUnknown.id.toString() });
    expect(notFound!.responseBody).toMatchObject({ error: { code: "NOT_FOUND" } });

    // A webhook's secret, sent and answered, is kept as [redacted] both ways.
    const hook = await api("POST", "/api/v1/webhooks", {
      key: c.testKey,
      body: { url: "https://hooks.example.com/x", events: ["*"], secret: "a-secret-of-sixteen-chars" },
    });
    expect(hook.status).toBe(200);
    const byHook = (await requestLogFor(c.accountId)).find((l) => l.path === "/api/v1/webhooks" && l.status === 200)!;
    const hookDetail = await getRequest({ accountId: c.accountId, id: byHook.id.toString() });
    expect(hookDetail!.requestBody).toMatchObject({ secret: "[redacted]" });
    expect(hookDetail!.responseBody).toMatchObject({ data: { secret: "[redacted]" } });
    expect(JSON.stringify(await db().requestLogBody.findMany({ where: { accountId: c.accountId } }))).not.toContain(
      "a-secret-of-sixteen-chars",
    );
    restore();

    // Another account sees none of it.
    const other = await apiCustomer();
    expect(await getRequest({ accountId: other.accountId, id: bySend.id.toString() })).toBeNull();
  });

  it("keeps nothing for a request whose key is unknown", async () => {
    const before = await db().requestLogBody.count();
    await api("POST", "/api/v1/sms/send", { key: "kasa_test_unknownkey", body: { to: "+233241234567", message: "x" } });
    await requestLogFor("nobody");
    expect(await db().requestLogBody.count()).toBe(before);
  });
});
