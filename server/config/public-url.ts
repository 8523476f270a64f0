import { config } from "./config";

/** The address people and webhooks use to reach Kasa (KASA_PUBLIC_URL), without a trailing slash. */
export function publicUrl(): string {
  const { KASA_PUBLIC_URL, NEXTAUTH_URL, PORT } = config();
  return KASA_PUBLIC_URL ?? NEXTAUTH_URL ?? `http://localhost:${PORT}`;
}

/** next-auth reads its address from process.env itself: give it ours when it has none. */
export function publishNextAuthUrl(): void {
  process.env.NEXTAUTH_URL ??= publicUrl();
}
