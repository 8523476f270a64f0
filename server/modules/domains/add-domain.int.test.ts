import { describe, expect, it } from "vitest";
import { addDomain } from "./add-domain";
import { publicKeyBase64 } from "./dns-records";
import { unseal } from "../../lib/seal";
import { apiCustomer } from "../../../test/api";
import { db } from "../../db/client";

describe("sender domains", () => {
  it("get their own DKIM key and the DNS records to publish", async () => {
    const c = await apiCustomer();
    const domain = await addDomain({ accountId: c.accountId, name: "Mail.Example-Shop.com." });
    expect(domain).toMatchObject({ name: "mail.example-shop.com", status: "pending", primary: false });
    const row = await db().senderDomain.findUniqueOrThrow({ where: { id: domain.id } });
    // The private key is sealed at rest, and opens to the PEM that signs.
    expect(row.dkimPrivateKey).toMatch(/^enc:v1:/);
    expect(unseal(row.dkimPrivateKey)).toContain("BEGIN PRIVATE KEY");
    const n = (r: object) => expect.objectContaining(r);
    expect(domain.dns_records).toEqual([
      n({
        purpose: "dkim",
        type: "TXT",
        name: "kasa1._domainkey.mail.example-shop.com",
        value: `v=DKIM1; k=rsa; p=${publicKeyBase64(row.dkimPublicKey)}`,
        required: true,
      }),
      // Bounces come back to a host of the domain's own, never to its apex MX.
      n({
        purpose: "return_path",
        type: "MX",
        name: "send.mail.example-shop.com",
        value: "inbound.kasa.test",
        priority: 10,
        required: true,
      }),
      n({
        purpose: "spf",
        type: "TXT",
        name: "send.mail.example-shop.com",
        value: "v=spf1 include:_spf.kasa.test ~all",
        required: true,
      }),
      n({
        purpose: "dmarc",
        type: "TXT",
        name: "_dmarc.mail.example-shop.com",
        value: "v=DMARC1; p=none; rua=mailto:dmarc-reports@mail.example-shop.com",
        required: false,
      }),
      n({
        purpose: "mx",
        type: "MX",
        name: "mail.example-shop.com",
        value: "inbound.kasa.test",
        priority: 10,
        required: false,
        note: expect.stringContaining("Optional, only to receive mail"),
      }),
    ]);
  });

  it("belong to one account: CONFLICT taken for others, taken_by_you for the holder", async () => {
    const a = await apiCustomer();
    const b = await apiCustomer();
    await addDomain({ accountId: a.accountId, name: "held.example.com" });
    await expect(addDomain({ accountId: a.accountId, name: "HELD.example.com" })).rejects.toMatchObject({
      code: "CONFLICT",
      context: { reason: "taken_by_you" },
    });
    await expect(addDomain({ accountId: b.accountId, name: "held.example.com" })).rejects.toMatchObject({
      code: "CONFLICT",
      context: { reason: "taken" },
    });
    await expect(addDomain({ accountId: b.accountId, name: "not a domain" })).rejects.toMatchObject({
      code: "INVALID_REQUEST",
    });
    expect(await db().senderDomain.count({ where: { accountId: b.accountId } })).toBe(0);
  });

  it("verified by support override: the first verified domain becomes the primary one", async () => {
    const c = await apiCustomer();
    const first = await addDomain({ accountId: c.accountId, name: "one.example.com", verifiedBy: "cli" });
    const second = await addDomain({ accountId: c.accountId, name: "two.example.com", verifiedBy: "cli" });
    expect([first.primary, second.primary]).toEqual([true, false]);
    expect(await db().senderDomain.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "verified",
      verifiedBy: "cli",
      verifiedAt: expect.any(Date),
    });
  });
});
