// `npm start`: start the embedded PostgreSQL (unless DATABASE_URL names a server), migrate the
// database, start the emulator for every upstream that is not configured, build the studio if its
// sources changed since the last build, then serve it (scripts/web.ts) and run one worker process beside it
// (scripts/worker.ts), started again whenever it stops on its own. Run with the react-server condition (the npm
// scripts pass it), as the studio's server modules expect.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { carryOverPglite, hasPgliteToCarryOver } from "../lib/db/carry-over-pglite";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../lib/db/embedded-postgres";
import { applyMigrations } from "../lib/db/migrate";
import { dataDir } from "../lib/data-dir";
import { loadOrCreateSecrets } from "../lib/secrets";
import { agreeOnSharedSecrets } from "../lib/shared-secrets";
import { settings } from "../lib/settings";
import { buildDir } from "./build-dir";

const dev = process.argv.includes("--dev");
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const childEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };

function say(message: string) {
  process.stdout.write(`[studio] ${message}\n`);
}

/** The embedded server, stopped after everything that uses it. */
let embedded: EmbeddedPostgres | undefined;

async function main() {
  // Every variable is checked before anything starts; a bad one is named and nothing runs.
  const { PORT: port, HOST: host, DATABASE_URL, AUTH_SECRET, ASSET_SIGNING_KEY } = settings();
  const url = DATABASE_URL ?? (await startEmbeddedDatabase());
  const applied = await applyMigrations(url);
  say(`database schema: ${applied.length ? `applied ${applied.join(", ")}` : "up to date"}`);
  // Every instance on this database signs sessions and asset links with the same secrets.
  Object.assign(childEnv, await agreeOnSharedSecrets({ databaseUrl: url, given: { AUTH_SECRET, ASSET_SIGNING_KEY }, dataDir: dataDir() }));

  const emulator = await startEmulatorWhereNeeded();

  if (!dev && needsBuild()) {
    say("building the studio (first start or sources changed)…");
    const build = spawnSync(process.execPath, ["--import", "tsx", path.join("scripts", "build.ts")], { stdio: "inherit", env: childEnv });
    if (build.status !== 0) throw new Error("the build failed");
  }

  // The web server run by this Node, not through npx: npx and its `sh -c` do not pass a signal on,
  // so a SIGTERM (a supervisor's stop) ended this script and the emulator but left the server
  // running, holding the port and connections to the embedded database. For the same reason the npm
  // scripts `exec` tsx. In production it is the studio's own entry (scripts/web.ts, which drains on
  // SIGTERM itself); in development Next's dev server.
  const serverArgs = dev
    ? [nextBin, "dev", "--port", String(port), "--hostname", host]
    : ["--conditions=react-server", "--import", "tsx", path.join("scripts", "web.ts")];
  const server = spawn(process.execPath, serverArgs, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...childEnv, PORT: String(port), HOSTNAME: host },
  });
  say(`open http://${host === "0.0.0.0" ? "localhost" : host}:${port} (on a new studio, the first account you create becomes its admin)`);

  const worker = superviseWorker();

  const shutdown = (signal: NodeJS.Signals) => {
    worker.stop(signal);
    server.kill(signal);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  server.on("exit", async (code) => {
    worker.stop("SIGTERM");
    await worker.stopped;
    await emulator?.close();
    await embedded?.stop();
    process.exit(code ?? 0);
  });
}

/** The longest wait before a worker that keeps stopping is started again. */
const WORKER_RESTART_MAX_MS = 30_000;
/** A worker that ran this long before it stopped is started again at once: it was not failing at start. */
const WORKER_HEALTHY_AFTER_MS = 60_000;

/**
 * Runs the worker process and starts it again whenever it stops on its own (a crash, a kill), waiting
 * longer after each stop that came soon after its start. Its work is in the database, so a new worker
 * takes up what the last one left.
 */
