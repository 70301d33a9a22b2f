import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as galleryRoute } from "@/app/api/gallery/route";
import type { CurrentUser } from "@/lib/auth/types";
import { parseOrThrow } from "@/lib/errors";
import type { GalleryKind } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/test/db";
import { session } from "@/test/session-double";
import { createTestUser } from "@/test/users";
import type { GalleryPageDto } from "./gallery-dto";
import { galleryQuerySchema } from "./gallery-schemas";
import { listGallery } from "./list-gallery";
import { shareItem } from "./share-item";

vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// The gallery's list: tabs, every filter, prompt search, keyset pages, and what nobody
// else's tab ever shows.
let testDb: TestDb;
let alice: CurrentUser;
let bob: CurrentUser;
let carol: CurrentUser;
let admin: CurrentUser;
let teamA: string;
let teamB: string;

type Seed = { owner: CurrentUser; prompt: string; kind?: GalleryKind; model?: string; teamId?: string; createdAt: string; cover?: boolean; variationSetId?: string; searchText?: string };

async function seed(entry: Seed): Promise<string> {
  const cover = await testDb.db.asset.create({
    data: { kind: "image", storageKey: `k/${Math.random()}`, sha256: "0", mime: "image/png", bytes: 10n, width: 64, height: 32, ownerId: entry.owner.id, durationMs: entry.kind === "video" ? 5000 : null },
  });
  const item = await testDb.db.galleryItem.create({
    data: {
      kind: entry.kind ?? "image",
      ownerId: entry.owner.id,
      teamId: entry.teamId ?? null,
      sharedAt: entry.teamId ? new Date() : null,
      model: entry.model ?? "alpha-v3",
      prompt: entry.prompt,
      searchText: entry.searchText ?? entry.prompt,
      variationSetId: entry.variationSetId ?? null,
      coverAssetId: entry.cover === false ? null : cover.id,
      createdAt: new Date(entry.createdAt),
    },
  });
  return item.id;
}

const list = async (user: CurrentUser, query: Record<string, unknown> = {}) => listGallery(user, parseOrThrow(galleryQuerySchema, query));
const prompts = (page: GalleryPageDto) => page.items.map((item) => item.prompt);

beforeAll(async () => {
  testDb = await createTestDb();
  alice = await createTestUser(testDb.db);
  bob = await createTestUser(testDb.db);
  admin = await createTestUser(testDb.db, "admin");
  teamA = alice.teamIds[0];
  // Carol is in another team only.
  const outsider = await createTestUser(testDb.db);
  teamB = (await testDb.db.team.create({ data: { name: "Other team" } })).id;
  await testDb.db.membership.update({ where: { userId_teamId: { userId: outsider.id, teamId: teamA } }, data: { teamId: teamB } });
  carol = { ...outsider, teamIds: [teamB], teams: [{ id: teamB, name: "Other team", role: "member" }], activeTeamId: teamB };
  await seed({ owner: alice, prompt: "red fox in snow", createdAt: "2026-01-10T10:00:00Z" });
  await seed({ owner: alice, prompt: "blue whale diving", kind: "video", model: "t2va", teamId: teamA, createdAt: "2026-01-11T23:59:59Z" });
  await seed({ owner: alice, prompt: "foxglove garden", model: "beta-pro", kind: "group_set", createdAt: "2026-01-12T00:00:00Z" });
  await seed({ owner: alice, prompt: "chat not yet drawn", kind: "conversation", model: "alpha-v3.5", createdAt: "2026-01-13T00:00:00Z", cover: false });
  await seed({ owner: bob, prompt: "bob's shared fox", teamId: teamA, createdAt: "2026-01-09T00:00:00Z" });
  await seed({ owner: bob, prompt: "bob's private fox", createdAt: "2026-01-14T00:00:00Z" });
  await seed({ owner: carol, prompt: "carol's team B fox", teamId: teamB, createdAt: "2026-01-08T00:00:00Z" });
});
afterAll(async () => {
  await testDb.close();
});

