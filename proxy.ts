// A first gate for dashboard pages: no valid session cookie, straight to
// sign-in. Pages and tRPC procedures still check the session and the
// account membership themselves; this only saves a render.
import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { authSecret } from "./server/config/auth-secret";

export async function proxy(request: NextRequest) {
  const token = await getToken({ req: request, secret: authSecret() });
  if (token) return NextResponse.next();
  const signIn = new URL("/signin", request.url);
  signIn.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
}

export const config = { matcher: ["/dashboard", "/accounts/:path*"] };
