// npm run db:migrate:new -- <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql (and Prisma's migration_lock.toml):
// the SQL that takes a database built from the existing migrations to prisma/schema.prisma.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  LOCKFILE_CONTENT,
  LOCKFILE_NAME,
  MIGRATION_FILE_NAME,
  MIGRATIONS_DIR,
} from "@/lib/db/migration-files";
import { startThrowawayPostgres } from "@/lib/db/embedded-postgres";
import { pendingMigrationSql } from "@/lib/db/pending-migration";

// Prisma's CLI slugifies names the same way: lower case, anything else becomes "_".
function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
}

// UTC YYYYMMDDHHMMSS, the prefix Prisma gives migration directories.
function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

async function main(): Promise<void> {
  const name = slug(process.argv.slice(2).join(" "));
  if (!name) {
    console.error("usage: npm run db:migrate:new -- <name>");
    process.exitCode = 1;
    return;
  }
  const server = await startThrowawayPostgres();
  const sql = await pendingMigrationSql(server.url).finally(() => server.stop());
  if (sql === null) {
    console.log("no changes");
    return;
  }
  const dir = path.join(MIGRATIONS_DIR, `${timestamp(new Date())}_${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, MIGRATION_FILE_NAME), sql);
  await writeFile(path.join(MIGRATIONS_DIR, LOCKFILE_NAME), LOCKFILE_CONTENT);
  console.log(`wrote ${path.relative(process.cwd(), path.join(dir, MIGRATION_FILE_NAME))}`);
}

await main();
