// What does not count as a click on a short link: a request no person made.
// Messaging apps fetch a link to draw its preview the moment a message
// arrives (WhatsApp, Telegram, iMessage, Slack...), search engines and
// scanners follow links, browsers prefetch them, and a HEAD request reads
// headers only. Each of these still gets its redirect; it is just not a click.
// curl and the like are people at a terminal, and count.

const PREVIEW_AGENTS = new RegExp(
  [
    "facebookexternalhit",
    "facebookcatalog",
    "Facebot", // Apple's iMessage previews say "facebookexternalhit/1.1 Facebot Twitterbot/1.0"
    "WhatsApp",
    "Twitterbot",
    "Slackbot",
    "Slack-ImgProxy",
    "TelegramBot",
    "LinkedInBot",
    "Discordbot",
    "SkypeUriPreview",
    "Viber",
    "SnapchatBot",
    "redditbot",
    "Pinterestbot",
    "Embedly",
    "vkShare",
    "Mastodon",
    "Googlebot",
    "Google-PageRenderer",
    "AdsBot-Google",
    "bingbot",
    "Applebot",
    "YandexBot",
    "DuckDuckBot",
    "Baiduspider",
    "Bytespider",
    "PetalBot",
    "GPTBot",
    "crawler",
    "spider",
  ].join("|"),
  "i",
);

/** Headers browsers send when they fetch a page ahead of a click (Chrome, Firefox, Safari). */
function isPrefetch(header: (name: string) => string | null): boolean {
  const purpose = `${header("sec-purpose") ?? ""} ${header("purpose") ?? ""} ${header("x-purpose") ?? ""} ${header("x-moz") ?? ""}`;
  return /\b(prefetch|prerender|preview)\b/i.test(purpose);
}

/** Whether a request for a short link was made by no person (a preview, a crawler, a prefetch, a HEAD): not a click. */
export function isCrawler(request: { method: string; header: (name: string) => string | null }): boolean {
  if (request.method !== "GET") return true;
  if (isPrefetch(request.header)) return true;
  return PREVIEW_AGENTS.test(request.header("user-agent") ?? "");
}
