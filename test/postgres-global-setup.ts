import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/lib/db/migrate";
import { startThrowawayPostgres } from "@/lib/db/embedded-postgres";
import { MIGRATED_TEMPLATE, onServer, withDatabase } from "./postgres-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the run's throwaway cluster, on which integration tests create their databases. */
    TEST_POSTGRES_URL: string;
  }
}

/**
 * Global setup of the integration tests: one throwaway cluster (the studio's own embedded
 * PostgreSQL) for the whole run, unless TEST_POSTGRES_URL already names a server (e.g. a CI
 * service) on which the tests may create and drop databases. On it, a database with every
 * migration applied serves as the template of each test's database (test/db.ts), so the
 * migrations run once per run instead of once per test file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_POSTGRES_URL;
  const started = performance.now();
  const cluster = given ? undefined : await startThrowawayPostgres();
  const url = given ?? cluster!.url;
  await onServer(url, `DROP DATABASE IF EXISTS "${MIGRATED_TEMPLATE}" WITH (FORCE)`);
  await onServer(url, `CREATE DATABASE "${MIGRATED_TEMPLATE}"`);
  await applyMigrations(withDatabase(url, MIGRATED_TEMPLATE));
  console.log(`PostgreSQL test cluster and migrated template up in ${Math.round(performance.now() - started)} ms`);
  project.provide("TEST_POSTGRES_URL", url);
  return async () => {
    if (cluster) return cluster.stop();
    await onServer(url, `DROP DATABASE IF EXISTS "${MIGRATED_TEMPLATE}" WITH (FORCE)`);
  };
}
