/** The address people and webhooks use to reach Kasa (KASA_PUBLIC_URL), without a trailing slash. */
export function publicUrl(): string {
  const configured = process.env.KASA_PUBLIC_URL ?? process.env.NEXTAUTH_URL;
  return (configured ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
}
