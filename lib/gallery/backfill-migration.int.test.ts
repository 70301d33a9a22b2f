import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDriver } from "@/lib/db/adapter";
import { databaseOver, type Database } from "@/lib/db/database";
import { migrateDriver } from "@/lib/db/migrate";
import { LOCKFILE_NAME, MIGRATIONS_DIR } from "@/lib/db/migration-files";
import { createEmptyDatabase, type EmptyTestDatabase } from "@/test/db";

// The teams-and-gallery migration gives existing work its gallery entries: a database is
// built from the migrations before it, filled with rows of that schema, then migrated.
const GALLERY_MIGRATION = "20261123171447_teams_gallery";

let empty: EmptyTestDatabase;
let database: Database;
let migrationsDir: string;

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const [alice, bob, team] = [id(1), id(2), id(3)];

type Entry = { id: string; kind: string; ownerId: string; teamId: string | null; model: string; prompt: string; searchText: string; coverAssetId: string | null; imageCount: number; sharedAt: Date | null };
type Link = { assetId: string; output: boolean };

async function entry(where: string, value: string): Promise<Entry & { links: Link[] }> {
  const [row] = await database.client.$queryRawUnsafe<Entry[]>(`SELECT * FROM "GalleryItem" WHERE "${where}" = $1`, value);
  expect(row, `${where} = ${value}`).toBeDefined();
  const links = await database.client.$queryRawUnsafe<Link[]>(`SELECT "assetId", "output" FROM "GalleryItemAsset" WHERE "itemId" = $1 ORDER BY "assetId"`, row.id);
  return { ...row, links };
}

async function insert(sql: string): Promise<void> {
  await database.client.$executeRawUnsafe(sql);
}

async function asset(n: number, extra: Record<string, string | number> = {}): Promise<string> {
  const row: Record<string, string | number> = { id: id(n), kind: "image", storageKey: `k${n}`, sha256: "s", mime: "image/png", bytes: 1, ownerId: alice, ...extra };
  const columns = Object.keys(row).map((column) => `"${column}"`);
  const values = Object.values(row).map((value) => (typeof value === "number" ? String(value) : `'${value}'`));
  await insert(`INSERT INTO "Asset" (${columns.join(", ")}) VALUES (${values.join(", ")})`);
  return id(n);
}

beforeAll(async () => {
  migrationsDir = await mkdtemp(path.join(os.tmpdir(), "studio-gallery-backfill-"));
  for (const name of await readdir(MIGRATIONS_DIR)) {
    if (name === LOCKFILE_NAME || name < GALLERY_MIGRATION) await cp(path.join(MIGRATIONS_DIR, name), path.join(migrationsDir, name), { recursive: true });
  }
  empty = await createEmptyDatabase();
  const driver = openDriver(empty.url);
  database = databaseOver(driver);
  await migrateDriver(driver, { migrationsDir });

  await insert(`INSERT INTO "Team" ("id", "name") VALUES ('${team}', 'Team')`);
  await insert(`INSERT INTO "User" ("id", "email", "name", "passwordHash") VALUES ('${alice}', 'a@x', 'Alice', 'h'), ('${bob}', 'b@x', 'Bob', 'h')`);
  const reference = await asset(10);
  // Alpha v3: two images, one shared with the team; a reference image, and one since deleted.
  await insert(`INSERT INTO "Generation" ("id", "ownerId", "kind", "model", "prompt", "revisedPrompt", "params", "status", "completedAt")
    VALUES ('${id(20)}', '${alice}', 'alpha_v3', 'alpha-image-v3', 'red fox', 'a red fox in snow', '{"referenceAssetIds": ["${reference}", "${id(999)}"]}', 'succeeded', '2026-01-02T00:00:00Z')`);
  await asset(21, { generationId: id(20), position: 0, teamId: team, visibility: "team" });
  await asset(22, { generationId: id(20), position: 1 });
  // Beta: a layer decomposition, a group, a single image, and one that failed.
  await insert(`INSERT INTO "Generation" ("id", "ownerId", "kind", "model", "prompt", "params", "status") VALUES
    ('${id(30)}', '${alice}', 'beta', 'beta-image-v5.0-pro', 'layers', '{"group": null, "images": [{"assetId": "${reference}"}]}', 'succeeded'),
    ('${id(40)}', '${alice}', 'beta', 'beta-image-v5.0-lite', 'group', '{"group": {"maxImages": 3}, "images": []}', 'succeeded'),
    ('${id(50)}', '${alice}', 'beta', 'beta-image-v5.0-lite', 'single', '{"group": null, "images": []}', 'succeeded'),
    ('${id(60)}', '${alice}', 'beta', 'beta-image-v5.0-lite', 'failed', '{"group": null, "images": []}', 'failed')`);
  await asset(31, { generationId: id(30), position: 0, role: "base" });
  await asset(32, { generationId: id(30), position: 1, role: "layer", kind: "layer" });
  await asset(41, { generationId: id(40), position: 0 });
  await asset(42, { generationId: id(40), position: 1 });
  await asset(51, { generationId: id(50) });
  await asset(61, { generationId: id(60) });
  // A conversation: two succeeded turns with images (the second with an intermediate image and an
  // attachment), one failed; and an untitled conversation whose only turn failed.
  await insert(`INSERT INTO "Conversation" ("id", "ownerId", "title", "session", "updatedAt") VALUES
    ('${id(70)}', '${alice}', 'Untitled conversation', 's1', now()), ('${id(80)}', '${alice}', 'Nothing yet', 's2', now())`);
  const attachment = await asset(75);
  await insert(`INSERT INTO "Turn" ("id", "conversationId", "userText", "params", "requestMessages", "status", "createdAt", "completedAt") VALUES
    ('${id(71)}', '${id(70)}', 'draw a castle', '{}', '[]', 'succeeded', '2026-01-03T00:00:00Z', '2026-01-03T00:01:00Z'),
    ('${id(72)}', '${id(70)}', 'add a moat', '{}', '[{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "studio-asset://${attachment}"}}]}]', 'succeeded', '2026-01-04T00:00:00Z', '2026-01-04T00:01:00Z'),
    ('${id(73)}', '${id(70)}', 'make it purple', '{}', '[]', 'failed', '2026-01-05T00:00:00Z', null),
    ('${id(81)}', '${id(80)}', 'hello', '{}', '[]', 'failed', '2026-01-05T00:00:00Z', null)`);
  await asset(76, { turnId: id(71), position: 0 });
  await asset(77, { turnId: id(72), position: 0 });
  await asset(78, { turnId: id(72), position: 1 });
  // A ready video with its 720p copy and an input, and one still running.
  const [video, delivery, input] = [await asset(91, { kind: "video" }), await asset(92, { kind: "video" }), await asset(93)];
  await insert(`INSERT INTO "VideoJob" ("id", "ownerId", "correlationId", "task", "prompt", "status", "params", "assetId", "delivery720pId") VALUES
    ('${id(90)}', '${bob}', 'c1', 'fl2va', 'a boat', 'ready', '{"inputs": [{"assetId": "${input}", "type": "image", "slot": "first"}]}', '${video}', '${delivery}'),
    ('${id(95)}', '${bob}', 'c2', 't2va', 'running', 'running', '{}', null, null)`);

  await cp(path.join(MIGRATIONS_DIR, GALLERY_MIGRATION), path.join(migrationsDir, GALLERY_MIGRATION), { recursive: true });
  expect(await migrateDriver(driver, { migrationsDir })).toContain(GALLERY_MIGRATION);
});

