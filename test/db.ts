import { randomBytes } from "node:crypto";
import type pg from "pg";
import { inject } from "vitest";
import { openDriver } from "@/lib/db/adapter";
import { setDatabase } from "@/lib/db/client";
import { databaseOver, type Database } from "@/lib/db/database";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { stopWakeListener } from "@/lib/wakeups/listener";
import { onServer, withDatabase } from "./postgres-template";

export type TestDb = {
  db: PrismaClient;
  /** The pool under `db`, for statements sent straight through pg (lib/db/sql). */
  pool: pg.Pool;
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
export function onCluster(statement: string): Promise<void> {
  return onServer(clusterUrl(), statement);
}

export type EmptyTestDatabase = {
  url: string;
  drop(): Promise<void>;
};

/** A new database on the run's cluster, a copy of `template`. */
async function createDatabase(template: string): Promise<EmptyTestDatabase> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await onCluster(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return {
    url: withDatabase(clusterUrl(), name),
    drop: () => onCluster(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** A new, empty, unmigrated database on the run's cluster, for tests of migrations themselves. */
export function createEmptyDatabase(): Promise<EmptyTestDatabase> {
  return createDatabase("template1");
}

let current: Database | undefined;

/**
 * A fresh, fully migrated database on the run's cluster (dropped on close): a copy of the template
 * the global setup migrated. It also becomes the process's database, so lib code using `db` from
 * "@/lib/db/client" talks to it until it is closed.
 */
export async function createTestDb(): Promise<TestDb> {
  const created = await createDatabase(inject("TEST_POSTGRES_TEMPLATE"));
  const driver = openDriver(created.url);
  const database = databaseOver(driver);
  setDatabase(database);
  current = database;
  return {
    db: database.client,
    pool: database.pool,
    url: created.url,
    async close() {
      if (current === database) {
        // The process's listener (started by a job stream) is on this database, about to be dropped.
        await stopWakeListener();
        setDatabase(undefined);
        current = undefined;
      }
      await database.close();
      await created.drop();
    },
  };
}
