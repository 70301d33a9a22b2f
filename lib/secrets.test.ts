import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { loadOrCreateSecrets } from "./secrets";

let dir: string;
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), "secrets-")), "data");
});
afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }));

it("generates secrets once, owner-only, and reuses them on the next start", async () => {
  const first = loadOrCreateSecrets(dir);
  expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
  expect(first.assetSigningKey).not.toBe(first.authSecret);
  expect((await stat(path.join(dir, "secrets.json"))).mode & 0o777).toBe(0o600);
  expect(loadOrCreateSecrets(dir)).toEqual(first);
});

it("keeps an earlier release's secrets and adds the database password it lacked", async () => {
  const earlier = { authSecret: "a".repeat(43), assetSigningKey: "b".repeat(43) };
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "secrets.json"), JSON.stringify(earlier));

  const secrets = loadOrCreateSecrets(dir);

  expect(secrets).toMatchObject(earlier);
  expect(secrets.databasePassword.length).toBeGreaterThanOrEqual(32);
  expect(loadOrCreateSecrets(dir)).toEqual(secrets);
});
