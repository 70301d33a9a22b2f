import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDriver, type DriverHandle } from "@/lib/db/adapter";
import { databaseOver, type Database } from "@/lib/db/database";
import { migrateDriver } from "@/lib/db/migrate";
import { LOCKFILE_NAME, MIGRATIONS_DIR } from "@/lib/db/migration-files";
import { createEmptyDatabase, type EmptyTestDatabase } from "@/test/db";

// The gallery's variation sets: entries written before their migration take their generation's set,
// so sets made before it show as one tile too. A database is built from the migrations before it,
// filled with rows of that schema, then migrated.
const MIGRATION = "20261126104023_gallery_variation_sets";

let empty: EmptyTestDatabase;
let database: Database;
let driver: DriverHandle;
let migrationsDir: string;

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const setId = id(900);

const insert = (sql: string) => database.client.$executeRawUnsafe(sql);

beforeAll(async () => {
  migrationsDir = await mkdtemp(path.join(os.tmpdir(), "studio-variation-backfill-"));
  for (const name of await readdir(MIGRATIONS_DIR)) {
    if (name === LOCKFILE_NAME || name < MIGRATION) await cp(path.join(MIGRATIONS_DIR, name), path.join(migrationsDir, name), { recursive: true });
  }
  empty = await createEmptyDatabase();
  driver = openDriver(empty.url);
  database = databaseOver(driver);
  await migrateDriver(driver, { migrationsDir });

  await insert(`INSERT INTO "User" ("id", "email", "name", "passwordHash") VALUES ('${id(1)}', 'a@x', 'Alice', 'h')`);
  // Two images of one set, and one image alone.
  for (const [generation, set] of [[id(10), setId], [id(11), setId], [id(12), null]] as const) {
    await insert(`INSERT INTO "Generation" ("id", "ownerId", "kind", "model", "prompt", "params", "status", "variationSetId")
      VALUES ('${generation}', '${id(1)}', 'alpha_v3', 'alpha-image-v3', 'kites', '{}', 'succeeded', ${set ? `'${set}'` : "NULL"})`);
    await insert(`INSERT INTO "GalleryItem" ("id", "kind", "ownerId", "model", "prompt", "searchText", "generationId", "updatedAt")
      VALUES ('${id(Number(generation.slice(-2)) + 100)}', 'image', '${id(1)}', 'alpha-v3', 'kites', 'kites', '${generation}', now())`);
  }
  await cp(path.join(MIGRATIONS_DIR, MIGRATION), path.join(migrationsDir, MIGRATION), { recursive: true });
  expect(await migrateDriver(driver, { migrationsDir })).toContain(MIGRATION);
});

afterAll(async () => {
  await database?.close();
  await empty?.drop();
  await rm(migrationsDir, { recursive: true, force: true });
});

describe(`migration ${MIGRATION}`, () => {
  it("gives each existing entry its generation's variation set, and none to an image made alone", async () => {
    const rows = await database.client.$queryRawUnsafe<{ id: string; variationSetId: string | null }[]>(`SELECT "id", "variationSetId" FROM "GalleryItem" ORDER BY "id"`);
    expect(rows).toEqual([
      { id: id(110), variationSetId: setId },
      { id: id(111), variationSetId: setId },
      { id: id(112), variationSetId: null },
    ]);
  });
});
