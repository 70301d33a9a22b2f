import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/lib/db/migrate";
import { startThrowawayPostgres } from "@/lib/db/embedded-postgres";
import { onServer, withDatabase } from "./postgres-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the run's throwaway cluster, on which integration tests create their databases. */
    TEST_POSTGRES_URL: string;
    /** The run's fully migrated database, copied for each test database (CREATE DATABASE … TEMPLATE). */
    TEST_POSTGRES_TEMPLATE: string;
  }
}

/**
 * Global setup of the integration tests: one throwaway cluster (the studio's own embedded
 * PostgreSQL) for the whole run, unless TEST_POSTGRES_URL already names a server (e.g. a CI
 * service) on which the tests may create and drop databases. On it, a database with every
 * migration applied serves as the template of each test's database (test/db.ts), so the
 * migrations run once per run instead of once per test file. Its name is the run's own, so runs
 * sharing a server never drop each other's.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_POSTGRES_URL;
  const started = performance.now();
  const cluster = given ? undefined : await startThrowawayPostgres();
  const url = given ?? cluster!.url;
  const template = `test_template_${randomBytes(6).toString("hex")}`;
  const dropTemplate = () => onServer(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  try {
    await onServer(url, `CREATE DATABASE "${template}"`);
    await applyMigrations(withDatabase(url, template));
  } catch (error) {
    await (cluster ? cluster.stop() : dropTemplate());
    throw error;
  }
  console.log(`PostgreSQL test cluster and migrated template up in ${Math.round(performance.now() - started)} ms`);
  project.provide("TEST_POSTGRES_URL", url);
  project.provide("TEST_POSTGRES_TEMPLATE", template);
  return () => (cluster ? cluster.stop() : dropTemplate());
}
