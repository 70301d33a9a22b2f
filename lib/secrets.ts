import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { dataDir } from "./data-dir";

const secretsSchema = z.object({
  authSecret: z.string().min(32),
  assetSigningKey: z.string().min(32),
});
export type StudioSecrets = z.infer<typeof secretsSchema>;

// Secrets the studio needs but nobody should have to configure: generated once, kept under the data
// directory readable by the owner only, and reused on every start so sessions survive restarts.
export function loadOrCreateSecrets(dir = dataDir()): StudioSecrets {
  const file = path.join(dir, "secrets.json");
  try {
    return secretsSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw new Error(`${file} is unreadable or invalid; remove it to regenerate`, { cause: error });
  }
  const secrets: StudioSecrets = {
    authSecret: randomBytes(32).toString("base64url"),
    assetSigningKey: randomBytes(32).toString("base64url"),
  };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(secrets), { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
  return secretsSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}
