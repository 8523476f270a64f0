import { describe, expect, it } from "vitest";
import { apiCustomer } from "../../../test/api";
import { db } from "../../db/client";
import { registerWebhook } from "./register-webhook";
import { updateWebhook } from "./update-webhook";
import { configure } from "../../config/config";

describe("editing a webhook endpoint (the dashboard's Save changes)", () => {
  it("changes its URL, events and mode and keeps its signing secret; an unsafe URL changes nothing", async () => {
    const restore = configure({ WEBHOOK_ALLOWED_HOSTS: "hooks.example.com" });
    try {
      const c = await apiCustomer();
      const made = await registerWebhook(c.accountId, { url: "https://hooks.example.com/a", events: ["*"] });
      const before = await db().webhookEndpoint.findUniqueOrThrow({ where: { accountId: c.accountId } });
      const edited = await updateWebhook(c.accountId, {
        url: "https://hooks.example.com/b",
        events: ["sms.delivered", "sms.delivered"],
        mode: "live",
      });
      expect(edited).toMatchObject({
        id: made.id,
        url: "https://hooks.example.com/b",
        events: ["sms.delivered"],
        mode: "live",
      });
      const after = await db().webhookEndpoint.findUniqueOrThrow({ where: { accountId: c.accountId } });
      expect(after.secret).toBe(before.secret);
      await expect(updateWebhook(c.accountId, { url: "https://127.0.0.1/x", events: ["*"] })).rejects.toMatchObject({
        code: "INVALID_URL",
      });
      expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { accountId: c.accountId } })).url).toBe(
        "https://hooks.example.com/b",
      );
      const other = await apiCustomer();
      await expect(
        updateWebhook(other.accountId, { url: "https://hooks.example.com/c", events: ["*"] }),
      ).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    } finally {
      restore();
    }
  });
});
