import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { dataDir } from "./data-dir";

const secret = z.string().min(32);
const secretsSchema = z.object({
  authSecret: secret,
  assetSigningKey: secret,
  /** The embedded PostgreSQL's password (its `studio` role), fixed when its cluster is created. */
  databasePassword: secret,
});
export type StudioSecrets = z.infer<typeof secretsSchema>;

const SECRET_NAMES = Object.keys(secretsSchema.shape) as (keyof StudioSecrets)[];

/** What an earlier start kept in the data directory, without creating anything. */
export function readStoredSecrets(dir = dataDir()): Partial<StudioSecrets> {
  const file = path.join(dir, "secrets.json");
  try {
    return secretsSchema.partial().parse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new Error(`${file} is unreadable or invalid; remove it to regenerate`, { cause: error });
  }
}

// Secrets the studio needs but nobody should have to configure: generated once, kept under the data
// directory readable by the owner only, and reused on every start so sessions survive restarts. A
// file from an earlier release that lacks a newer secret keeps its own and gains the new one.
export function loadOrCreateSecrets(dir = dataDir()): StudioSecrets {
  const file = path.join(dir, "secrets.json");
  const stored = readStoredSecrets(dir);
  if (SECRET_NAMES.every((name) => stored[name])) return secretsSchema.parse(stored);
  const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, stored[name] ?? randomBytes(32).toString("base64url")])) as StudioSecrets;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(secrets), { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
  return secretsSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}
