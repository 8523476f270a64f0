// What tracking does to a message's HTML before it is signed and sent: every
// http(s) link of an <a> goes through the signed click redirect, and a 1x1
// image that names the message is added at the end of the body. Only the href
// values and the pixel change; the rest of the markup is left byte for byte.
// Plain-text parts are never touched (a rewritten link there would be visible).
import { clickUrl, openPixelUrl } from "./tracking-urls";

const ANCHOR_HREF = /(<a\b[^>]*?\shref\s*=\s*)(["'])(https?:\/\/[^"']*)\2/gi;

export function trackHtml({
  html,
  emailId,
  tracking,
}: {
  html: string;
  emailId: string;
  tracking: { openTracking: boolean; clickTracking: boolean };
}): string {
  let out = html;
  if (tracking.clickTracking) {
    out = out.replace(ANCHOR_HREF, (_all, start: string, quote: string, href: string) => {
      const link = decodeEntities(href);
      return `${start}${quote}${escapeAttribute(clickUrl(emailId, link))}${quote}`;
    });
  }
  if (tracking.openTracking) {
    const pixel = `<img src="${escapeAttribute(openPixelUrl(emailId))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
    out = /<\/body>/i.test(out) ? out.replace(/<\/body>/i, `${pixel}</body>`) : `${out}${pixel}`;
  }
  return out;
}

// An href as written in HTML (&amp; for &) is not the URL it means.
function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/gi, "&")
    .replace(/&#0*38;/g, "&")
    .replace(/&#x0*26;/gi, "&")
    .replace(/&quot;/gi, '"')
    .replace(/&#0*39;/g, "'");
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}
