import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "@/lib/db/embedded-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the run's throwaway cluster, on which integration tests create their databases. */
    TEST_POSTGRES_URL: string;
  }
}

/**
 * Global setup of the integration tests: one throwaway cluster (the studio's own embedded
 * PostgreSQL) for the whole run, unless TEST_POSTGRES_URL already names a server (e.g. a CI
 * service) on which the tests may create and drop databases.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const given = process.env.TEST_POSTGRES_URL;
  if (given) {
    project.provide("TEST_POSTGRES_URL", given);
    return;
  }
  const started = performance.now();
  const cluster = await startThrowawayPostgres();
  console.log(`PostgreSQL test cluster up in ${Math.round(performance.now() - started)} ms`);
  project.provide("TEST_POSTGRES_URL", cluster.url);
  return () => cluster.stop();
}
