import { PrismaClient } from "@/lib/generated/prisma/client";
import { openDriver, type DbTarget, type DriverHandle } from "./adapter";

/** A Prisma client together with the driver it owns. */
export type Database = {
  client: PrismaClient;
  engine: DbTarget["engine"];
  close(): Promise<void>;
};

/** Wraps an open driver in a Prisma client; `close()` disconnects it, then releases the driver. */
export function databaseOver(driver: DriverHandle): Database {
  const client = new PrismaClient({ adapter: driver.factory });
  return {
    client,
    engine: driver.target.engine,
    async close() {
      await client.$disconnect();
      await driver.close();
    },
  };
}

export function openDatabase(target: DbTarget): Database {
  return databaseOver(openDriver(target));
}
