// `npm run bench:gallery`: the gallery list's speed at scale. Seeds BENCH_ENTRIES (default
// 100,000) gallery entries, each with its cover asset, over 50 users and 5 teams (every user in one
// or two teams, about 30% of the entries shared with a team), with prompts of six words from a word
// list, on PostgreSQL. Then calls listGallery, the function behind
// GET /api/gallery, for the first page (60 entries) of: a user's own tab, a team's tab, the own tab
// filtered by kind, and prompt searches (a whole word, a prefix, two words in a team's tab), each
// BENCH_RUNS times (default 50) after 5 warm-up calls, and prints p50/p95, and
// EXPLAIN ANALYZE of each query as listGallery sends it (galleryPageSql). Figures are
// printed, never asserted; the issue's targets: first page < 50 ms, search < 100 ms on PostgreSQL.
//
// PostgreSQL: a database created (and dropped) on DATABASE_URL's server when set, else a throwaway
// cluster (the studio's embedded PostgreSQL binaries). Run with the react-server condition (package.json), so the
// server-only modules of lib/ load outside Next.js.
import { performance } from "node:perf_hooks";
import type { CurrentUser } from "../lib/auth/types";
import { openDriver } from "../lib/db/adapter";
import { setDatabase } from "../lib/db/client";
import { databaseOver, type Database } from "../lib/db/database";
import { startThrowawayPostgres } from "../lib/db/embedded-postgres";
import { migrateDriver } from "../lib/db/migrate";
import { galleryQuerySchema, type GalleryQuery } from "../lib/gallery/gallery-schemas";
import { galleryPageSql, listGallery } from "../lib/gallery/list-gallery";
import { Prisma } from "../lib/generated/prisma/client";
import { onServer, withDatabase } from "../test/postgres-template";
import { runBench } from "./bench/studio-harness";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARM_UP = 5;
const USERS = 50;
const TEAMS = 5;

const WORDS = (
  "lighthouse harbour castle forest river mountain meadow desert ocean island village city street bridge tower garden " +
  "fox wolf bear owl eagle whale dolphin horse cat dog rabbit deer tiger lion dragon phoenix robot astronaut knight " +
  "wizard sailor dancer painter gardener child grandmother portrait landscape still life poster logo icon pattern " +
  "red blue green golden silver purple orange crimson teal pastel neon monochrome sepia vivid muted dark bright " +
  "dawn dusk night noon winter spring summer autumn rain snow fog storm sunshine moonlight starlight aurora " +
  "watercolor oil charcoal pencil ink pixel clay paper glass marble wooden metal velvet silk neon cinematic " +
  "isometric aerial closeup wide minimal detailed surreal dreamy gothic baroque futuristic vintage retro cozy epic " +
  "bicycle train ship balloon kite lantern umbrella teapot clock book map compass crown mask vase candle"
).split(" ");

const userId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const teamId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
/** Every user is in team u % 5; every third user also in the next one. */
const teamsOf = (u: number) => [u % TEAMS, ...(u % 3 === 0 ? [(u + 1) % TEAMS] : [])];

function benchUser(u: number): CurrentUser {
  const teams = teamsOf(u).map((t) => ({ id: teamId(t), name: `Team ${t}`, role: "member" as const }));
  return { id: userId(u), email: `u${u}@bench.local`, name: `User ${u}`, role: "member", teamIds: teams.map((t) => t.id), teams, activeTeamId: teams[0].id, sessionId: "bench" };
}

// Deterministic spread without random(): the same data on every run.
const hash = (salt: number) => `(hashint4(i # ${salt}) & 2147483647)`;
const owner = `(1 + ${hash(1)} % ${USERS})`;

