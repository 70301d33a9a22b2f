// npm run db:migrate:deploy
// Applies pending migrations to the configured database, keeping Prisma's `_prisma_migrations`
// ledger: DATABASE_URL's server, or else the embedded PostgreSQL under STUDIO_DATA_DIR (default
// ./.data), started for the purpose and stopped again. `npm start` does the same by itself.
import path from "node:path";
import { dataDir } from "@/lib/data-dir";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { applyMigrations } from "@/lib/db/migrate";
import { loadOrCreateSecrets } from "@/lib/secrets";
import { settings } from "@/lib/settings";

const { DATABASE_URL } = settings();
const embedded = DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.join(dataDir(), "postgres"), password: loadOrCreateSecrets().databasePassword });
const where = embedded ? `embedded PostgreSQL in ${path.join(dataDir(), "postgres")}` : "PostgreSQL (DATABASE_URL)";
const started = performance.now();
try {
  const applied = await applyMigrations(DATABASE_URL ?? embedded?.url);
  const took = `${Math.round(performance.now() - started)} ms`;
  if (applied.length === 0) {
    console.log(`${where}: no pending migrations (${took})`);
  } else {
    console.log(`${where}: applied ${applied.length} migration(s) in ${took}`);
    for (const name of applied) console.log(`  ${name}`);
  }
} finally {
  await embedded?.stop();
}
