// Templates through the API (docs/decisions.md, "Templates and broadcasts"): variables with defaults, escaped in HTML, unknown ones refused, and a
// preview that counts SMS segments with sms/send's own code.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { countSegments } from "../../lib/sms-segments";
import { renderTemplate } from "./render-template";
import { db } from "../../db/client";

describe("/api/v1/templates", () => {
  it("saves an SMS template and previews it for a contact and for the sample, with its segments", async () => {
    const c = await apiCustomer();
    const body = 'Hi {{first_name | "there"}}, your {{attributes.city}} order is ready. Reply STOP to opt out.';
    const created = await api("POST", "/api/v1/templates", {
      key: c.liveKey,
      body: { name: "Order ready", channel: "sms", body },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: "Order ready", channel: "sms", body, subject: null });
    const contact = (
      await api("POST", "/api/v1/contacts", {
        key: c.liveKey,
        body: { phone: "+233241250001", attributes: { city: "Kumasi" } },
      })
    ).body.data;
    const preview = await api("POST", "/api/v1/templates/preview", {
      key: c.liveKey,
      body: { template_id: created.body.data.id, contact_id: contact.id },
    });
    const text = "Hi there, your Kumasi order is ready. Reply STOP to opt out.";
    expect(preview.body.data).toEqual({ channel: "sms", body: text, ...pick(countSegments(text)) });
    const sample = await api("POST", "/api/v1/templates/preview", {
      key: c.liveKey,
      body: { channel: "sms", body: "Akwaaba {{first_name}} 🎉" },
    });
    expect(sample.body.data).toMatchObject({ body: "Akwaaba Ama 🎉", encoding: "ucs2", segments: 1 });

    const list = await api("GET", "/api/v1/templates", { key: c.liveKey });
    expect(list.body.data.templates.map((t: { id: string }) => t.id)).toEqual([created.body.data.id]);
    expect((await api("GET", "/api/v1/templates", { key: c.testKey })).body.data.templates).toEqual([]);
    const other = await apiCustomer();
    const theirs = await api("POST", "/api/v1/templates/preview", {
      key: other.liveKey,
      body: { template_id: created.body.data.id },
    });
    expect(theirs.status).toBe(404);
    expect((await api("DELETE", `/api/v1/templates?id=${created.body.data.id}`, { key: c.liveKey })).status).toBe(200);
  });

  it("escapes values in HTML, and refuses unknown variables and a channel's missing content", async () => {
    const c = await apiCustomer();
    const email = await api("POST", "/api/v1/templates", {
      key: c.liveKey,
      body: { name: "Welcome", channel: "email", subject: "Welcome {{first_name}}", html: "<p>Hi {{first_name}}</p>" },
    });
    expect(email.status).toBe(201);
    const contact = (
      await api("POST", "/api/v1/contacts", {
        key: c.liveKey,
        body: { email: "x@example.com", first_name: "<script>alert(1)</script>" },
      })
    ).body.data;
    const preview = await api("POST", "/api/v1/templates/preview", {
      key: c.liveKey,
      body: { template_id: email.body.data.id, contact_id: contact.id },
    });
    expect(preview.body.data).toEqual({
      channel: "email",
      subject: "Welcome <script>alert(1)</script>",
      html: "<p>Hi &#60;script&#62;alert(1)&#60;/script&#62;</p>",
      text: null,
    });

    const unknown = await api("POST", "/api/v1/templates", {
      key: c.liveKey,
      body: { name: "x", channel: "sms", body: "Hi {{nickname}}" },
    });
    expect(unknown.body.error).toMatchObject({ code: "INVALID_REQUEST", field: "body", reason: "unknown_variable" });
    const unclosed = await api("POST", "/api/v1/templates", {
      key: c.liveKey,
      body: { name: "x", channel: "sms", body: "Hi {{first_name" },
    });
    expect(unclosed.body.error.reason).toBe("unknown_variable");
    const noBody = await api("POST", "/api/v1/templates", { key: c.liveKey, body: { name: "x", channel: "sms" } });
    expect(noBody.body.error).toMatchObject({ code: "MISSING_FIELD", field: "body" });
    const noParts = await api("POST", "/api/v1/templates", {
      key: c.liveKey,
      body: { name: "x", channel: "email", subject: "s" },
    });
    expect(noParts.body.error.code).toBe("MISSING_CONTENT");
  });

  it("edits a template as its next version; a broadcast made from the old one keeps what it copied", async () => {
    const c = await apiCustomer();
    const v1 = (
      await api("POST", "/api/v1/templates", {
        key: c.testKey,
        body: { name: "Opening", channel: "sms", body: "Hi {{first_name}}, we open Saturday." },
      })
    ).body.data;
    expect(v1).toMatchObject({ version: 1 });
    const list = (await api("POST", "/api/v1/lists", { key: c.testKey, body: { name: "All" } })).body.data;
    const made = await api("POST", "/api/v1/broadcasts", {
      key: c.testKey,
      body: { name: "Saturday", channel: "sms", list_id: list.id, template_id: v1.id, category: "transactional" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ template_id: v1.id, template_version: 1 });

    const edited = await api("PUT", "/api/v1/templates", {
      key: c.testKey,
      body: { id: v1.id, name: "Opening day", channel: "sms", body: "Hi {{first_name}}, we open Sunday." },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      id: v1.id,
      name: "Opening day",
      body: "Hi {{first_name}}, we open Sunday.",
      version: 2,
    });
    const broadcastRow = await db().broadcast.findUniqueOrThrow({ where: { id: made.body.data.id } });
    expect(broadcastRow.body, "the broadcast sends what it copied").toBe("Hi {{first_name}}, we open Saturday.");

    // Checked as on create, and a template keeps its channel; none of these changes it.
    for (const [body, code] of [
      [{ id: v1.id, name: "x", channel: "sms", body: "{{nope}}" }, "INVALID_REQUEST"],
      [{ id: v1.id, name: "x", channel: "email", subject: "s", text: "t" }, "INVALID_REQUEST"],
      [{ id: "tpl_missing", name: "x", channel: "sms", body: "b" }, "NOT_FOUND"],
    ] as const) {
      const refused = await api("PUT", "/api/v1/templates", { key: c.testKey, body });
      expect(refused.body.error?.code, JSON.stringify(body)).toBe(code);
    }
    const other = await apiCustomer();
    const theirs = await api("PUT", "/api/v1/templates", {
      key: other.testKey,
      body: { id: v1.id, name: "mine", channel: "sms", body: "b" },
    });
    expect(theirs.status).toBe(404);
    expect(await db().template.findUniqueOrThrow({ where: { id: v1.id } })).toMatchObject({
      name: "Opening day",
      version: 2,
    });
  });

  it("renders defaults with quotes and leaves a missing value empty", () => {
    const contact = { phone: null, email: null, firstName: null, lastName: "Owusu", attributes: {} };
    expect(
      renderTemplate({ text: '{{ first_name | "my \\"friend\\"" }} {{last_name}}{{attributes.x}}!', contact }),
    ).toBe('my "friend" Owusu!');
  });
});

function pick(c: { encoding: string; characters: number; segments: number }) {
  return { encoding: c.encoding, characters: c.characters, segments: c.segments };
}
