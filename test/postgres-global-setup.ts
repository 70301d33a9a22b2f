import type { TestProject } from "vitest/node";
import { findPostgresBin, NO_POSTGRES_MESSAGE, startPostgresCluster } from "./postgres-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the cluster the PostgreSQL integration run creates its databases on. */
    TEST_POSTGRES_URL: string;
  }
}

/**
 * Global setup of the `int:postgres` project: one throwaway cluster for the whole run, unless
 * TEST_POSTGRES_URL already names one (e.g. a CI service).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const given = process.env.TEST_POSTGRES_URL;
  if (given) {
    project.provide("TEST_POSTGRES_URL", given);
    return;
  }
  const binDir = findPostgresBin();
  if (!binDir) {
    // vitest.config.ts already skips the project's tests in this case.
    console.warn(NO_POSTGRES_MESSAGE);
    project.provide("TEST_POSTGRES_URL", "");
    return;
  }
  const started = performance.now();
  const cluster = await startPostgresCluster(binDir);
  console.log(`PostgreSQL test cluster up in ${Math.round(performance.now() - started)} ms (${binDir})`);
  project.provide("TEST_POSTGRES_URL", cluster.url);
  return () => cluster.stop();
}
