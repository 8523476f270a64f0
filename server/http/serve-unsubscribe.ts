// /u/<token>: a broadcast email's unsubscribe link. POST (a mail client's
// one-click, or the page's button) unsubscribes in that one request; GET shows
// a plain page with the button. A token that is not ours is 404; one already
// used says so again (it is idempotent).
import { contactOfUnsubscribeToken } from "../modules/contacts/unsubscribe-links";
import { unsubscribeEmail, unsubscribeTarget } from "../modules/contacts/unsubscribe-email";

export async function serveUnsubscribe(method: "GET" | "POST", token: string): Promise<Response> {
  const contactId = contactOfUnsubscribeToken(token);
  const target = contactId ? await unsubscribeTarget(contactId) : null;
  if (!target) return page(404, "This link is not valid", "It may have been copied only in part.");
  if (method === "POST") {
    await unsubscribeEmail(contactId!, "link");
    return page(200, "You are unsubscribed", "You will not get these emails any more.");
  }
  if (target.unsubscribed) return page(200, "You are unsubscribed", "You will not get these emails any more.");
  return page(
    200,
    "Unsubscribe?",
    "Stop getting these emails.",
    `<form method="post"><button type="submit">Unsubscribe</button></form>`,
  );
}

function page(status: number, title: string, line: string, extra = ""): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#111827}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:0;background:#111827;color:#fff;cursor:pointer}</style></head>
<body><main><h1>${title}</h1><p>${line}</p>${extra}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
  });
}
