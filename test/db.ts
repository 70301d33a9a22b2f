import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDriver } from "@/lib/db/adapter";
import { setDatabase } from "@/lib/db/client";
import { databaseOver, type Database } from "@/lib/db/database";
import { migrateDriver } from "@/lib/db/migrate";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { stopWakeListener } from "@/lib/wakeups/listener";

export type TestDb = {
  db: PrismaClient;
  /** The database's URL. */
  url: string;
  close(): Promise<void>;
};

/** URL of the run's throwaway cluster (its maintenance database). */
export function clusterUrl(): string {
  const url = inject("TEST_POSTGRES_URL");
  if (!url) throw new Error("No PostgreSQL test cluster: run this file in the `int` Vitest project");
  return url;
}

/** Runs one statement on the cluster's maintenance database (creating, dropping or closing test databases). */
export async function onCluster(statement: string): Promise<void> {
  const admin = new pg.Client(clusterUrl());
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export type EmptyTestDatabase = {
  url: string;
  drop(): Promise<void>;
};

/** A new, empty, unmigrated database on the run's cluster, for tests of migrations themselves. */
export async function createEmptyDatabase(): Promise<EmptyTestDatabase> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await onCluster(`CREATE DATABASE "${name}"`);
  const url = new URL(clusterUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onCluster(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

let current: Database | undefined;

/**
 * A fresh, fully migrated database on the run's cluster (dropped on close). It also becomes the
 * process's database, so lib code using `db` from "@/lib/db/client" talks to it until it is closed.
 */
export async function createTestDb(): Promise<TestDb> {
  const empty = await createEmptyDatabase();
  const driver = openDriver(empty.url);
  try {
    await migrateDriver(driver);
  } catch (error) {
    await driver.close();
    await empty.drop();
    throw error;
  }
  const database = databaseOver(driver);
  setDatabase(database);
  current = database;
  return {
    db: database.client,
    url: empty.url,
    async close() {
      if (current === database) {
        // The process's listener (started by a job stream) is on this database, about to be dropped.
        await stopWakeListener();
        setDatabase(undefined);
        current = undefined;
      }
      await database.close();
      await empty.drop();
    },
  };
}