afterAll(async () => {
  await database?.close();
  await empty?.drop();
  await rm(migrationsDir, { recursive: true, force: true });
});

describe(`migration ${GALLERY_MIGRATION}`, () => {
  it("makes an image entry per alpha v3 image, linked to its existing references, shared where the image was", async () => {
    const shared = await entry("assetId", id(21));
    expect(shared).toMatchObject({ kind: "image", ownerId: alice, model: "alpha-v3", prompt: "red fox", searchText: "red fox\na red fox in snow", coverAssetId: id(21), imageCount: 1, teamId: team });
    expect(shared.sharedAt).not.toBeNull();
    expect(shared.links).toEqual([{ assetId: id(10), output: false }, { assetId: id(21), output: true }]);
    expect(await entry("assetId", id(22))).toMatchObject({ teamId: null, sharedAt: null });
  });

  it("makes one layer set, one group set and single image entries of beta generations, none of failed ones", async () => {
    const layers = await entry("coverAssetId", id(31));
    expect(layers).toMatchObject({ kind: "layer_set", model: "beta-pro", imageCount: 2 });
    expect(layers.links).toEqual([{ assetId: id(10), output: false }, { assetId: id(31), output: true }, { assetId: id(32), output: true }]);
    expect(await entry("coverAssetId", id(41))).toMatchObject({ kind: "group_set", model: "beta-lite", imageCount: 2 });
    expect(await entry("assetId", id(51))).toMatchObject({ kind: "image", model: "beta-lite" });
    const [{ count }] = await database.client.$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM "GalleryItem" WHERE "generationId" IN ($1, $2, $3)`, id(40), id(60), id(30));
    expect(count).toBe(2);
  });

  it("makes one entry per conversation with an image: newest image as cover, every message searchable", async () => {
    const chat = await entry("conversationId", id(70));
    expect(chat).toMatchObject({ kind: "conversation", model: "alpha-v3.5", prompt: "draw a castle", searchText: "draw a castle\nadd a moat", coverAssetId: id(77), imageCount: 2 });
    expect(chat.links).toEqual([
      { assetId: id(75), output: false },
      { assetId: id(76), output: true },
      { assetId: id(77), output: true },
      { assetId: id(78), output: false },
    ]);
    const [{ count }] = await database.client.$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM "GalleryItem" WHERE "conversationId" = $1`, id(80));
    expect(count).toBe(0);
  });

  it("makes an entry per ready video, its model the task, linked to both copies and its input", async () => {
    const video = await entry("videoJobId", id(90));
    expect(video).toMatchObject({ kind: "video", ownerId: bob, model: "fl2va", prompt: "a boat", coverAssetId: id(91) });
    expect(video.links).toEqual([{ assetId: id(91), output: true }, { assetId: id(92), output: true }, { assetId: id(93), output: false }]);
    const [{ count }] = await database.client.$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM "GalleryItem" WHERE "videoJobId" = $1`, id(95));
    expect(count).toBe(0);
  });

  it("drops Asset.visibility once the entries are written", async () => {
    const columns = await database.client.$queryRawUnsafe<{ column_name: string }[]>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'Asset' AND column_name = 'visibility'`);
    expect(columns).toEqual([]);
  });
});
