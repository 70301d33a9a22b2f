import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterUrl } from "@/test/db";
import { MIGRATIONS_DIR, SCHEMA_PATH } from "./migration-files";
import { pendingMigrationSql } from "./pending-migration";

describe("pendingMigrationSql", () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "studio-schema-"));
  });

  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it("finds nothing to add: the committed migrations match prisma/schema.prisma", async () => {
    expect(await pendingMigrationSql(clusterUrl())).toBeNull();
  });

  it("writes the SQL for a schema change", async () => {
    const schemaPath = path.join(scratch, "schema.prisma");
    const schema = await readFile(SCHEMA_PATH, "utf8");
    await writeFile(schemaPath, `${schema}\nmodel Extra {\n  id String @id\n}\n`);
    const migrationsDir = path.join(scratch, "migrations");
    await cp(MIGRATIONS_DIR, migrationsDir, { recursive: true });

    const sql = await pendingMigrationSql(clusterUrl(), migrationsDir, schemaPath);

    expect(sql).toContain('CREATE TABLE "Extra"');
    expect(sql).not.toContain('"User"');
  });
});
