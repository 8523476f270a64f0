// The API for what the dashboard does (docs/decisions.md, "Senders, content rules and replies"): sender IDs, phone
// numbers and the request log over /api/v1, each behind its scope.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../test/api";
import { useLocalSmsc } from "../../test/use-local-smsc";
import { createApiKey } from "../modules/keys/create-api-key";

const smsc = useLocalSmsc();

describe("/api/v1/sender-ids", () => {
  it("registers (pending), lists and withdraws; a key without senders:manage is refused", async () => {
    const c = await apiCustomer();
    const name = `Shop${c.accountId.slice(-5).replace(/[^A-Za-z]/g, "x")}`.slice(0, 11);
    const made = await api("POST", "/api/v1/sender-ids", { key: c.testKey, body: { sender_id: name, country: "gh" } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ name, country: "GH", status: "pending" });
    const again = await api("POST", "/api/v1/sender-ids", { key: c.testKey, body: { sender_id: name, country: "GH" } });
    expect(again.body.error).toMatchObject({ code: "CONFLICT" });
    const nowhere = await api("POST", "/api/v1/sender-ids", {
      key: c.testKey,
      body: { sender_id: name, country: "ZZ" },
    });
    expect(nowhere.body.error.code).toBe("INVALID_COUNTRY");
    const missing = await api("POST", "/api/v1/sender-ids", { key: c.testKey, body: { country: "GH" } });
    expect(missing.body.error).toMatchObject({ code: "MISSING_FIELD" });

    const listed = await api("GET", "/api/v1/sender-ids", { key: c.testKey });
    expect(listed.body.data.sender_ids).toEqual([expect.objectContaining({ id: made.body.data.id, name })]);

    const smsOnly = await createApiKey({ accountId: c.accountId, mode: "test", scopes: ["sms:send"] });
    const refused = await api("GET", "/api/v1/sender-ids", { key: smsOnly.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "FORBIDDEN", required_permission: "senders:manage" });

    const gone = await api("DELETE", `/api/v1/sender-ids?id=${made.body.data.id}`, { key: c.testKey });
    expect(gone.body.data).toEqual({ id: made.body.data.id, deleted: true });
    expect((await api("DELETE", `/api/v1/sender-ids?id=${made.body.data.id}`, { key: c.testKey })).status).toBe(404);
    expect((await api("DELETE", "/api/v1/sender-ids", { key: c.testKey })).body.error.code).toBe("MISSING_ID");
  });
});

describe("/api/v1/phone-numbers", () => {
  it("texts a code, verifies the number with it, lists it verified, and removes it", async () => {
    const c = await apiCustomer({ balance: 5 });
    const started = await api("POST", "/api/v1/phone-numbers", { key: c.liveKey, body: { number: "+233201113333" } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({
      code_sent: true,
      number: { number: "+233201113333", status: "pending" },
    });
    const code = /(\d{6})/.exec((smsc.submitted.at(-1)!.pdu.short_message as { message: string }).message)![1]!;
    const id = started.body.data.number.id as string;

    const wrong = await api("POST", "/api/v1/phone-numbers/verify", {
      key: c.liveKey,
      body: { id, code: code === "000000" ? "000001" : "000000" },
    });
    expect(wrong.status).toBe(400);
    const verified = await api("POST", "/api/v1/phone-numbers/verify", { key: c.liveKey, body: { id, code } });
    expect(verified.body.data).toMatchObject({ id, status: "verified" });
    expect((await api("GET", "/api/v1/phone-numbers", { key: c.liveKey })).body.data.phone_numbers).toEqual([
      expect.objectContaining({ id, number: "+233201113333", status: "verified" }),
    ]);
    const bad = await api("POST", "/api/v1/phone-numbers", { key: c.liveKey, body: { number: "12" } });
    expect(bad.body.error.code).toBe("INVALID_PHONE_NUMBER");
    expect((await api("DELETE", `/api/v1/phone-numbers?id=${id}`, { key: c.liveKey })).body.data).toEqual({
      id,
      deleted: true,
    });
  });
});

describe("GET /api/v1/requests", () => {
  it("pages the request log newest first, with filters, behind transactions:read", async () => {
    const c = await apiCustomer();
    await api("GET", "/api/v1/balance", { key: c.testKey });
    await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "12", message: "x" } });
    const page = await api("GET", "/api/v1/requests", { key: c.testKey });
    expect(page.status).toBe(200);
    expect(page.body.data.requests.slice(0, 2)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/api/v1/sms/send",
        status: 400,
        error_code: "INVALID_PHONE_NUMBER",
      }),
      expect.objectContaining({ method: "GET", path: "/api/v1/balance", status: 200, error_code: null }),
    ]);
    expect(page.body.data.requests[0]).toMatchObject({
      request_id: expect.stringMatching(/^req_/),
      duration_ms: expect.any(Number),
      mode: "test",
      created_at: expect.any(String),
    });
    const errors = await api("GET", "/api/v1/requests?status=4xx&error_code=invalid_phone_number", { key: c.testKey });
    expect(errors.body.data.requests.map((r: { path: string }) => r.path)).toEqual(["/api/v1/sms/send"]);
    const later = await api(
      "GET",
      `/api/v1/requests?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      {
        key: c.testKey,
      },
    );
    expect(later.body.data).toEqual({ requests: [], next_cursor: null });
    const bad = await api("GET", "/api/v1/requests?status=3xx", { key: c.testKey });
    expect(bad.status).toBe(400);
    // A cursor past int8 is a 400 that names it, never the database's error (docs/decisions.md, "Validation and errors").
    const huge = await api("GET", "/api/v1/requests?cursor=99999999999999999999", { key: c.testKey });
    expect(huge.status).toBe(400);
    expect(huge.body.error.message).toContain("cursor");

    const smsOnly = await createApiKey({ accountId: c.accountId, mode: "test", scopes: ["sms:send"] });
    expect((await api("GET", "/api/v1/requests", { key: smsOnly.key })).body.error).toMatchObject({
      code: "FORBIDDEN",
      required_permission: "transactions:read",
    });
  });

  it("pages with next_cursor, 50 at a time", async () => {
    const c = await apiCustomer();
    for (let i = 0; i < 55; i++) await api("GET", "/api/v1/balance", { key: c.testKey });
    const first = await api("GET", "/api/v1/requests?path=/balance", { key: c.testKey });
    expect(first.body.data.requests).toHaveLength(50);
    const second = await api("GET", `/api/v1/requests?path=/balance&cursor=${first.body.data.next_cursor}`, {
      key: c.testKey,
    });
    expect(second.body.data.requests).toHaveLength(5);
    expect(second.body.data.next_cursor).toBeNull();
  });
});
