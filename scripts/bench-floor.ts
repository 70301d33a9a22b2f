// `npm run bench:floor`: what the parts of a generation cost that do not depend on how the studio
// talks to its database, and what each database statement costs its client. bench:proxy measures a
// whole generation; this splits it into the parts a different data layer could not remove and the
// part it could, so a CPU target per generation can be checked against what is possible at all.
// Prints, in CPU milliseconds (user + system, every thread of the process):
// - the worker's file work for one alpha v3 1024² result from the emulator (fast mode), in this
//   process, with the studio's own code: downloading it, storing it in a disk blob store
//   (lib/storage: SHA-256, a write with fsync, a rename), and making its thumbnail (lib/assets);
// - the web server's cost of a request that does no job work, on a production studio: a signed-in
//   GET /api/me (one session lookup), and a start refused by the form's schema (a 400: origin, body
//   and session checks, then zod), with the database server's CPU beside it;
// - one statement's client CPU on the studio's database: a Prisma model query, a Prisma raw query,
//   the same query straight through `pg`, and a transaction of three reads both ways.
// Figures are printed, never asserted. BENCH_N sets the repetitions (default 200; the file work
// takes BENCH_N / 10), BENCH_PORT the studio's port.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { thumbnailWebp } from "@/lib/assets/thumbnail";
import { openDatabase } from "@/lib/db/database";
import { FsBlobStore } from "@/lib/storage/fs-blob-store";
import { benchDatabase, emulatorKey, runBench, signUpFirstAccount, startEmulator, startStudio, stopAll, studioCpu, studioUrl } from "./bench/studio-harness";
import { benchBuildDir } from "./build-dir";

const port = Number(process.env.BENCH_PORT ?? 3430);
const repetitions = Number(process.env.BENCH_N ?? 200);
const studio = studioUrl(port);

/** CPU ms per repetition of `run` in this process, after as many again to warm it up (the JIT, the pools). */
async function ownCpuMs(count: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < count; i += 1) await run();
  const before = process.cpuUsage();
  for (let i = 0; i < count; i += 1) await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / count;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function fileWork(emulator: string, dir: string) {
  const generated = await fetch(`${emulator}/v1/wand/alpha-image/v3-generation`, {
    method: "POST",
    headers: { Authorization: `Bearer ${emulatorKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: "alpha-image-v3", revise: true, prompt: "a lighthouse on a cliff at dusk", size: "1024x1024", seed: 7 }),
  });
  const { data } = (await generated.json()) as { data: { url: string }[] };
  const url = data[0].url;
  const download = async () => Buffer.from(await (await fetch(url, { headers: { Authorization: `Bearer ${emulatorKey}` } })).arrayBuffer());
  const bytes = await download();
  const store = new FsBlobStore(dir);
  const { key } = await store.put(Readable.from([bytes]));
  const { path: file } = await store.localFile(key);
  const count = Math.max(3, Math.round(repetitions / 10));
  const parts = {
    download: await ownCpuMs(count, download),
    "store (SHA-256, write with fsync, rename)": await ownCpuMs(count, () => store.put(Readable.from([bytes]))),
    thumbnail: await ownCpuMs(count, () => thumbnailWebp(file)),
  };
  const total = Object.values(parts).reduce((sum, value) => sum + value, 0);
  console.log(`worker file work per 1024² result (${(bytes.length / 1024).toFixed(0)} KiB PNG), ${count} each: ${Object.entries(parts).map(([part, value]) => `${part} ${ms(value)}`).join(", ")}; together ${ms(total)}`);
}

/** Web and database server CPU ms per request, `count` requests one after another. */
async function perRequest(dataDir: string, count: number, request: () => Promise<Response>, expected: number) {
  for (let i = 0; i < count / 10; i += 1) await request();
  const before = await studioCpu(dataDir);
  for (let i = 0; i < count; i += 1) {
    const answer = await request();
    await answer.arrayBuffer();
    if (answer.status !== expected) throw new Error(`expected ${expected}, got ${answer.status}`);
  }
  const after = await studioCpu(dataDir);
  if (!before || !after) return "unknown (no /proc)";
  return `web ${ms((1000 * (after.web - before.web)) / count)}, database ${ms((1000 * (after.database - before.database)) / count)}`;
}

/** The studio's database as its own processes reach it: the embedded server's port and generated password. */
async function studioDatabaseUrl(dataDir: string, databaseUrl: string): Promise<string> {
  if (databaseUrl) return databaseUrl;
  const { databasePassword } = JSON.parse(await readFile(path.join(dataDir, "secrets.json"), "utf8")) as { databasePassword: string };
  const postmaster = (await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n");
  return `postgresql://studio:${encodeURIComponent(databasePassword)}@127.0.0.1:${postmaster[3]}/studio`;
}

async function statements(url: string) {
  const { client: db, close } = openDatabase(url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const user = await db.user.findFirstOrThrow();
    const { id } = user;
    const sql = 'SELECT * FROM "User" WHERE "id" = $1';
    const rows = {
      "Prisma model query (findUnique)": await ownCpuMs(repetitions, () => db.user.findUnique({ where: { id } })),
      "Prisma raw query ($queryRaw)": await ownCpuMs(repetitions, () => db.$queryRaw`SELECT * FROM "User" WHERE "id" = ${id}`),
      "pg query": await ownCpuMs(repetitions, () => pool.query(sql, [id])),
      "Prisma transaction of 3 reads": await ownCpuMs(repetitions, () =>
        db.$transaction(async (tx) => {
          for (let i = 0; i < 3; i += 1) await tx.user.findUnique({ where: { id } });
        }),
      ),
      "pg transaction of 3 reads": await ownCpuMs(repetitions, async () => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          for (let i = 0; i < 3; i += 1) await client.query(sql, [id]);
          await client.query("COMMIT");
        } finally {
          client.release();
        }
      }),
    };
    console.log(`client CPU per call on the studio's database, ${repetitions} each:`);
    for (const [name, value] of Object.entries(rows)) console.log(`   ${name.padEnd(34)} ${ms(value)}`);
  } finally {
    await pool.end();
    await close();
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-bench-"));
  const workDir = await mkdtemp(path.join(os.tmpdir(), "studio-bench-files-"));
  const database = await benchDatabase();
  try {
    const emulator = await startEmulator({ basePort: port, latency: "fast" });
    await fileWork(emulator.image, workDir);
    await startStudio({ port, distDir: benchBuildDir(), emulator, dataDir, databaseUrl: database.url });
    const cookie = await signUpFirstAccount(studio, benchBuildDir());
    const me = () => fetch(`${studio}/api/me`, { headers: { cookie } });
    const refused = () =>
      fetch(`${studio}/api/alpha/v3/generations`, {
        method: "POST",
        headers: { cookie, Origin: studio, "Content-Type": "application/json" },
        body: JSON.stringify({ prompt: "", size: "1024x1024" }),
      });
    console.log(`web request with no job work, ${repetitions} each, one at a time:`);
    console.log(`   GET /api/me (signed in): ${await perRequest(dataDir, repetitions, me, 200)}`);
    console.log(`   POST /api/alpha/v3/generations refused by the schema (400): ${await perRequest(dataDir, repetitions, refused, 400)}`);
    await statements(await studioDatabaseUrl(dataDir, database.url));
  } finally {
    await stopAll();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  }
}

runBench(main);
