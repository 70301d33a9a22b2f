import { PGlite } from "@electric-sql/pglite";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmptyDatabase, type EmptyTestDatabase } from "@/test/db";
import { CARRIED_OVER_DIR_NAME, carryOverPglite, hasPgliteToCarryOver, PGLITE_DIR_NAME } from "./carry-over-pglite";
import { openDatabase } from "./database";
import { applyMigrations } from "./migrate";

const FIXTURE = path.join(import.meta.dirname, "../../test/fixtures/pglite-previous-release.tar.br");

/** A studio data directory as the previous release left it: its PGlite database, nothing else. */
async function previousReleaseDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-previous-"));
  const tarball = brotliDecompressSync(await readFile(FIXTURE));
  const pglite = new PGlite(path.join(dataDir, PGLITE_DIR_NAME), { loadDataDir: new Blob([tarball]) });
  await pglite.close();
  return dataDir;
}

async function count(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`);
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

describe("carrying an earlier release's PGlite database over to PostgreSQL", () => {
  let dataDir: string;
  let target: EmptyTestDatabase;

  beforeEach(async () => {
    dataDir = await previousReleaseDataDir();
    target = await createEmptyDatabase();
  });

  afterEach(async () => {
    await target.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("copies every row, keeps the old files aside, and the studio reads the accounts on the new server", async () => {
    expect(hasPgliteToCarryOver(dataDir)).toBe(true);

    const report = await carryOverPglite(dataDir, target.url);

    expect(report.rows).toMatchObject({ User: 48, Team: 7, Job: 57, Generation: 29, VideoJob: 6, GalleryItem: 33, UsageEntry: 46, _prisma_migrations: 14 });
    expect(await count(target.url, "Asset")).toBe(report.rows.Asset);
    expect(report.keptAt).toBe(path.join(dataDir, CARRIED_OVER_DIR_NAME));
    expect(existsSync(path.join(report.keptAt, "PG_VERSION"))).toBe(true);
    expect(hasPgliteToCarryOver(dataDir)).toBe(false);

    // Migrations newer than the previous release apply on top; the copied ledger names the rest.
    await applyMigrations(target.url);
    const database = openDatabase(target.url);
    try {
      const admin = await database.client.user.findFirst({ where: { role: "admin" }, orderBy: { createdAt: "asc" } });
      expect(admin?.email).toMatch(/@/);
      expect(await database.client.job.count()).toBe(57);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("leaves the old files where they were when the new database is not the copy it should be", async () => {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query('CREATE TABLE "Unrelated" (id int)');
    await client.end();

    await expect(carryOverPglite(dataDir, target.url)).rejects.toThrow(/the copy has tables Unrelated where PGlite has/);

    expect(hasPgliteToCarryOver(dataDir)).toBe(true);
    expect(existsSync(path.join(dataDir, CARRIED_OVER_DIR_NAME))).toBe(false);
  }, 120_000);

  it("finishes a carry-over cut off after its commit: the rows are checked again, not copied twice", async () => {
    await carryOverPglite(dataDir, target.url);
    await rename(path.join(dataDir, CARRIED_OVER_DIR_NAME), path.join(dataDir, PGLITE_DIR_NAME));

    const again = await carryOverPglite(dataDir, target.url);

    expect(again.rows.User).toBe(48);
    expect(await count(target.url, "User")).toBe(48);
    expect(hasPgliteToCarryOver(dataDir)).toBe(false);
  }, 120_000);
});
