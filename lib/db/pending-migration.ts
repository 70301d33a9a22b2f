import { readFile } from "node:fs/promises";
import { openDriver } from "./adapter";
import {
  LOCKFILE_CONTENT,
  MIGRATIONS_DIR,
  NO_EXTERNAL_ENTITIES,
  SCHEMA_PATH,
  readMigrations,
} from "./migration-files";
import { loadSchemaEngine } from "./schema-engine";

/**
 * The SQL that takes a database built from the migrations directory to the schema, or null when
 * they already agree. The engine's own `createMigration` needs a shadow database it cannot open in
 * WASM, so this diffs instead: the migrations are replayed on a shadow database created (and
 * dropped) on the server of `url`, which must allow CREATE DATABASE; use a throwaway one.
 */
export async function pendingMigrationSql(
  url: string,
  migrationsDir: string = MIGRATIONS_DIR,
  schemaPath: string = SCHEMA_PATH,
): Promise<string | null> {
  const migrations = await readMigrations(migrationsDir);
  const schema = await readFile(schemaPath, "utf8");
  const driver = openDriver(url);
  try {
    const engine = await loadSchemaEngine(driver.factory);
    try {
      const { exitCode, stdout } = await engine.diff({
        // Replayed on a fresh shadow database even when there are none yet, so the first
        // migration, like Prisma's, does not try to create the `public` schema.
        from: {
          tag: "migrations",
          ...migrations,
          lockfile: { ...migrations.lockfile, content: migrations.lockfile.content ?? LOCKFILE_CONTENT },
        },
        to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
        script: true,
        // Asks the engine to answer 2 when there is a difference, 0 when there is none.
        exitCode: true,
        filters: NO_EXTERNAL_ENTITIES,
      });
      return exitCode === 0 ? null : (stdout ?? "");
    } finally {
      engine.free();
    }
  } finally {
    await driver.close();
  }
}
