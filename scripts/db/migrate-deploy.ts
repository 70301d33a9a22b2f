// npm run db:migrate:deploy
// Applies pending migrations to the configured database (DATABASE_URL, or the embedded PGlite
// under STUDIO_DATA_DIR, default ./.data), keeping Prisma's `_prisma_migrations` ledger.
import { resolveDbTarget } from "@/lib/db/adapter";
import { applyMigrations } from "@/lib/db/migrate";

const target = resolveDbTarget();
const where = target.engine === "pglite" ? `PGlite at ${target.dataDir}` : "PostgreSQL (DATABASE_URL)";
const started = performance.now();
const applied = await applyMigrations(target);
const took = `${Math.round(performance.now() - started)} ms`;
if (applied.length === 0) {
  console.log(`${where}: no pending migrations (${took})`);
} else {
  console.log(`${where}: applied ${applied.length} migration(s) in ${took}`);
  for (const name of applied) console.log(`  ${name}`);
}
