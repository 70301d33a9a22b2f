import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDbEngine } from "@/test/db";
import type { DbTarget } from "./adapter";
import { openDatabase } from "./database";
import { applyMigrations } from "./migrate";

// The embedded database must keep the studio's data across restarts; PostgreSQL needs no proof.
describe.runIf(testDbEngine() === "pglite")("a PGlite data directory", () => {
  let root: string;
  let target: DbTarget;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "studio-pglite-"));
    target = { engine: "pglite", dataDir: path.join(root, "nested", "pglite") };
  });

  afterEach(() => rm(root, { recursive: true, force: true }));

  it("is migrated, released and reopened with its data intact", async () => {
    // applyMigrations opens, migrates and closes: the directory must be free again afterwards.
    expect((await applyMigrations(target)).length).toBeGreaterThan(0);

    const first = openDatabase(target);
    await first.client.user.create({ data: { email: "kept@example.com", name: "Kept", passwordHash: "hash" } });
    await first.close();

    expect(await applyMigrations(target)).toEqual([]);

    const second = openDatabase(target);
    try {
      expect(await second.client.user.findUnique({ where: { email: "kept@example.com" } })).toMatchObject({
        name: "Kept",
      });
    } finally {
      await second.close();
    }
  });
});
