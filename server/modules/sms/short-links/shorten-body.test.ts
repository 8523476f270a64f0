// shortenBody (docs/decisions.md, "Insights"): which parts of a text are links, what is left of the sentence around
// them, and that each link gets an id of its own.
import { describe, expect, it } from "vitest";
import { SHORT_ID_LENGTH, SHORT_ID_PATTERN, shortenBody } from "./shorten-body";

const base = "https://k.example";
/** Ids a, b, c... so the expected text can be written out. */
function ids() {
  let n = 0;
  return () => `id${String.fromCharCode(97 + n++)}xxxxx`;
}
const shorten = (body: string) => shortenBody(body, { base, newId: ids() });

describe("shortenBody", () => {
  it("leaves a text without links as it is", () => {
    expect(shorten("Your code is 482913. Call 0241234567 or see www.example.com")).toEqual({
      body: "Your code is 482913. Call 0241234567 or see www.example.com",
      links: [],
    });
    expect(shorten("https:// is not a link, nor is http://.")).toEqual({
      body: "https:// is not a link, nor is http://.",
      links: [],
    });
  });

  it("shortens a link that is the whole text", () => {
    expect(shorten("https://shop.example/orders/123?utm_source=sms")).toEqual({
      body: "https://k.example/idaxxxxx",
      links: [{ id: "idaxxxxx", url: "https://shop.example/orders/123?utm_source=sms" }],
    });
  });

  it("keeps the punctuation a sentence puts after a link outside it", () => {
    const { body, links } = shorten(
      "Track it at https://a.example/t/1. Or (https://b.example/x), really? http://c.example/q?a=1! Done: https://d.example/p;",
    );
    expect(body).toBe(
      "Track it at https://k.example/idaxxxxx. Or (https://k.example/idbxxxxx), really? https://k.example/idcxxxxx! Done: https://k.example/iddxxxxx;",
    );
    expect(links.map((l) => l.url)).toEqual([
      "https://a.example/t/1",
      "https://b.example/x",
      "http://c.example/q?a=1",
      "https://d.example/p",
    ]);
  });

  it("keeps a closing bracket the link itself opened", () => {
    const { links } = shorten("See https://en.wikipedia.org/wiki/Accra_(city).");
    expect(links[0]!.url).toBe("https://en.wikipedia.org/wiki/Accra_(city)");
  });

  it("gives two links two ids, and the same link twice one", () => {
    const { body, links } = shorten("A https://a.example/1 B HTTPS://B.EXAMPLE/2\nA again https://a.example/1");
    expect(body).toBe("A https://k.example/idaxxxxx B https://k.example/idbxxxxx\nA again https://k.example/idaxxxxx");
    expect(links).toEqual([
      { id: "idaxxxxx", url: "https://a.example/1" },
      { id: "idbxxxxx", url: "HTTPS://B.EXAMPLE/2" },
    ]);
  });

  it("finds a link only where a word starts, and ends it at whitespace or an angle bracket", () => {
    const { body, links } = shorten("xhttps://a.example/1 <https://b.example/2>\thttps://c.example/3");
    expect(body).toBe("xhttps://a.example/1 <https://k.example/idaxxxxx>\thttps://k.example/idbxxxxx");
    expect(links.map((l) => l.url)).toEqual(["https://b.example/2", "https://c.example/3"]);
  });

  it("makes random base62 ids of the documented length", () => {
    const { links } = shortenBody("https://a.example/1 https://a.example/2", { base });
    for (const { id } of links) {
      expect(id).toHaveLength(SHORT_ID_LENGTH);
      expect(id).toMatch(SHORT_ID_PATTERN);
    }
    expect(links[0]!.id).not.toBe(links[1]!.id);
  });
});