function superviseWorker() {
  let child: ChildProcess | undefined;
  let stopping = false;
  let quickStops = 0;
  let restart: NodeJS.Timeout | undefined;
  let resolveStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));

  const run = () => {
    const startedAt = Date.now();
    const current = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("scripts", "worker.ts")], {
      stdio: ["ignore", "inherit", "inherit"],
      env: childEnv,
    });
    child = current;
    current.on("exit", (code, signal) => {
      child = undefined;
      if (stopping) {
        resolveStopped();
        return;
      }
      quickStops = Date.now() - startedAt < WORKER_HEALTHY_AFTER_MS ? quickStops + 1 : 0;
      const wait = Math.min(WORKER_RESTART_MAX_MS, quickStops === 0 ? 0 : 1_000 * 2 ** (quickStops - 1));
      say(`the worker stopped (${signal ?? `exit code ${code}`}); starting it again${wait ? ` in ${wait / 1000} s` : ""}`);
      restart = setTimeout(run, wait);
    });
  };
  run();

  return {
    stopped,
    stop(signal: NodeJS.Signals) {
      if (stopping) return;
      stopping = true;
      clearTimeout(restart);
      if (child) child.kill(signal);
      else resolveStopped();
    },
  };
}

/**
 * Starts PostgreSQL on STUDIO_DATA_DIR/postgres (creating the cluster on first start) and gives its
 * URL to the studio's processes; on the first start after an earlier release, carries that
 * release's PGlite database over.
 */
async function startEmbeddedDatabase(): Promise<string> {
  const dir = dataDir();
  const started = performance.now();
  embedded = await startEmbeddedPostgres({
    dataDir: path.join(dir, "postgres"),
    password: loadOrCreateSecrets(dir).databasePassword,
    log: say,
  });
  say(`database: embedded PostgreSQL in ${path.join(dir, "postgres")} (${embedded.created ? "created" : "started"} in ${Math.round(performance.now() - started)} ms)`);
  childEnv.DATABASE_URL = embedded.url;
  childEnv.STUDIO_SINGLE_INSTANCE = "1";
  if (hasPgliteToCarryOver(dir)) {
    say("found the embedded PGlite database of an earlier release: copying it into PostgreSQL…");
    const report = await carryOverPglite(dir, embedded.url);
    const rows = Object.values(report.rows).reduce((sum, n) => sum + n, 0);
    say(`copied ${rows} rows in ${Object.keys(report.rows).length} tables in ${report.tookMs} ms, verified table by table; the old files are kept in ${report.keptAt} (remove them when you no longer need them)`);
  }
  return embedded.url;
}

async function startEmulatorWhereNeeded() {
  const { IMAGE_API_BASE_URL, IMAGE_API_KEY, VIDEO_AGENT_URL } = settings();
  const imageConfigured = Boolean(IMAGE_API_BASE_URL && IMAGE_API_KEY);
  const videoConfigured = Boolean(VIDEO_AGENT_URL);
  if (imageConfigured && videoConfigured) {
    say("upstream: configured services (no emulator)");
    return undefined;
  }
  // Loaded only when needed: a studio pointed at real services never runs emulator code.
  const { startEmulator } = await import("../emulator");
  const emulator = await startEmulator({
    ports: {
      image: Number(process.env.EMULATOR_IMAGE_PORT ?? 0),
      agent: Number(process.env.EMULATOR_AGENT_PORT ?? 0),
      inference: Number(process.env.EMULATOR_INFERENCE_PORT ?? 0),
    },
  });
  if (!imageConfigured) {
    childEnv.IMAGE_API_BASE_URL = emulator.urls.image;
    childEnv.IMAGE_API_KEY = emulator.config.apiKeys[0];
  }
  if (!videoConfigured) {
    childEnv.VIDEO_AGENT_URL = emulator.urls.agent;
    childEnv.VIDEO_INFERENCE_URL = emulator.urls.inference;
  }
  say(`upstream: emulator (image ${emulator.urls.image}, agent ${emulator.urls.agent}, inference ${emulator.urls.inference})`);
  return emulator;
}

// A build is stale when any source the server is built from is newer than the last build.
function needsBuild(): boolean {
  const buildId = path.join(buildDir(), "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const sources = ["app", "components", "lib", "public", "next.config.ts", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];
  return sources.some((source) => newestMtime(source) > built);
}

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === "node_modules") continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

main().catch(async (error) => {
  process.stderr.write(`[studio] failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  await embedded?.stop().catch(() => {});
  process.exit(1);
});
