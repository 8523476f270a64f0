// <short url>/<id> (app/l/[id], or the short domain's /<id>, which the front
// rewrites to it): an SMS short link. 302 to the link it stands for, counted
// as a click only when a person followed it (is-crawler.ts); an unknown id is
// a plain 404 page, an expired link a plain 410 page. Never cached, so every
// click reaches Kasa, and never indexed.
import { followShortLink } from "../modules/sms/short-links/follow-short-link";
import { isCrawler } from "../modules/sms/short-links/is-crawler";
import { plainPage } from "./plain-page";

export async function serveShortLink(request: Request, id: string): Promise<Response> {
  const counted = !isCrawler({ method: request.method, header: (name) => request.headers.get(name) });
  const outcome = await followShortLink({ id, counted });
  let response: Response;
  if (outcome.kind === "unknown")
    response = plainPage(404, "This link is not valid", "It may have been copied only in part.");
  else if (outcome.kind === "expired")
    response = plainPage(410, "This link has expired", "The message it came in was sent too long ago.");
  else
    response = new Response(null, {
      status: 302,
      // A header must be ASCII: the URL parser percent-encodes what the message had as written.
      headers: { location: new URL(outcome.url).href, "cache-control": "no-store", "referrer-policy": "no-referrer" },
    });
  response.headers.set("x-robots-tag", "noindex");
  return response;
}
