// Sender IDs approved per network (issue #40): an application with its documents, each Ghanaian network deciding on
// its own (the operator CLI here), and sends honouring the decision of the network the number is on now, with the
// default sender as the fallback a send may ask for. Test keys: the lookup sandbox says where numbers are.
import { describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { adminRun } from "../../../test/run-admin";
import { db } from "../../db/client";

const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").toString("base64");
const html = Buffer.from("<!doctype html><script>alert(1)</script>").toString("base64");
const name = (accountId: string) => `Shop${accountId.slice(-6).replace(/[^A-Za-z]/g, "x")}`.slice(0, 11);

async function admin(...args: string[]) {
  const run = await adminRun(...args, "--json");
  return { ...run, json: run.code === 0 ? JSON.parse(run.stdout) : null };
}

describe("a sender ID approved per network", () => {
  it("is applied for with a document, decided per network by the CLI, and sent only to numbers on approving networks", async () => {
    const c = await apiCustomer();
    const sender = name(c.accountId);
    const applied = await api("POST", "/api/v1/sender-ids", {
      key: c.testKey,
      body: {
        sender_id: sender,
        country: "GH",
        use_case: "Order updates",
        sample_message: "Your order 1042 is on its way",
        company_name: "Shop Ltd",
        documents: [{ filename: "registration.pdf", content_base64: pdf }],
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const id = applied.body.data.id as string;
    expect(applied.body.data).toMatchObject({
      status: "pending",
      sample_message: "Your order 1042 is on its way",
      company_name: "Shop Ltd",
      documents: [{ filename: "registration.pdf", content_type: "application/pdf" }],
    });
    expect(applied.body.data.networks.map((n: { network: string; status: string }) => [n.network, n.status])).toEqual([
      ["airteltigo", "pending"],
      ["glo", "pending"],
      ["mtn", "pending"],
      ["telecel", "pending"],
    ]);

    // A network the country does not have is refused with the ones it has; so is a rejection without its reason.
    const wrong = await adminRun("sender-id", "decide", id, "--network", "vodafone", "--approve");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('GH has no network "vodafone"; its networks are airteltigo, glo, mtn, telecel');
    expect((await adminRun("sender-id", "decide", id, "--network", "mtn", "--reject", "")).code).toBe(2);
    expect((await adminRun("sender-id", "decide", id, "--network", "mtn")).code).toBe(2);

    const mtn = await admin("sender-id", "decide", id, "--network", "MTN", "--approve");
    expect(mtn.code, mtn.stderr).toBe(0);
    expect(mtn.json.sender_id.status).toBe("approved");
    const telecel = await admin("sender-id", "decide", id, "--network", "telecel", "--reject", "Brand not matched");
    expect(telecel.json.sender_id.networks).toContainEqual(
      expect.objectContaining({ network: "telecel", status: "rejected", reason: "Brand not matched" }),
    );
    const events = await db().event.findMany({ where: { accountId: c.accountId }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.event, (e.data as { network: string }).network])).toEqual([
      ["sender_id.approved", "mtn"],
      ["sender_id.rejected", "telecel"],
    ]);
    const audit = await db().auditEvent.findMany({
      where: { accountId: c.accountId, target: id },
      orderBy: { id: "asc" },
    });
    expect(audit.map((a) => [a.action, (a.data as { networks?: string[] }).networks ?? null])).toEqual([
      ["sender_id.applied", null],
      ["sender_id.approve", ["mtn"]],
      ["sender_id.reject", ["telecel"]],
    ]);

    // An MTN number: sent under the sender ID.
    const onMtn = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233244000123", message: "Hello", from: sender },
    });
    expect(onMtn.status, JSON.stringify(onMtn.body)).toBe(200);
    expect(onMtn.body.data.from).toBe(sender);
    // An MTN range ported to Telecel: refused before any charge, naming the network and where it is approved.
    const before = await footprint(c.accountId);
    const ported = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233241000001", message: "Hello", from: sender },
    });
    expect(ported.status).toBe(400);
    expect(ported.body.error).toMatchObject({
      code: "SMS_SEND_FAILED",
      reason: "sender_id_not_approved_on_network",
      network: "telecel",
      approved_networks: ["mtn"],
    });
    expect(ported.body.error.message).toContain("Telecel");
    expect(await footprint(c.accountId)).toEqual(before);
    // Asked for: the default sender instead.
    const fallback = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233201000001", message: "Hello", from: sender, sender_fallback: true },
    });
    expect(fallback.status, JSON.stringify(fallback.body)).toBe(200);
    expect(fallback.body.data.from).not.toBe(sender);
  });

  it("refuses a document whose content is not a PDF, PNG or JPEG, whatever its name, and writes nothing", async () => {
    const c = await apiCustomer();
    const refused = await api("POST", "/api/v1/sender-ids", {
      key: c.testKey,
      body: {
        sender_id: name(c.accountId),
        country: "GH",
        documents: [
          { filename: "ok.pdf", content_base64: pdf },
          { filename: "certificate.pdf", content_base64: html },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "INVALID_REQUEST",
      reason: "document_type",
      field: "documents[1]",
    });
    const tooBig = await api("POST", "/api/v1/sender-ids", {
      key: c.testKey,
      body: {
        sender_id: name(c.accountId),
        country: "GH",
        documents: [
          {
            filename: "big.png",
            content_base64: Buffer.concat([
              Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
              Buffer.alloc(5 * 1024 * 1024),
            ]).toString("base64"),
          },
        ],
      },
    });
    expect(tooBig.body.error).toMatchObject({ code: "INVALID_REQUEST", reason: "document_too_large" });
    expect(await db().senderId.count({ where: { accountId: c.accountId } })).toBe(0);
  });
});
