// A person's media as a Kasa link (issue #42, point 4): /api/whatsapp/media/{message id}?e=<expiry>&s=<tag>, signed
// by this deployment, valid while Meta keeps the file (7 days from the message). The file stays at Meta: the link
// fetches it with the number's token when it is opened (serve-whatsapp-media.ts).
import { publicUrl } from "../../config/public-url";
import { isSecretTag, secretTag } from "../../lib/secret-tag";

export const MEDIA_DAYS = 7;
const TAG_CHARS = 32;

const tagged = (messageId: string, expires: number) => `wamedia:${messageId}:${expires}`;

export function mediaLink(messageId: string, receivedAt: Date): string {
  const expires = Math.floor(receivedAt.getTime() / 1000) + MEDIA_DAYS * 86_400;
  const tag = secretTag(tagged(messageId, expires), TAG_CHARS);
  return `${publicUrl()}/api/whatsapp/media/${messageId}?e=${expires}&s=${tag}`;
}

/** Whether a link's expiry and tag are this deployment's for `messageId`, and it has not expired. */
export function validMediaLink(
  messageId: string,
  expires: string | null,
  tag: string | null,
  now = Date.now(),
): boolean {
  if (!expires || !tag || !/^[0-9]{1,12}$/.test(expires) || !/^[0-9a-f]+$/i.test(tag)) return false;
  return Number(expires) * 1000 > now && isSecretTag(tag, tagged(messageId, Number(expires)), TAG_CHARS);
}
