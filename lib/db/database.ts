import type pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { openDriver, type DriverHandle } from "./adapter";

/** A Prisma client together with the driver it owns. */
export type Database = {
  /** The server behind the client, for a connection of its own beside the pool (LISTEN). */
  url: string;
  client: PrismaClient;
  /** The pool under the client, for statements sent straight through pg (lib/db/sql). */
  pool: pg.Pool;
  close(): Promise<void>;
};

/** Wraps an open driver in a Prisma client; `close()` disconnects it, then releases the driver. */
export function databaseOver(driver: DriverHandle): Database {
  const client = new PrismaClient({ adapter: driver.factory });
  return {
    url: driver.url,
    client,
    pool: driver.pool,
    async close() {
      await client.$disconnect();
      await driver.close();
    },
  };
}

export function openDatabase(url: string): Database {
  return databaseOver(openDriver(url));
}
