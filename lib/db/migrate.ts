import pg from "pg";
import { databaseUrl, openDriver, type DriverHandle } from "./adapter";
import { MIGRATIONS_DIR, NO_EXTERNAL_ENTITIES, readMigrations } from "./migration-files";
import { loadSchemaEngine } from "./schema-engine";

export type MigrateOptions = {
  /** Defaults to prisma/migrations. */
  migrationsDir?: string;
};

/**
 * Applies pending migrations through an already open driver, recording them in Prisma's own
 * `_prisma_migrations` table, so `prisma migrate deploy` sees the same history. Returns the names
 * of the migrations it applied. Throws (leaving the failed one marked as such) when one fails.
 */
export async function migrateDriver(driver: DriverHandle, options: MigrateOptions = {}): Promise<string[]> {
  const migrationsList = await readMigrations(options.migrationsDir ?? MIGRATIONS_DIR);
  const engine = await loadSchemaEngine(driver.factory);
  try {
    const { appliedMigrationNames } = await engine.applyMigrations({
      migrationsList,
      filters: NO_EXTERNAL_ENTITIES,
    });
    return appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/**
 * Opens the database, applies pending migrations and closes it again. The studio runs this once,
 * before its processes start, so none of them ever meets a schema older than its code.
 */
export async function applyMigrations(url: string = databaseUrl(), options: MigrateOptions = {}): Promise<string[]> {
  // Several instances starting at once migrate one at a time. The schema engine takes an advisory
  // lock of its own, but gives up on it after 10 s, failing the start of every instance that waits
  // behind a long migration; this one waits as long as the migration takes.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtextextended('studio:migrations', 0))");
    const driver = openDriver(url);
    try {
      return await migrateDriver(driver, options);
    } finally {
      await driver.close();
    }
  } finally {
    await lock.end();
  }
}
