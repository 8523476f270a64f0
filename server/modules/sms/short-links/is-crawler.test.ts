// isCrawler (docs/decisions.md, "Insights"): which requests for a short link are a person's click.
import { describe, expect, it } from "vitest";
import { isCrawler } from "./is-crawler";

describe("isCrawler", () => {
  const request = (method: string, headers: Record<string, string>) => ({
    method,
    header: (name: string) => headers[name] ?? null,
  });
  const phone =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

  it("counts a person's GET, curl included", () => {
    expect(isCrawler(request("GET", { "user-agent": phone }))).toBe(false);
    expect(isCrawler(request("GET", { "user-agent": "curl/8.5.0" }))).toBe(false);
  });

  it("does not count HEAD, link previews, crawlers or prefetches", () => {
    expect(isCrawler(request("HEAD", { "user-agent": phone }))).toBe(true);
    for (const agent of [
      "WhatsApp/2.23.20.0",
      "facebookexternalhit/1.1 Facebot Twitterbot/1.0",
      "TelegramBot (like TwitterBot)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    ])
      expect(isCrawler(request("GET", { "user-agent": agent })), agent).toBe(true);
    expect(isCrawler(request("GET", { "user-agent": phone, "sec-purpose": "prefetch;prerender" }))).toBe(true);
    expect(isCrawler(request("GET", { "user-agent": phone, purpose: "prefetch" }))).toBe(true);
  });
});
