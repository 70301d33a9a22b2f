// `npm run bench:idle`: what a studio costs while nobody uses it. A production studio on its
// embedded PostgreSQL, its first account made, then two quiet minutes measured: the first with no
// page open, the second with one designer's job stream open (as an open tab keeps it). Prints the
// CPU share of one core each of the studio's processes used (web server, worker, database server,
// the rest: start.ts and npx), and the connections its processes opened to the database and the
// transactions they committed. Figures are printed, never asserted. BENCH_PORT sets the studio's port, BENCH_SECONDS each window's length.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { signUpFirstAccount, startEmulator, startStudio, stopAll, studioCpu, studioUrl, runBench, type StudioCpu } from "./bench/studio-harness";
import { benchBuildDir } from "./build-dir";

const port = Number(process.env.BENCH_PORT ?? 3500);
const studio = studioUrl(port);
const distDir = benchBuildDir();
const windowSeconds = Number(process.env.BENCH_SECONDS ?? 60);
/** After start, the studio's one-off work (migrations, the first probes, schedules) is left to settle. */
const SETTLE_MS = 15_000;

/** Connections opened to the studio's database and transactions committed there so far (PostgreSQL's statistics). */
type DatabaseCounts = { sessions: number; commits: number };

/** A connection of the bench's own to the studio's embedded PostgreSQL: its port from the server's pid file, its password from the studio's secrets. */
async function connectToStudioDatabase(dataDir: string): Promise<pg.Client> {
  const port = (await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[3];
  const { databasePassword } = JSON.parse(await readFile(path.join(dataDir, "secrets.json"), "utf8")) as { databasePassword: string };
  const client = new pg.Client({ host: "127.0.0.1", port: Number(port), user: "studio", database: "studio", password: databasePassword });
  await client.connect();
  return client;
}

async function databaseCounts(client: pg.Client): Promise<DatabaseCounts> {
  // Statistics are read as of the transaction's start: a fresh snapshot each time.
  await client.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ sessions: string; commits: string }>("SELECT sessions::text, xact_commit::text AS commits FROM pg_stat_database WHERE datname = current_database()");
  return { sessions: Number(rows[0].sessions), commits: Number(rows[0].commits) };
}

async function measureWindow(dataDir: string, database: pg.Client): Promise<{ cpu: StudioCpu; counts: DatabaseCounts }> {
  const [before, countsBefore] = [await studioCpu(dataDir), await databaseCounts(database)];
  await new Promise((resolve) => setTimeout(resolve, windowSeconds * 1000));
  const [after, countsAfter] = [await studioCpu(dataDir), await databaseCounts(database)];
  if (!before || !after) throw new Error("this machine has no /proc to read CPU times from");
  return {
    cpu: { web: after.web - before.web, worker: after.worker - before.worker, database: after.database - before.database, rest: after.rest - before.rest },
    counts: { sessions: countsAfter.sessions - countsBefore.sessions, commits: countsAfter.commits - countsBefore.commits },
  };
}

function describe({ cpu, counts }: { cpu: StudioCpu; counts: DatabaseCounts }): string {
  const percent = (seconds: number) => `${((100 * seconds) / windowSeconds).toFixed(2)} %`;
  const perMinute = (count: number) => ((60 * count) / windowSeconds).toFixed(0);
  const total = cpu.web + cpu.worker + cpu.database + cpu.rest;
  return (
    `${percent(total)} of one core (web ${percent(cpu.web)}, worker ${percent(cpu.worker)}, database ${percent(cpu.database)}, rest ${percent(cpu.rest)}); ` +
    `a minute: ${perMinute(counts.sessions)} connections opened, ${perMinute(counts.commits)} transactions`
  );
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-bench-idle-"));
  try {
    const emulator = await startEmulator({ basePort: port, latency: "fast" });
    await startStudio({ port, distDir, emulator, dataDir, databaseUrl: "" });
    const cookie = await signUpFirstAccount(studio, distDir);
    const database = await connectToStudioDatabase(dataDir);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    console.log(`an idle studio on its embedded PostgreSQL, ${windowSeconds} s each`);
    console.log(`  no page open: ${describe(await measureWindow(dataDir, database))}`);
    const controller = new AbortController();
    const stream = await fetch(`${studio}/api/jobs/events`, { headers: { cookie, Accept: "text/event-stream" }, signal: controller.signal });
    if (!stream.ok || !stream.body) throw new Error(`the job stream answered ${stream.status}`);
    void (async () => {
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) void chunk;
    })().catch(() => undefined);
    console.log(`  one job stream open: ${describe(await measureWindow(dataDir, database))}`);
    controller.abort();
    await database.end();
  } finally {
    await stopAll();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
