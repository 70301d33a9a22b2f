import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmptyDatabase, type EmptyTestDatabase } from "@/test/db";
import { openDriver, type DriverHandle } from "./adapter";
import { databaseOver, type Database } from "./database";
import { applyMigrations, migrateDriver } from "./migrate";
import { MIGRATION_FILE_NAME, MIGRATIONS_DIR } from "./migration-files";

type LedgerRow = {
  migration_name: string;
  checksum: string;
  finished: boolean;
  rolled_back: boolean;
  logs: string | null;
};

async function ledger(database: Database): Promise<LedgerRow[]> {
  return database.client.$queryRaw<LedgerRow[]>`
    SELECT migration_name, checksum, finished_at IS NOT NULL AS finished,
           rolled_back_at IS NOT NULL AS rolled_back, logs
    FROM _prisma_migrations ORDER BY migration_name`;
}

async function tableExists(database: Database, name: string): Promise<boolean> {
  const [row] = await database.client.$queryRaw<{ found: boolean }[]>`
    SELECT to_regclass(${`public."${name}"`}) IS NOT NULL AS found`;
  return row.found;
}

async function committedMigrations(): Promise<{ name: string; checksum: string }[]> {
  const names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      checksum: createHash("sha256")
        .update(await readFile(path.join(MIGRATIONS_DIR, name, MIGRATION_FILE_NAME)))
        .digest("hex"),
    })),
  );
}

describe("migrations", () => {
  let empty: EmptyTestDatabase;
  let driver: DriverHandle;
  let database: Database;

  beforeEach(async () => {
    empty = await createEmptyDatabase();
    driver = openDriver(empty.url);
    database = databaseOver(driver);
  });

  afterEach(async () => {
    await database.close();
    await empty.drop();
  });

  it("bring an empty database up to the schema and record each one in Prisma's ledger", async () => {
    const committed = await committedMigrations();
    expect(committed.length).toBeGreaterThan(0);

    expect(await migrateDriver(driver)).toEqual(committed.map((migration) => migration.name));

    expect(await ledger(database)).toEqual(
      committed.map(({ name, checksum }) => ({
        migration_name: name,
        checksum,
        finished: true,
        rolled_back: false,
        logs: null,
      })),
    );
    for (const table of ["User", "Team", "Membership", "Conversation", "Turn", "Asset", "VideoJob"]) {
      expect(await tableExists(database, table), table).toBe(true);
    }
  });

  it("run once when three processes start at once: one applies every migration, the others wait and find nothing to do", async () => {
    const committed = await committedMigrations();

    const results = await Promise.all([applyMigrations(empty.url), applyMigrations(empty.url), applyMigrations(empty.url)]);

    expect(results.map((applied) => applied.length).sort((a, b) => a - b)).toEqual([0, 0, committed.length]);
    expect((await ledger(database)).map((row) => [row.migration_name, row.finished])).toEqual(committed.map(({ name }) => [name, true]));
  });

  it("wait, without a timeout of their own, while another process migrates", async () => {
    const other = new pg.Client({ connectionString: empty.url });
    await other.connect();
    await other.query("SELECT pg_advisory_lock(hashtextextended('studio:migrations', 0))");
    const applying = applyMigrations(empty.url);

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await tableExists(database, "_prisma_migrations")).toBe(false);
    await other.end();

    expect((await applying).length).toBe((await committedMigrations()).length);
  });

  it("do nothing when run again", async () => {
    await migrateDriver(driver);
    const before = await ledger(database);

    expect(await migrateDriver(driver)).toEqual([]);
    expect(await ledger(database)).toEqual(before);
  });

  describe("with migrations added to the committed ones", () => {
    let migrationsDir: string;

    async function addMigration(name: string, sql: string): Promise<void> {
      await mkdir(path.join(migrationsDir, name));
      await writeFile(path.join(migrationsDir, name, MIGRATION_FILE_NAME), sql);
    }

    beforeEach(async () => {
      migrationsDir = await mkdtemp(path.join(os.tmpdir(), "studio-migrations-"));
      await cp(MIGRATIONS_DIR, migrationsDir, { recursive: true });
    });

    afterEach(() => rm(migrationsDir, { recursive: true, force: true }));

    it("run a script whole, semicolons inside literals and function bodies included", async () => {
      await addMigration(
        "99990101000000_semicolons",
        `CREATE FUNCTION "studio_semicolons"() RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN 'a;b';
END;
$$;
`,
      );

      await migrateDriver(driver, { migrationsDir });

      const [row] = await database.client.$queryRaw<{ value: string }[]>`SELECT "studio_semicolons"() AS value`;
      expect(row.value).toBe("a;b");
    });

    it("roll a failing one back, record it as failed (not applied) and refuse to go on", async () => {
      const broken = "99990101000000_broken";
      await addMigration(broken, 'CREATE TABLE "HalfDone" ("id" INTEGER);\nSELECT * FROM "no_such_table";\n');

      await expect(migrateDriver(driver, { migrationsDir })).rejects.toThrow(/no_such_table/);

      const rows = await ledger(database);
      expect(rows.filter((row) => row.migration_name !== broken).every((row) => row.finished)).toBe(true);
      expect(rows.find((row) => row.migration_name === broken)).toMatchObject({
        finished: false,
        rolled_back: false,
        logs: expect.stringContaining("no_such_table"),
      });
      expect(await tableExists(database, "HalfDone")).toBe(false);

      // Prisma's rule (P3009): nothing more is applied until the failed migration is resolved.
      await expect(migrateDriver(driver, { migrationsDir })).rejects.toThrow(/failed migrations/);
    });
  });
});
