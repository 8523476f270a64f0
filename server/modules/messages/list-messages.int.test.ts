import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { addDomain } from "../domains/add-domain";
import { listMessages } from "./list-messages";

describe("the Messages list", () => {
  it("shows SMS and email together, newest first, and finds emails by tag", async () => {
    const c = await apiCustomer();
    await addDomain({
      accountId: c.accountId,
      name: `tags-${c.accountId.slice(5, 12).toLowerCase()}.example.com`,
      verifiedBy: "test",
    });
    await api("POST", "/api/v1/email/send", {
      key: c.testKey,
      body: { to: "a@example.org", subject: "Invoice 1", text: "t", tags: [{ name: "category", value: "invoice" }] },
    });
    await api("POST", "/api/v1/email/send", {
      key: c.testKey,
      body: { to: "b@example.org", subject: "Welcome", text: "t", tags: [{ name: "category", value: "onboarding" }] },
    });
    await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "+233241234567", message: "Code 1234" } });
    expect((await listMessages({ accountId: c.accountId })).items.map((m) => m.summary)).toEqual([
      "Code 1234",
      "Welcome",
      "Invoice 1",
    ]);
    expect(
      (await listMessages({ accountId: c.accountId, tag: "category:invoice" })).items.map((m) => m.summary),
    ).toEqual(["Invoice 1"]);
    expect((await listMessages({ accountId: c.accountId, kind: "sms" })).items.map((m) => m.kind)).toEqual(["sms"]);
  });
});
