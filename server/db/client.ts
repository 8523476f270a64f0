// The one Prisma client of a process. Created on first use, after
// bootDatabase() has settled DATABASE_URL (embedded or configured).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

const holder = globalThis as unknown as { kasaPrisma?: PrismaClient };

export function db(): PrismaClient {
  if (holder.kasaPrisma) return holder.kasaPrisma;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: call bootDatabase() before using the database");
  holder.kasaPrisma = new PrismaClient({ adapter: new PrismaPg({ connectionString, max: Number(process.env.KASA_DB_POOL ?? 10) }) });
  return holder.kasaPrisma;
}

export async function disconnectDb(): Promise<void> {
  await holder.kasaPrisma?.$disconnect();
  holder.kasaPrisma = undefined;
}

export type { PrismaClient };
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
