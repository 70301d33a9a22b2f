import "server-only";
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { readStoredSecrets } from "./secrets";

export type SharedSecrets = { AUTH_SECRET: string; ASSET_SIGNING_KEY: string };
export type SharedSecretName = keyof SharedSecrets;

const SHARED_SECRET_NAMES: SharedSecretName[] = ["AUTH_SECRET", "ASSET_SIGNING_KEY"];
/** Where an earlier release kept each secret in the data directory's secrets.json. */
const STORED_KEY = { AUTH_SECRET: "authSecret", ASSET_SIGNING_KEY: "assetSigningKey" } as const;

export const SECRETS_DISAGREE = "SECRETS_DISAGREE";

export class SecretsDisagreeError extends Error {
  readonly code = SECRETS_DISAGREE;
}

function fingerprintOf(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * The signing secrets every instance on this database must share. A secret given in the
 * environment is checked against the fingerprint the first instance stored; one not given is the
 * stored value, or, for the first instance, the value an earlier release kept in the data directory
 * (so its sessions survive the upgrade) or a new random one. The first instance's INSERT wins;
 * every instance reads back what was stored, so racing starts agree.
 */
export async function agreeOnSharedSecrets(options: {
  databaseUrl: string;
  given: Partial<SharedSecrets>;
  dataDir?: string;
}): Promise<SharedSecrets> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const earlier = options.dataDir ? readStoredSecrets(options.dataDir) : {};
    const agreed = {} as SharedSecrets;
    for (const name of SHARED_SECRET_NAMES) {
      const given = options.given[name];
      const candidate = given ?? earlier[STORED_KEY[name]] ?? randomBytes(32).toString("base64url");
      await client.query(
        `INSERT INTO "SharedSecret" ("name", "value", "fingerprint") VALUES ($1, $2, $3) ON CONFLICT ("name") DO NOTHING`,
        [name, given ? null : candidate, fingerprintOf(candidate)],
      );
      const { rows } = await client.query<{ value: string | null; fingerprint: string }>(
        `SELECT "value", "fingerprint" FROM "SharedSecret" WHERE "name" = $1`,
        [name],
      );
      const stored = rows[0]!;
      if (given) {
        if (stored.fingerprint !== fingerprintOf(given)) {
          throw new SecretsDisagreeError(
            `${name} differs from the one the other instances on this database use: give every instance the same ${name}`,
          );
        }
        agreed[name] = given;
      } else if (stored.value === null) {
        throw new SecretsDisagreeError(
          `${name} is not set, but the other instances on this database are given one in their environment: set the same ${name} here`,
        );
      } else {
        agreed[name] = stored.value;
      }
    }
    return agreed;
  } finally {
    await client.end();
  }
}
