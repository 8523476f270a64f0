// Consent on record (issue #40, point 7): set through the API, a CSV import's mapped columns, a keyword reply and
// the dashboard; a bad consent input changes nothing; exported per contact and channel for an audit.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { db } from "../../db/client";
import { applyOptOutKeyword } from "./apply-opt-out-keyword";
import { receiveInboundSms } from "../sms/receive-inbound-sms";
import { registerSenderId } from "../senders/register-sender-id";
import { setConsentSettings, recordContactConsent } from "./consent-settings";
import { consentCsvStream } from "./consent-export";

const contactOf = (accountId: string, phone: string) =>
  db().contact.findFirstOrThrow({ where: { accountId, mode: "live", phone } });

describe("consent through the API", () => {
  it("is recorded with its time, source and proof, shown on the contact, withdrawn with null; bad input changes nothing", async () => {
    const c = await apiCustomer();
    const made = await api("POST", "/api/v1/contacts", {
      key: c.liveKey,
      body: {
        phone: "+233241280001",
        email: "ama@example.com",
        consent: {
          sms: { granted_at: "2026-10-01T09:30:00Z", source: "form", proof: "kasa.example/signup, box 'Deals by SMS'" },
          email: {},
        },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.consent).toEqual({
      sms: {
        granted_at: "2026-10-01T09:30:00.000Z",
        source: "form",
        proof: "kasa.example/signup, box 'Deals by SMS'",
        withdrawn_at: null,
      },
      email: { granted_at: expect.any(String), source: "api", proof: null, withdrawn_at: null },
    });

    // The list answers it too, as the document says.
    const listed = await api("GET", "/api/v1/contacts", { key: c.liveKey });
    expect(listed.body.data.contacts[0].consent).toEqual(made.body.data.consent);

    const before = await contactOf(c.accountId, "+233241280001");
    for (const consent of [
      { sms: { source: "telepathy" } },
      { sms: { granted_at: "2099-01-01T00:00:00Z" } },
      { sms: { proof: "x".repeat(501) } },
      { sms: "yes" },
    ]) {
      const bad = await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { phone: "+233241280001", consent } });
      expect(bad.status, JSON.stringify(consent)).toBe(400);
      expect(bad.body.error.code).toBe("INVALID_REQUEST");
    }
    // SMS consent for a contact named only by email: there is no phone to consent for.
    const noPhone = await api("POST", "/api/v1/contacts", {
      key: c.liveKey,
      body: { email: "kofi@example.com", consent: { sms: {} } },
    });
    expect(noPhone.status).toBe(400);
    expect(await contactOf(c.accountId, "+233241280001")).toEqual(before);
    expect(await db().contact.count({ where: { accountId: c.accountId, email: "kofi@example.com" } })).toBe(0);

    const withdrawn = await api("POST", "/api/v1/contacts", {
      key: c.liveKey,
      body: { phone: "+233241280001", consent: { sms: null } },
    });
    // Withdrawn, the grant kept as the record of what was.
    expect(withdrawn.body.data.consent.sms).toEqual({
      granted_at: "2026-10-01T09:30:00.000Z",
      source: "form",
      proof: "kasa.example/signup, box 'Deals by SMS'",
      withdrawn_at: expect.any(String),
    });
    expect(withdrawn.body.data.consent.email.withdrawn_at).toBeNull();
    // A new grant holds again and clears the date.
    const again = await api("POST", "/api/v1/contacts", {
      key: c.liveKey,
      body: { phone: "+233241280001", consent: { sms: { proof: "Asked again" } } },
    });
    expect(again.body.data.consent.sms).toMatchObject({ source: "api", proof: "Asked again", withdrawn_at: null });
  });
});

describe("consent from a CSV import", () => {
  it("reads the columns the import maps (yes, or the date they agreed; the proof column), source import", async () => {
    const c = await apiCustomer();
    const csv = [
      "phone,first_name,opted_in,how",
      "+233241280011,Ama,yes,Signed up in store",
      "+233241280012,Kofi,2026-01-05,",
      "+233241280013,Esi,no,",
      "+233241280014,Yaw,maybe,",
    ].join("\n");
    const res = await api("POST", "/api/v1/contacts/import", {
      key: c.liveKey,
      body: { csv, consent_columns: { sms_consent: "opted_in", sms_consent_proof: "how" } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      imported: 3,
      skipped: [{ row: 5, reason: expect.stringContaining("sms_consent is maybe") }],
    });
    const ama = await contactOf(c.accountId, "+233241280011");
    expect(ama).toMatchObject({ smsConsentSource: "import", smsConsentProof: "Signed up in store" });
    // The consent columns are not attributes.
    expect(ama.attributes).toEqual({});
    expect((await contactOf(c.accountId, "+233241280012")).smsConsentAt).toEqual(new Date("2026-01-05T00:00:00Z"));
    expect((await contactOf(c.accountId, "+233241280013")).smsConsentAt).toBeNull();

    // A second import's "yes" does not replace the consent already on record (its date and proof are the evidence).
    await api("POST", "/api/v1/contacts/import", {
      key: c.liveKey,
      body: { csv: "phone,sms_consent\n+233241280012,yes" },
    });
    expect((await contactOf(c.accountId, "+233241280012")).smsConsentAt).toEqual(new Date("2026-01-05T00:00:00Z"));
    // Withdrawn since: an old file's dated consent does not bring it back; a newer date does.
    await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { phone: "+233241280012", consent: { sms: null } } });
    await api("POST", "/api/v1/contacts/import", {
      key: c.liveKey,
      body: { csv: "phone,sms_consent\n+233241280012,2026-01-05" },
    });
    expect(await contactOf(c.accountId, "+233241280012")).toMatchObject({
      smsConsentAt: new Date("2026-01-05T00:00:00Z"),
      smsConsentWithdrawnAt: expect.any(Date),
    });
    await api("POST", "/api/v1/contacts/import", {
      key: c.liveKey,
      body: { csv: "phone,sms_consent\n+233241280012,yes" },
    });
    expect(await contactOf(c.accountId, "+233241280012")).toMatchObject({ smsConsentWithdrawnAt: null });
    const missing = await api("POST", "/api/v1/contacts/import", {
      key: c.liveKey,
      body: { csv: "phone\n+233241280015", consent_columns: { sms_consent: "opted_in" } },
    });
    expect(missing.status).toBe(400);
  });
});

