import { config } from "./config";

/** The address people and webhooks use to reach Kasa (KASA_PUBLIC_URL), without a trailing slash. */
export function publicUrl(): string {
  const { KASA_PUBLIC_URL, NEXTAUTH_URL, PORT } = config();
  return KASA_PUBLIC_URL ?? NEXTAUTH_URL ?? `http://localhost:${PORT}`;
}

/**
 * Where SMS short links live, without a trailing slash: a link is `<this>/<id>`. The deployment's short domain
 * (KASA_SHORT_URL) when it has one, else the public address's `/l`, which every deployment serves.
 */
export function shortUrlBase(): string {
  return config().KASA_SHORT_URL ?? `${publicUrl()}/l`;
}

/** next-auth reads its address from process.env itself: give it ours when it has none. */
export function publishNextAuthUrl(): void {
  process.env.NEXTAUTH_URL ??= publicUrl();
}
