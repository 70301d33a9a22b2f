import { execFile } from "node:child_process";
import { accessSync, constants, readdirSync, realpathSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

const BINARIES = ["initdb", "pg_ctl", "postgres"] as const;

export const NO_POSTGRES_MESSAGE = "PostgreSQL binaries not found: skipping the PostgreSQL integration run";

function hasBinaries(dir: string): boolean {
  return BINARIES.every((name) => {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The directory holding initdb, pg_ctl and postgres (PATH first, then Debian's
 * /usr/lib/postgresql/<version>/bin, newest first), or undefined when PostgreSQL is not installed.
 */
export function findPostgresBin(): string | undefined {
  const onPath = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const debianRoot = "/usr/lib/postgresql";
  let debian: string[] = [];
  try {
    debian = readdirSync(debianRoot)
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => path.join(debianRoot, version, "bin"));
  } catch {
    // No Debian packages: PATH is the only place left.
  }
  const dir = [...onPath, ...debian].find(hasBinaries);
  // PATH entries are often symlinks into the real bin dir, where initdb finds its share files.
  return dir && path.dirname(realpathSync(path.join(dir, "initdb")));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export type PostgresCluster = {
  /** Superuser URL of the `postgres` database (trust auth, no password). */
  url: string;
  stop(): Promise<void>;
};

/**
 * Starts a throwaway cluster in a temporary directory, listening on 127.0.0.1 only. PostgreSQL
 * refuses to run as root, so as root the directory is handed to the `postgres` user and every
 * command runs as that user.
 */
export async function startPostgresCluster(binDir: string): Promise<PostgresCluster> {
  const asRoot = process.getuid?.() === 0;
  const root = await mkdtemp(path.join(os.tmpdir(), "studio-pg-"));
  const dataDir = path.join(root, "data");
  const pgCommand = (name: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(binDir, name), ...args])
      : run(path.join(binDir, name), args);

  try {
    if (asRoot) {
      const { uid, gid } = await postgresUser();
      await chown(root, uid, gid);
    }
    await pgCommand("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    const port = await freePort();
    // Durability is pointless for a throwaway cluster; the socket lives in our temp dir so the
    // system's /var/run/postgresql is never touched.
    const serverOptions = [
      "-c listen_addresses=127.0.0.1",
      `-p ${port}`,
      `-k ${root}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    await pgCommand("pg_ctl", ["-D", dataDir, "-l", path.join(root, "server.log"), "-o", serverOptions, "-w", "-t", "60", "start"]);
    return {
      url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        try {
          await pgCommand("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
        } finally {
          await rm(root, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}