describe("consent by keyword", () => {
  it("START records it on the contact; the account's own keyword makes the contact with it", async () => {
    const c = await apiCustomer();
    await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { phone: "+233241280021" } });
    expect(await applyOptOutKeyword({ accountId: c.accountId, from: "+233241280021", body: "start" })).toBe(
      "subscribed",
    );
    expect(await contactOf(c.accountId, "+233241280021")).toMatchObject({
      smsConsentSource: "keyword",
      smsConsentProof: expect.stringMatching(/^Replied "START" from \+233241280021 on /),
    });

    await setConsentSettings(c.accountId, { keyword: "join", emailConsentRequired: false });
    await expect(
      setConsentSettings(c.accountId, { keyword: "STOP", emailConsentRequired: false }),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    // JOIN texted to the account's own sender ID, from a number that is no contact yet.
    await registerSenderId({ accountId: c.accountId, name: "JoinDeals", countryIso: "GH", approvedBy: "test" });
    await receiveInboundSms({ provider: "b", from: "+233241280022", to: "JoinDeals", body: "Join!" });
    expect(await contactOf(c.accountId, "+233241280022")).toMatchObject({
      smsConsentSource: "keyword",
      smsConsentProof: expect.stringContaining('Replied "JOIN"'),
    });
    expect((await db().event.findMany({ where: { accountId: c.accountId, event: "contact.subscribed" } })).length).toBe(
      2,
    );
  });

  it("is not recorded by a reply fanned out to every account that wrote from a shared sender: START only frees", async () => {
    const c = await apiCustomer();
    await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { phone: "+233241280023" } });
    await applyOptOutKeyword({ accountId: c.accountId, from: "+233241280023", body: "STOP" });
    expect(
      await applyOptOutKeyword({ accountId: c.accountId, from: "+233241280023", body: "START", consent: false }),
    ).toBe("subscribed");
    expect(await contactOf(c.accountId, "+233241280023")).toMatchObject({
      smsUnsubscribedAt: null,
      smsConsentAt: null,
    });
    await setConsentSettings(c.accountId, { keyword: "JOIN", emailConsentRequired: false });
    expect(
      await applyOptOutKeyword({ accountId: c.accountId, from: "+233241280024", body: "JOIN", consent: false }),
    ).toBeNull();
    expect(await db().contact.count({ where: { accountId: c.accountId, phone: "+233241280024" } })).toBe(0);
  });
});

describe("the consent export", () => {
  it("has a row per contact and channel with a record, granted or withdrawn", async () => {
    const c = await apiCustomer();
    await api("POST", "/api/v1/contacts", {
      key: c.liveKey,
      body: { phone: "+233241280031", consent: { sms: { source: "form", proof: "signup" } } },
    });
    await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { phone: "+233241280032" } });
    const kofi = await contactOf(c.accountId, "+233241280032");
    await recordContactConsent({
      accountId: c.accountId,
      mode: "live",
      id: kofi.id,
      channel: "sms",
      granted: true,
      proof: "Phone call",
    });
    await applyOptOutKeyword({ accountId: c.accountId, from: "+233241280032", body: "STOP" });
    await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { phone: "+233241280033" } });
    await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { phone: "+233241280034", consent: { sms: {} } } });
    await api("POST", "/api/v1/contacts", { key: c.liveKey, body: { phone: "+233241280034", consent: { sms: null } } });
    const text = await new Response(consentCsvStream(c.accountId)).text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "mode,contact_id,phone,email,channel,status,granted_at,source,proof,withdrawn_at,withdrawn_how",
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^live,con_\w+,'\+233241280031,,sms,granted,\S+,form,signup,,$/),
      expect.stringMatching(/^live,con_\w+,'\+233241280032,,sms,withdrawn,\S+,dashboard,Phone call,\S+,replied_stop$/),
      expect.stringMatching(/^live,con_\w+,'\+233241280034,,sms,withdrawn,\S+,api,,\S+,consent_withdrawn$/),
    ]);
  });
});
