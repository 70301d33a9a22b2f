import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { IN_MEMORY, openDriver, type DbTarget } from "@/lib/db/adapter";
import { setDatabase } from "@/lib/db/client";
import { databaseOver, type Database } from "@/lib/db/database";
import { migrateDriver } from "@/lib/db/migrate";
import type { PrismaClient } from "@/lib/generated/prisma/client";

export type TestDb = {
  db: PrismaClient;
  /** The database's URL when the engine is PostgreSQL. */
  url?: string;
  close(): Promise<void>;
};

export type TestDbEngine = "pglite" | "postgres";

/** The engine the running Vitest project tests against (TEST_DB_ENGINE, default pglite). */
export function testDbEngine(): TestDbEngine {
  const engine = process.env.TEST_DB_ENGINE ?? "pglite";
  if (engine !== "pglite" && engine !== "postgres") {
    throw new Error(`TEST_DB_ENGINE must be pglite or postgres, not ${engine}`);
  }
  return engine;
}

function clusterUrl(): string {
  const url = inject("TEST_POSTGRES_URL");
  if (!url) throw new Error("No PostgreSQL test cluster: run this file in the int:postgres Vitest project");
  return url;
}

async function onCluster(statement: string): Promise<void> {
  const admin = new pg.Client(clusterUrl());
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export type EmptyTestDatabase = {
  target: DbTarget;
  /** Removes the database (PostgreSQL); in-memory PGlite goes away with its driver. */
  drop(): Promise<void>;
};

/** An empty, unmigrated database on the current engine, for tests of migrations themselves. */
export async function createEmptyDatabase(): Promise<EmptyTestDatabase> {
  if (testDbEngine() === "pglite") {
    return { target: { engine: "pglite", dataDir: IN_MEMORY }, drop: async () => {} };
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  await onCluster(`CREATE DATABASE "${name}"`);
  const url = new URL(clusterUrl());
  url.pathname = `/${name}`;
  return {
    target: { engine: "postgres", url: url.toString() },
    drop: () => onCluster(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

let current: Database | undefined;

/**
 * A fresh, fully migrated database on the current engine: in-memory PGlite, or a new database on
 * the run's PostgreSQL cluster (dropped on close). It also becomes the process's database, so lib
 * code using `db` from "@/lib/db/client" talks to it until it is closed.
 */
export async function createTestDb(): Promise<TestDb> {
  const empty = await createEmptyDatabase();
  const driver = openDriver(empty.target);
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
    url: empty.target.engine === "postgres" ? empty.target.url : undefined,
    async close() {
      if (current === database) {
        setDatabase(undefined);
        current = undefined;
      }
      await database.close();
      await empty.drop();
    },
  };
}
