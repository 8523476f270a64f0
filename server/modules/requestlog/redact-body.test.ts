import { describe, expect, it } from "vitest";
import { redactBody } from "./redact-body";

describe("a body as the request log keeps it", () => {
  it("keeps its shape and values but never a message body or a secret", () => {
    expect(
      redactBody({
        to: "+233241234567",
        message: "Your code is 482913",
        html: "<p>Hi</p>",
        attachments: [{ filename: "a.pdf", content: "JVBERi0xLjQK" }],
        secret: "whsec_abc",
        data: { url: "https://example.com/hook", secret: "whsec_def", code: "123456" },
        tags: [{ name: "kind", value: "otp" }],
      }),
    ).toEqual({
      to: "+233241234567",
      message: "[redacted: 19 characters]",
      html: "[redacted: 9 characters]",
      attachments: [{ filename: "a.pdf", content: "[redacted: 12 characters]" }],
      secret: "[redacted]",
      data: { url: "https://example.com/hook", secret: "[redacted]", code: "[redacted]" },
      tags: [{ name: "kind", value: "otp" }],
    });
  });

  it("redacts a code sent as a number, and replaces U+0000 (which jsonb refuses, failing the whole batch of lines)", () => {
    expect(redactBody({ verification_id: "ver_1", code: 482913, "a\u0000": "b\u0000c" })).toEqual({
      verification_id: "ver_1",
      code: "[redacted]",
      "a\uFFFD": "b\uFFFDc",
    });
    // However it was typed; an error's code stays.
    for (const typed of ["482 913", "482-913", "４８２９１３", ["482913"], { value: "482913" }])
      expect(redactBody({ code: typed })).toEqual({ code: "[redacted]" });
    expect(redactBody({ error: { code: "INVALID_REQUEST" } })).toEqual({ error: { code: "INVALID_REQUEST" } });
  });

  it("keeps public codes: a country's dialing code, in an answer or a list of countries", () => {
    const answer = { data: { to: "+233241234567", country: { iso: "GH", code: "233" }, code: "482913" } };
    expect(redactBody(answer)).toEqual({
      data: { to: "+233241234567", country: { iso: "GH", code: "233" }, code: "[redacted]" },
    });
    expect(redactBody({ countries: [{ code: "233" }, { code: "234" }] })).toEqual({
      countries: [{ code: "233" }, { code: "234" }],
    });
    // A code inside a verification's data is still what a person typed.
    expect(redactBody({ verification: { code: "482913" } })).toEqual({ verification: { code: "[redacted]" } });
  });

  it("keeps a WhatsApp template's variables and a caption out, their shape kept (an authentication template's variable is a code)", () => {
    expect(
      redactBody({
        to: "+233241234567",
        template: { name: "kasa_verification", language: "en", variables: ["482913"] },
        image: { url: "https://shop.example/a.png", caption: "Your order" },
      }),
    ).toEqual({
      to: "+233241234567",
      template: { name: "kasa_verification", language: "en", variables: ["[redacted: 6 characters]"] },
      image: { url: "https://shop.example/a.png", caption: "[redacted: 10 characters]" },
    });
    expect(redactBody({ variables: { first_name: "Ama" } })).toEqual({
      variables: { first_name: "[redacted: 3 characters]" },
    });
  });

  it("cuts long strings and lists, and keeps only a note of what is still too big", () => {
    const long = redactBody({ subject: "x".repeat(1000), list: Array.from({ length: 30 }, (_, i) => i) }) as {
      subject: string;
      list: unknown[];
    };
    expect(long.subject).toMatch(/… \(1000 characters\)$/);
    expect(long.list).toHaveLength(26);
    expect(long.list.at(-1)).toBe("… 5 more");
    const huge = redactBody({
      rows: Array.from({ length: 25 }, () => ({ a: "y".repeat(299), b: "z".repeat(299), c: "w".repeat(299) })),
    });
    expect(huge).toEqual({ note: expect.stringMatching(/^body of \d+ bytes after redaction: not kept$/) });
  });
});
