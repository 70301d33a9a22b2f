import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { agreeOnSharedSecrets, SECRETS_DISAGREE } from "./shared-secrets";

let testDb: TestDb;
let dirs: string;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());
beforeEach(async () => {
  await testDb.db.sharedSecret.deleteMany();
  dirs = await mkdtemp(path.join(os.tmpdir(), "shared-secrets-"));
});
afterEach(() => rm(dirs, { recursive: true, force: true }));

/** A data directory of its own, as each instance on its own machine has. */
async function instanceDir(name: string, secretsJson?: object): Promise<string> {
  const dir = path.join(dirs, name);
  await mkdir(dir, { recursive: true });
  if (secretsJson) await writeFile(path.join(dir, "secrets.json"), JSON.stringify(secretsJson));
  return dir;
}

it("gives two instances started together with no secrets configured the same generated secrets", async () => {
  const [first, second] = await Promise.all([
    agreeOnSharedSecrets({ databaseUrl: testDb.url, given: {}, dataDir: await instanceDir("a") }),
    agreeOnSharedSecrets({ databaseUrl: testDb.url, given: {}, dataDir: await instanceDir("b") }),
  ]);

  expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  expect(first.ASSET_SIGNING_KEY).not.toBe(first.AUTH_SECRET);
  expect(second).toEqual(first);
});

it("accepts instances given the same secrets and keeps only a fingerprint of them", async () => {
  const given = { AUTH_SECRET: "s".repeat(40), ASSET_SIGNING_KEY: "k".repeat(40) };

  expect(await agreeOnSharedSecrets({ databaseUrl: testDb.url, given })).toEqual(given);
  expect(await agreeOnSharedSecrets({ databaseUrl: testDb.url, given })).toEqual(given);
  const rows = await testDb.db.sharedSecret.findMany();
  expect(rows.map((row) => row.value)).toEqual([null, null]);
});

it("refuses an instance whose AUTH_SECRET differs from the other instances', naming it", async () => {
  await agreeOnSharedSecrets({ databaseUrl: testDb.url, given: { AUTH_SECRET: "s".repeat(40), ASSET_SIGNING_KEY: "k".repeat(40) } });

  const differing = agreeOnSharedSecrets({ databaseUrl: testDb.url, given: { AUTH_SECRET: "t".repeat(40), ASSET_SIGNING_KEY: "k".repeat(40) } });

  await expect(differing).rejects.toMatchObject({
    code: SECRETS_DISAGREE,
    message: expect.stringContaining("AUTH_SECRET differs from the one the other instances on this database use"),
  });
});

it("refuses an instance given no secret when the others are given one in their environment", async () => {
  await agreeOnSharedSecrets({ databaseUrl: testDb.url, given: { AUTH_SECRET: "s".repeat(40), ASSET_SIGNING_KEY: "k".repeat(40) } });

  const unset = agreeOnSharedSecrets({ databaseUrl: testDb.url, given: {}, dataDir: await instanceDir("a") });

  await expect(unset).rejects.toMatchObject({ code: SECRETS_DISAGREE, message: expect.stringContaining("AUTH_SECRET is not set") });
});

it("keeps the secrets an earlier release generated into secrets.json, so its sessions survive the upgrade", async () => {
  const earlier = { authSecret: "a".repeat(43), assetSigningKey: "b".repeat(43), databasePassword: "p".repeat(43) };
  const upgraded = await agreeOnSharedSecrets({ databaseUrl: testDb.url, given: {}, dataDir: await instanceDir("old", earlier) });

  expect(upgraded).toEqual({ AUTH_SECRET: earlier.authSecret, ASSET_SIGNING_KEY: earlier.assetSigningKey });
  const added = await agreeOnSharedSecrets({ databaseUrl: testDb.url, given: {}, dataDir: await instanceDir("new") });
  expect(added).toEqual(upgraded);
});