describe("listGallery", () => {
  it("lists the user's own entries newest first, without entries that have no cover yet", async () => {
    const page = await list(alice);
    expect(prompts(page)).toEqual(["foxglove garden", "blue whale diving", "red fox in snow"]);
    expect(page.nextCursor).toBeNull();
    const video = page.items[1];
    expect(video).toMatchObject({ kind: "video", model: "t2va", owner: { id: alice.id, name: alice.name }, sharedWith: { id: teamA, name: "Test team" }, width: 64, height: 32, durationMs: 5000 });
    expect(video.thumbnailUrl).toMatch(/^\/api\/assets\/[0-9a-f-]{36}\?variant=thumb$/);
  });

  it("lists a team's shared entries for its members, and never anyone's private ones", async () => {
    expect(prompts(await list(bob, { scope: teamA }))).toEqual(["blue whale diving", "bob's shared fox"]);
    expect(prompts(await list(carol, { scope: teamB }))).toEqual(["carol's team B fox"]);
    expect(prompts(await list(alice, { q: "fox" }))).toEqual(["foxglove garden", "red fox in snow"]);
  });

  it("gives a teammate a delivery URL for a shared entry's cover, and none once it is unshared", async () => {
    const shared = await seed({ owner: alice, prompt: "otter shared for a moment", teamId: teamA, createdAt: "2026-01-07T00:00:00Z" });
    const tile = (await list(bob, { scope: teamA })).items.find((item) => item.id === shared);
    expect(tile?.deliveryThumbnailUrl).toMatch(/^\/api\/delivery\/[0-9a-f-]+\?v=thumb&k=.+&e=\d+&s=[\w-]{43}$/);
    await shareItem(alice, shared, null);
    const after = await list(bob, { scope: teamA });
    expect(after.items.map((item) => item.id)).not.toContain(shared);
    expect(JSON.stringify(after)).not.toContain(tile!.deliveryThumbnailUrl!);
    // The other cases count alice's entries.
    await testDb.db.galleryItem.delete({ where: { id: shared } });
  });

  it("answers 404 on scope for a team the user is not in; a site admin may open any team", async () => {
    await expect(list(carol, { scope: teamA })).rejects.toMatchObject({ code: "not_found", fields: [{ field: "scope" }] });
    expect(prompts(await list(admin, { scope: teamB }))).toEqual(["carol's team B fox"]);
  });

  it("filters by kind, model, creator, shared and day range (to inclusive, UTC)", async () => {
    expect(prompts(await list(alice, { kind: "video" }))).toEqual(["blue whale diving"]);
    expect(prompts(await list(alice, { model: "beta-pro" }))).toEqual(["foxglove garden"]);
    expect(prompts(await list(bob, { scope: teamA, creator: bob.id }))).toEqual(["bob's shared fox"]);
    expect(prompts(await list(alice, { shared: "shared" }))).toEqual(["blue whale diving"]);
    expect(prompts(await list(alice, { shared: "private" }))).toEqual(["foxglove garden", "red fox in snow"]);
    expect(prompts(await list(alice, { from: "2026-01-11", to: "2026-01-11" }))).toEqual(["blue whale diving"]);
    expect(prompts(await list(alice, { from: "2026-01-11" }))).toEqual(["foxglove garden", "blue whale diving"]);
    expect(prompts(await list(alice, { to: "2026-01-10" }))).toEqual(["red fox in snow"]);
  });

  it("searches prompts by whole words and prefixes, all words required, case-insensitively", async () => {
    expect(prompts(await list(alice, { q: "FOX" }))).toEqual(["foxglove garden", "red fox in snow"]);
    expect(prompts(await list(alice, { q: "fox snow" }))).toEqual(["red fox in snow"]);
    expect(prompts(await list(alice, { q: "wha" }))).toEqual(["blue whale diving"]);
    expect(prompts(await list(alice, { q: "fox & !snow | (" }))).toEqual(["red fox in snow"]);
    expect(prompts(await list(alice, { q: "zebra" }))).toEqual([]);
  });

  it("pages with a cursor without repeats or gaps, also between entries made in the same millisecond", async () => {
    const dave = await createTestUser(testDb.db);
    const made: string[] = [];
    for (let index = 0; index < 7; index += 1) made.push(await seed({ owner: dave, prompt: `page ${index}`, createdAt: index < 4 ? "2026-02-01T00:00:00Z" : `2026-02-0${index}T00:00:00Z` }));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(dave, { limit: 3, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(made));
  });

  it("refuses a cursor that no page gave, and a day that does not exist, naming the field", async () => {
    await expect(list(alice, { cursor: "bm90LWEtY3Vyc29y" })).rejects.toMatchObject({ code: "validation_failed", fields: [{ field: "cursor" }] });
    await expect(list(alice, { from: "2026-02-30" })).rejects.toMatchObject({ code: "validation_failed", fields: [{ field: "from" }] });
    await expect(list(alice, { to: "0000-01-01" })).rejects.toMatchObject({ code: "validation_failed", fields: [{ field: "to" }] });
    expect(prompts(await list(alice, { from: "0001-01-01", to: "9999-12-31" }))).toHaveLength(3);
  });
});

describe("listGallery with variation sets", () => {
  const setId = "5e7a11d0-0000-4000-8000-000000000001";
  let erin: CurrentUser;
  let made: string[];
  let single: string;

  beforeAll(async () => {
    erin = await createTestUser(testDb.db);
    const image = (index: number, createdAt: string, extra: Partial<Seed> = {}) =>
      seed({ owner: erin, prompt: "a kite over dunes", variationSetId: setId, searchText: `a kite over dunes\nrevised ${index}`, createdAt, ...extra });
    // The set's images end one after another; a single image is made between its first and second.
    made = [await image(1, "2026-03-01T10:00:00Z"), await image(2, "2026-03-01T10:00:05Z", { teamId: teamA }), await image(3, "2026-03-01T10:00:09Z")];
    single = await seed({ owner: erin, prompt: "a lone kite", createdAt: "2026-03-01T10:00:02Z" });
  });

  it("shows a set as one tile where its first image stands, standing for every image of the set", async () => {
    const page = await list(erin);
    expect(page.items.map((item) => item.id)).toEqual([single, made[0]]);
    expect(page.items[0].variationIds).toEqual([single]);
    expect(page.items[1].variationIds).toEqual(made);
  });

  it("pages over tiles: a set is one entry of one page, never repeated", async () => {
    const first = await list(erin, { limit: 1 });
    expect(first.items.map((item) => item.id)).toEqual([single]);
    const second = await list(erin, { limit: 1, cursor: first.nextCursor });
    expect(second.items.map((item) => item.id)).toEqual([made[0]]);
    expect(second.nextCursor).toBeNull();
  });

  it("counts only the images of a set that the tab and the filters show", async () => {
    const shared = await list(erin, { shared: "shared" });
    expect(shared.items.map((item) => item.variationIds)).toEqual([[made[1]]]);
    expect((await list(erin, { shared: "private" })).items.map((item) => item.variationIds)).toEqual([[single], [made[0], made[2]]]);
    // A teammate sees only the shared image, as its own tile.
    expect((await list(alice, { scope: teamA, creator: erin.id })).items.map((item) => item.variationIds)).toEqual([[made[1]]]);
    expect((await list(erin, { q: "revised 3" })).items.map((item) => item.variationIds)).toEqual([[made[2]]]);
  });
});

describe("GET /api/gallery", () => {
  const get = (query: string) => galleryRoute(new Request(`http://studio.test/api/gallery${query}`), { params: Promise.resolve({}) });

  it("answers the page, 400 naming the field for a bad query and 404 for another team's tab", async () => {
    session.user = alice;
    const ok = await get("?kind=video");
    expect(ok.status).toBe(200);
    expect(prompts((await ok.json()) as GalleryPageDto)).toEqual(["blue whale diving"]);
    const bad = await get("?kind=poster");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields[0].field).toBe("kind");
    session.user = carol;
    expect((await get(`?scope=${teamA}`)).status).toBe(404);
    session.user = undefined;
    expect((await get("")).status).toBe(401);
  });
});
