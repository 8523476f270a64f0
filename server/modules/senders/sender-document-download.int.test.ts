// A sender ID's document reaches the account's members and staff with a second factor, as the bytes it was sent;
// anyone else gets the answer an id that does not exist gets.
import { describe, expect, it } from "vitest";
import { signedUpCustomer } from "../../../test/factories";
import { registerSenderId } from "./register-sender-id";
import { senderDocumentDownload } from "./sender-document-download";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("rest")]);

describe("a sender ID's document", () => {
  it("is downloaded by the account's members and staff, and by no one else", async () => {
    const owner = await signedUpCustomer("doc-owner");
    const stranger = await signedUpCustomer("doc-stranger");
    const sender = await registerSenderId({
      accountId: owner.accountId,
      name: `Doc${owner.accountId.slice(-5).replace(/[^A-Za-z]/g, "x")}`,
      countryIso: "GH",
      documents: [{ filename: "../../etc/logo.png", content_base64: PNG.toString("base64") }],
    });
    const documentId = sender.documents[0]!.id;
    const member = { id: owner.userId, isStaff: false, hasSecondFactor: false };
    const got = await senderDocumentDownload({ documentId, user: member });
    expect(got).toMatchObject({ filename: "logo.png", contentType: "image/png" });
    expect(Buffer.from(got.content).equals(PNG)).toBe(true);

    const other = { id: stranger.userId, isStaff: false, hasSecondFactor: false };
    await expect(senderDocumentDownload({ documentId, user: other })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(senderDocumentDownload({ documentId: "sdoc_nope", user: member })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // Staff without a second factor are no staff: not a member either.
    const staffNo2fa = { id: stranger.userId, isStaff: true, hasSecondFactor: false };
    await expect(senderDocumentDownload({ documentId, user: staffNo2fa })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const staff = { id: stranger.userId, isStaff: true, hasSecondFactor: true };
    expect((await senderDocumentDownload({ documentId, user: staff })).filename).toBe("logo.png");
  });
});
