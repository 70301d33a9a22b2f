import "server-only";
import type pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseUrl } from "./adapter";
import { openDatabase, type Database } from "./database";

// One client per process. It lives on globalThis so that dev-server reloads of this module reuse
// its pool rather than open another. It is created on first use, never at import, so `next build`
// does not connect.
const holder = globalThis as typeof globalThis & { studioDatabase?: Database };

/** The process's database (DATABASE_URL's PostgreSQL). */
function database(): Database {
  holder.studioDatabase ??= openDatabase(databaseUrl());
  return holder.studioDatabase;
}

/** The process's Prisma client behind a plain object, for `db.user.findMany()`; opens the database on first use. */
export const db = new Proxy({} as PrismaClient, {
  get(_, property) {
    const client = database().client;
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** The pool under the process's Prisma client, for statements sent straight through pg (lib/db/sql). */
export function sqlPool(): pg.Pool {
  return database().pool;
}

/** The URL of the process's database, for a connection that must reach the same server as `db`. */
export function databaseUrlInUse(): string {
  return database().url;
}

/** Makes `database` the process's database: tests point lib code at the one they created. */
export function setDatabase(database: Database | undefined): void {
  holder.studioDatabase = database;
}

/** Closes the process's database, if it was opened: the web server's last step as it stops. */
export async function closeDatabase(): Promise<void> {
  const open = holder.studioDatabase;
  holder.studioDatabase = undefined;
  await open?.close();
}
