import { defineConfig } from "prisma/config";

// The runtime never reads this file: the app resolves its database (embedded
// or DATABASE_URL) at start-up and hands the URL to the pg adapter. The CLI
// only needs a syntactically valid URL to generate the client.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://kasa:kasa@127.0.0.1:54329/kasa" },
});
