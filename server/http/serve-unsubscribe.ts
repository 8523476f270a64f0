// /u/<token>: a broadcast email's unsubscribe link. POST (a mail client's
// one-click, or the page's button) unsubscribes in that one request; GET shows
// a plain page with the button. A token that is not ours is 404; one already
// used says so again (it is idempotent).
import { contactOfUnsubscribeToken } from "../modules/contacts/unsubscribe-links";
import { unsubscribeEmail, unsubscribeTarget } from "../modules/contacts/unsubscribe-email";
import { plainPage as page } from "./plain-page";

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