async function seed(database: Database): Promise<void> {
  const sql = (text: string, ...values: unknown[]) => database.client.$executeRawUnsafe(text, ...values);
  for (let t = 0; t < TEAMS; t += 1) await sql(`INSERT INTO "Team" ("id", "name") VALUES ($1, $2)`, teamId(t), `Team ${t}`);
  for (let u = 1; u <= USERS; u += 1) {
    await sql(`INSERT INTO "User" ("id", "email", "name", "passwordHash") VALUES ($1, $2, $3, 'bench')`, userId(u), `u${u}@bench.local`, `User ${u}`);
    for (const t of teamsOf(u)) await sql(`INSERT INTO "Membership" ("userId", "teamId") VALUES ($1, $2)`, userId(u), teamId(t));
  }
  const ownerId = `'00000000-0000-4000-8000-' || lpad(${owner}::text, 12, '0')`;
  const kind = `(ARRAY['image','image','image','image','image','image','layer_set','group_set','video','conversation'])[1 + ${hash(2)} % 10]`;
  await sql(`
    INSERT INTO "Asset" ("id", "kind", "storageKey", "sha256", "mime", "width", "height", "bytes", "durationMs", "ownerId", "createdAt")
    SELECT 'a0000000-0000-4000-8000-' || lpad(i::text, 12, '0'),
      CASE WHEN ${kind} = 'video' THEN 'video' ELSE 'image' END::"AssetKind",
      'bench/' || i, 'bench', CASE WHEN ${kind} = 'video' THEN 'video/mp4' ELSE 'image/png' END,
      1024, 1024, 1000000, CASE WHEN ${kind} = 'video' THEN 5000 END, ${ownerId},
      now() - i * interval '30 seconds'
    FROM generate_series(1, $1::int) AS i`, ENTRIES);
  const word = (salt: number) => `($1::text[])[1 + ${hash(salt)} % array_length($1::text[], 1)]`;
  const prompt = `concat_ws(' ', ${[11, 12, 13, 14, 15, 16].map(word).join(", ")})`;
  // About 30% shared with the owner's first team; a few conversations without an image yet.
  await sql(`
    INSERT INTO "GalleryItem" ("id", "kind", "ownerId", "teamId", "sharedAt", "model", "prompt", "searchText", "coverAssetId", "imageCount", "createdAt", "updatedAt")
    SELECT gen_random_uuid()::text, k.kind::"GalleryKind", ${ownerId},
      CASE WHEN ${hash(3)} % 10 < 3 THEN '00000000-0000-4000-9000-' || lpad((${owner} % ${TEAMS})::text, 12, '0') END,
      CASE WHEN ${hash(3)} % 10 < 3 THEN now() END,
      CASE k.kind
        WHEN 'image' THEN (ARRAY['alpha-v3', 'beta-pro', 'beta-lite'])[1 + ${hash(4)} % 3]
        WHEN 'layer_set' THEN 'beta-pro' WHEN 'group_set' THEN 'beta-lite' WHEN 'conversation' THEN 'alpha-v3.5'
        ELSE (ARRAY['t2va', 'fl2va', 'ref2va'])[1 + ${hash(4)} % 3]
      END,
      p.prompt, p.prompt,
      CASE WHEN k.kind = 'conversation' AND ${hash(5)} % 20 = 0 THEN NULL ELSE 'a0000000-0000-4000-8000-' || lpad(i::text, 12, '0') END,
      CASE k.kind WHEN 'layer_set' THEN 6 WHEN 'group_set' THEN 4 WHEN 'video' THEN 0 ELSE 1 END,
      now() - i * interval '30 seconds', now()
    FROM generate_series(1, $2::int) AS i
    CROSS JOIN LATERAL (SELECT ${kind} AS kind) k
    CROSS JOIN LATERAL (SELECT ${prompt} AS prompt) p`, WORDS, ENTRIES);
  await sql(`ANALYZE`);
}

type Case = { label: string; user: CurrentUser; query: Record<string, string> };

function cases(): Case[] {
  const me = benchUser(7);
  const teammate = benchUser(5);
  return [
    { label: "mine, first page", user: me, query: {} },
    { label: "team tab, first page", user: teammate, query: { scope: teamId(0) } },
    { label: "mine, kind = video", user: me, query: { kind: "video" } },
    { label: "mine, search 'lighthouse'", user: me, query: { q: "lighthouse" } },
    { label: "mine, search prefix 'light'", user: me, query: { q: "light" } },
    { label: "team tab, search 'fox dawn'", user: teammate, query: { scope: teamId(0), q: "fox dawn" } },
  ];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(engine: string, database: Database): Promise<void> {
  setDatabase(database);
  const seeding = performance.now();
  await seed(database);
  console.log(`\n${engine}: seeded ${ENTRIES.toLocaleString("en")} entries in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  console.log(`${"query".padEnd(32)} ${"items".padStart(5)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}`);
  for (const { label, user, query } of cases()) {
    const parsed: GalleryQuery = galleryQuerySchema.parse(query);
    let items = 0;
    const times: number[] = [];
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      const started = performance.now();
      const page = await listGallery(user, parsed);
      if (run >= WARM_UP) times.push(performance.now() - started);
      items = page.items.length;
    }
    times.sort((a, b) => a - b);
    console.log(`${label.padEnd(32)} ${String(items).padStart(5)} ${percentile(times, 50).toFixed(2).padStart(8)} ${percentile(times, 95).toFixed(2).padStart(8)}`);
  }
  for (const { label, user, query } of cases()) {
    const plan = await database.client.$queryRaw<Array<{ "QUERY PLAN": string }>>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${galleryPageSql(user, galleryQuerySchema.parse(query))}`);
    console.log(`\nEXPLAIN ANALYZE: ${label}\n${plan.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
  }
  setDatabase(undefined);
}

async function onEngine(engine: string, url: string): Promise<void> {
  const driver = openDriver(url);
  const database = databaseOver(driver);
  try {
    await migrateDriver(driver);
    await measure(engine, database);
  } finally {
    await database.close();
  }
}

/** A fresh database on DATABASE_URL's server, or on a throwaway cluster; removed afterwards. */
async function withPostgres(use: (url: string) => Promise<void>): Promise<void> {
  const cluster = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres();
  const server = process.env.DATABASE_URL ?? cluster!.url;
  const name = `studio_bench_gallery_${process.pid}`;
  await onServer(server, `CREATE DATABASE "${name}"`);
  try {
    await use(withDatabase(server, name));
  } finally {
    await onServer(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cluster?.stop();
  }
}

runBench(async () => {
  console.log(`bench:gallery: ${ENTRIES.toLocaleString("en")} entries, ${USERS} users, ${TEAMS} teams; ${RUNS} calls per query after ${WARM_UP} warm-up calls`);
  await withPostgres((url) => onEngine("PostgreSQL", url));
});
