import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { resolveDbTarget } from "./adapter";
import { openDatabase, type Database } from "./database";

// One client per process. It lives on globalThis so that dev-server reloads of this module reuse
// it: a second PGlite on the same directory would corrupt it. It is created on first use, never at
// import, so `next build` does not open the database.
const holder = globalThis as typeof globalThis & { studioDatabase?: Database };

/** The process's database (PGlite under STUDIO_DATA_DIR, or DATABASE_URL's PostgreSQL). */
function database(): Database {
  holder.studioDatabase ??= openDatabase(resolveDbTarget());
  return holder.studioDatabase;
}

/**
 * Which engine the process's database runs on. PGlite has a single connection, so its transactions
 * already run one at a time: a lock that only orders concurrent transactions can be left out there.
 */
export function dbEngine(): Database["engine"] {
  return database().engine;
}

/** The process's Prisma client behind a plain object, for `db.user.findMany()`; opens the database on first use. */
export const db = new Proxy({} as PrismaClient, {
  get(_, property) {
    const client = database().client;
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** Makes `database` the process's database: tests point lib code at the one they created. */
export function setDatabase(database: Database | undefined): void {
  holder.studioDatabase = database;
}
