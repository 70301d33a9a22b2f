import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as adminLinksRoute } from "@/app/api/admin/links/route";
import { GET as publicAssetRoute } from "@/app/api/public/[token]/assets/[assetId]/route";
import { GET as downloadRoute } from "@/app/api/gallery/download/route";
import { GET as itemDownloadRoute } from "@/app/api/gallery/items/[id]/download/route";
import { GET as linksListRoute, POST as linksCreateRoute } from "@/app/api/gallery/items/[id]/links/route";
import { GET as reuseRoute } from "@/app/api/gallery/items/[id]/reuse/route";
import { DELETE as deleteRoute, GET as detailRoute } from "@/app/api/gallery/items/[id]/route";
import { PUT as shareRoute } from "@/app/api/gallery/items/[id]/share/route";
import { DELETE as revokeRoute } from "@/app/api/gallery/links/[linkId]/route";
import { POST as selectionRoute } from "@/app/api/gallery/selection/route";
import { storeImage } from "@/lib/assets/store-image";
import { siteSettings, updateSiteSettings } from "@/lib/auth/site-settings";
import { setUserDisabled } from "@/lib/auth/user-status";
import type { CurrentUser } from "@/lib/auth/types";
import type { GalleryKind } from "@/lib/gallery/gallery-rules";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { loadSettings } from "@/lib/settings";
import { blobStore } from "@/lib/storage";
import { createTestDb, type TestDb } from "@/test/db";
import { session } from "@/test/session-double";
import { KEPT_REASONS } from "./delete-item";
import { ADMIN_SHARE_LINKS_PAGE_SIZE, type AdminShareLinkPage } from "./share-link-rules";
import { publicEntry } from "./share-links";

// One gallery entry's detail and actions, selections, ZIPs and public links, through the
// real route handlers, database and blob store; only the session is a stand-in.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

let dataDir: string;
let testDb: TestDb;
let db: PrismaClient;
let teamA: { id: string; name: string };
let teamB: { id: string; name: string };
const people = {} as Record<"owner" | "teammate" | "outsider" | "admin", CurrentUser>;

async function createUser(team: { id: string; name: string }, role: CurrentUser["role"] = "member"): Promise<CurrentUser> {
  const user = await db.user.create({
    data: { email: `${crypto.randomUUID()}@test.local`, name: `User ${role}`, passwordHash: "not-a-hash", role, memberships: { create: { teamId: team.id } } },
  });
  return { id: user.id, email: user.email, name: user.name, role, teamIds: [team.id], teams: [{ ...team, role: "member" }], activeTeamId: team.id, sessionId: `session-${user.id}` };
}

let shade = 0;
/** A PNG no other test stores, so its blob is its own. */
async function uniquePng(): Promise<Buffer> {
  shade += 1;
  return sharp({ create: { width: 16 + shade, height: 12, channels: 3, background: { r: shade * 7 % 256, g: 40, b: 90 } } }).png().toBuffer();
}

async function storeAs(owner: CurrentUser, bytes: Buffer, position = 0) {
  return storeImage({
    source: Readable.from([bytes]),
    ownerId: owner.id,
    teamId: owner.activeTeamId,
    kind: "image",
    allowedMimes: ["image/png"],
    maxBytes: 10_000_000,
    position,
    decode: "before-row",
  });
}

type ItemOptions = { kind?: GalleryKind; teamId?: string | null; outputs: string[]; references?: string[]; generationId?: string; conversationId?: string; prompt?: string };

async function createItem(owner: CurrentUser, options: ItemOptions) {
  const kind = options.kind ?? (options.outputs.length > 1 ? "group_set" : "image");
  return db.galleryItem.create({
    data: {
      kind,
      ownerId: owner.id,
      teamId: options.teamId ?? null,
      sharedAt: options.teamId ? new Date() : null,
      model: "alpha-v3",
      prompt: options.prompt ?? "A red fox in the snow",
      searchText: options.prompt ?? "A red fox in the snow",
      coverAssetId: options.outputs[0],
      assetId: kind === "image" ? options.outputs[0] : null,
      generationId: options.generationId,
      conversationId: options.conversationId,
      imageCount: options.outputs.length,
      assets: {
        create: [
          ...options.outputs.map((assetId) => ({ assetId, output: true })),
          ...(options.references ?? []).map((assetId) => ({ assetId, output: false })),
        ],
      },
    },
  });
}

async function imageItem(owner: CurrentUser, teamId: string | null = null) {
  const bytes = await uniquePng();
  const asset = await storeAs(owner, bytes);
  const item = await createItem(owner, { outputs: [asset.id], teamId });
  return { item, asset, bytes };
}

const base = "http://studio.test";
type Handler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;
function call<P>(handler: Handler<P>, url: string, params: P, init: { method?: string; json?: unknown } = {}) {
  const request = new Request(`${base}${url}`, {
    method: init.method ?? "GET",
    ...(init.json !== undefined && { headers: { "Content-Type": "application/json" }, body: JSON.stringify(init.json) }),
  });
  return handler(request, { params: Promise.resolve(params) });
}
const as = (user: CurrentUser) => {
  session.user = user;
};
const blobExists = async (key: string) => (await blobStore().stat(key)) !== null;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-gallery-actions-"));
  process.env.STUDIO_DATA_DIR = dataDir;
  loadSettings();
  testDb = await createTestDb();
  db = testDb.db;
  teamA = await db.team.create({ data: { name: "Team A" }, select: { id: true, name: true } });
  teamB = await db.team.create({ data: { name: "Team B" }, select: { id: true, name: true } });
  people.owner = await createUser(teamA);
  people.teammate = await createUser(teamA);
  people.outsider = await createUser(teamB);
  people.admin = await createUser(teamB, "admin");
});

afterAll(async () => {
  await testDb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("GET /api/gallery/items/[id]: the detail follows the access rule", () => {
  it("shows a shared entry to its owner, a teammate and a site admin with what each may do; an outsider gets 404", async () => {
    const reference = await storeAs(people.owner, await uniquePng());
    const generation = await db.generation.create({
      data: { ownerId: people.owner.id, kind: "alpha_v3", model: "alpha-v3", prompt: "fox", params: { model: "alpha-v3", prompt: "fox", size: "1024x1024" }, revisedPrompt: "a fox", requestId: "req-1", tokens: 42 },
    });
    const outputs = [await storeAs(people.owner, await uniquePng(), 1), await storeAs(people.owner, await uniquePng(), 0)];
    const item = await createItem(people.owner, { outputs: outputs.map((asset) => asset.id), references: [reference.id], teamId: teamA.id, generationId: generation.id });
    const expected = {
      owner: { share: true, delete: true, fork: false, publicLink: false },
      teammate: { share: false, delete: false, fork: false, publicLink: false },
      admin: { share: false, delete: true, fork: false, publicLink: false },
    };
    for (const [who, can] of Object.entries(expected)) {
      as(people[who as keyof typeof expected]);
      const response = await call(detailRoute, `/api/gallery/items/${item.id}`, { id: item.id });
      expect(response.status).toBe(200);
      const detail = await response.json();
      expect(detail.can).toEqual(can);
      expect(detail.outputs.map((asset: { id: string }) => asset.id)).toEqual([outputs[1].id, outputs[0].id]);
      expect(detail.references.map((asset: { id: string }) => asset.id)).toEqual([reference.id]);
      expect(detail.request).toEqual({ params: { model: "alpha-v3", prompt: "fox", size: "1024x1024" }, revisedPrompt: "a fox", requestId: "req-1", tokens: 42 });
      expect(detail.sharedWith).toEqual(teamA);
    }
    as(people.outsider);
    const hidden = await call(detailRoute, `/api/gallery/items/${item.id}`, { id: item.id });
    expect(hidden.status).toBe(404);
    expect((await hidden.json()).error.message).toBe("No such item");
    const missing = crypto.randomUUID();
    expect((await call(detailRoute, `/api/gallery/items/${missing}`, { id: missing })).status).toBe(404);
  });

  it("keeps a private entry from the owner's teammates; a conversation's request sums its turns", async () => {
    const conversation = await db.conversation.create({ data: { ownerId: people.owner.id, title: "Chat" } });
    await db.turn.create({ data: { conversationId: conversation.id, userText: "hi", params: { model: "alpha-v3.5" }, requestMessages: [], tokens: 10, requestId: "r1", createdAt: new Date(Date.now() - 1000) } });
    await db.turn.create({ data: { conversationId: conversation.id, userText: "again", params: { model: "alpha-v3.5", later: true }, requestMessages: [], tokens: 5, requestId: "r2" } });
    const asset = await storeAs(people.owner, await uniquePng());
    const item = await createItem(people.owner, { kind: "conversation", outputs: [asset.id], conversationId: conversation.id });
    as(people.teammate);
    expect((await call(detailRoute, `/api/gallery/items/${item.id}`, { id: item.id })).status).toBe(404);
    as(people.owner);
    const detail = await (await call(detailRoute, `/api/gallery/items/${item.id}`, { id: item.id })).json();
    expect(detail.request).toEqual({ params: { model: "alpha-v3.5" }, revisedPrompt: null, requestId: "r2", tokens: 15 });
    expect(detail.can.fork).toBe(true);
  });
});

describe("PUT /api/gallery/items/[id]/share: the owner's only, to the owner's own teams", () => {
  it("shares with the owner's team and makes it private again, each on record", async () => {
    const { item } = await imageItem(people.owner);
    as(people.owner);
    const shared = await call(shareRoute, `/api/gallery/items/${item.id}/share`, { id: item.id }, { method: "PUT", json: { teamId: teamA.id } });
    expect(shared.status).toBe(200);
    expect((await shared.json()).sharedWith).toEqual(teamA);
    const row = await db.galleryItem.findUniqueOrThrow({ where: { id: item.id } });
    expect(row.teamId).toBe(teamA.id);
    expect(row.sharedAt).not.toBeNull();
    const unshared = await call(shareRoute, `/api/gallery/items/${item.id}/share`, { id: item.id }, { method: "PUT", json: { teamId: null } });
    expect((await unshared.json()).sharedWith).toBeNull();
    expect(await db.galleryItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({ teamId: null, sharedAt: null });
    expect(await db.auditLog.count({ where: { target: item.id, action: { in: ["gallery.shared", "gallery.unshared"] } } })).toBe(2);
  });

  it("refuses a team the owner is not in (400), a teammate (403), an outsider (404) and a body naming an owner (400), changing nothing", async () => {
    const { item } = await imageItem(people.owner, teamA.id);
    const before = await db.galleryItem.findUniqueOrThrow({ where: { id: item.id } });
    const share = (json: unknown) => call(shareRoute, `/api/gallery/items/${item.id}/share`, { id: item.id }, { method: "PUT", json });
    as(people.owner);
    const foreignTeam = await share({ teamId: teamB.id });
    expect(foreignTeam.status).toBe(400);
    expect((await foreignTeam.json()).error.fields).toEqual([{ field: "teamId", message: "teamId must be the id of one of your teams" }]);
    const withOwner = await share({ teamId: teamA.id, ownerId: people.teammate.id });
    expect(withOwner.status).toBe(400);
    as(people.teammate);
    const byTeammate = await share({ teamId: null });
    expect(byTeammate.status).toBe(403);
    expect((await byTeammate.json()).error.message).toBe("Only the owner can share this");
    as(people.admin);
    expect((await share({ teamId: null })).status).toBe(403);
    as(people.outsider);
    expect((await share({ teamId: teamB.id })).status).toBe(404);
    expect(await db.galleryItem.findUniqueOrThrow({ where: { id: item.id } })).toEqual(before);
  });
});

describe("GET /api/gallery/items/[id]/reuse", () => {
  it("gives a teammate the generator and its stored values; a conversation leads to the chat", async () => {
    const params = { model: "beta-pro", prompt: "a lamp", layers: 4 };
    const generation = await db.generation.create({ data: { ownerId: people.owner.id, kind: "beta", model: "beta-pro", prompt: "a lamp", params } });
    const asset = await storeAs(people.owner, await uniquePng());
    const item = await createItem(people.owner, { outputs: [asset.id], teamId: teamA.id, generationId: generation.id });
    as(people.teammate);
    expect(await (await call(reuseRoute, `/api/gallery/items/${item.id}/reuse`, { id: item.id })).json()).toEqual({ target: "beta", values: params });
    const conversation = await db.conversation.create({ data: { ownerId: people.owner.id, title: "Chat" } });
    const chatAsset = await storeAs(people.owner, await uniquePng());
    const chat = await createItem(people.owner, { kind: "conversation", outputs: [chatAsset.id], conversationId: conversation.id, teamId: teamA.id });
    expect(await (await call(reuseRoute, `/api/gallery/items/${chat.id}/reuse`, { id: chat.id })).json()).toEqual({ target: "chat", values: { conversationId: conversation.id } });
    as(people.outsider);
    expect((await call(reuseRoute, `/api/gallery/items/${item.id}/reuse`, { id: item.id })).status).toBe(404);
  });
});

describe("DELETE /api/gallery/items/[id]", () => {
  it("removes the entry and its unreferenced outputs (rows and blobs), keeping outputs other work still uses", async () => {
    const alone = await storeAs(people.owner, await uniquePng(), 0);
    const inChat = await storeAs(people.owner, await uniquePng(), 1);
    const asReference = await storeAs(people.owner, await uniquePng(), 2);
    const sameBytes = await uniquePng();
    const copyA = await storeAs(people.owner, sameBytes, 3);
    const copyB = await storeAs(people.owner, sameBytes);
    const item = await createItem(people.owner, { outputs: [alone.id, inChat.id, asReference.id, copyA.id], teamId: teamA.id });
    const conversation = await db.conversation.create({ data: { ownerId: people.teammate.id, title: "Uses it" } });
    await db.turn.create({
      data: { conversationId: conversation.id, userText: "edit this", params: {}, requestMessages: [{ role: "user", content: [{ type: "image_url", image_url: { url: `studio-asset://${inChat.id}` } }] }] },
    });
    const other = await imageItem(people.teammate, teamA.id);
    await db.galleryItemAsset.create({ data: { itemId: other.item.id, assetId: asReference.id, output: false } });

    as(people.teammate);
    expect((await call(deleteRoute, `/api/gallery/items/${item.id}`, { id: item.id }, { method: "DELETE" })).status).toBe(403);
    as(people.outsider);
    expect((await call(deleteRoute, `/api/gallery/items/${item.id}`, { id: item.id }, { method: "DELETE" })).status).toBe(404);
    expect(await db.galleryItem.count({ where: { id: item.id } })).toBe(1);

    as(people.owner);
    const response = await call(deleteRoute, `/api/gallery/items/${item.id}`, { id: item.id }, { method: "DELETE" });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.deleted).toBe(2);
    expect(answer.kept).toEqual(
      expect.arrayContaining([
        { assetId: inChat.id, reason: KEPT_REASONS.conversation },
        { assetId: asReference.id, reason: KEPT_REASONS.entry },
      ]),
    );
    expect(answer.kept).toHaveLength(2);
    expect(await db.galleryItem.count({ where: { id: item.id } })).toBe(0);
    const remaining = (await db.asset.findMany({ where: { id: { in: [alone.id, inChat.id, asReference.id, copyA.id, copyB.id] } }, select: { id: true } })).map((row) => row.id);
    expect(remaining.sort()).toEqual([inChat.id, asReference.id, copyB.id].sort());
    expect(await blobExists(alone.storageKey)).toBe(false);
    expect(await blobExists(inChat.storageKey)).toBe(true);
    // The copy's bytes are shared by content with an asset that stays.
    expect(await blobExists(copyB.storageKey)).toBe(true);
    expect(copyA.storageKey).toBe(copyB.storageKey);
  });

  it("lets a site admin delete; a conversation entry soft-deletes its conversation", async () => {
    const conversation = await db.conversation.create({ data: { ownerId: people.owner.id, title: "Chat" } });
    const asset = await storeAs(people.owner, await uniquePng());
    const item = await createItem(people.owner, { kind: "conversation", outputs: [asset.id], conversationId: conversation.id });
    as(people.admin);
    const response = await call(deleteRoute, `/api/gallery/items/${item.id}`, { id: item.id }, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: 0, kept: [] });
    expect((await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).deletedAt).not.toBeNull();
    expect(await db.asset.count({ where: { id: asset.id } })).toBe(1);
    expect(await db.galleryItem.count({ where: { id: item.id } })).toBe(0);
  });
});

describe("downloads", () => {
  it("streams a ZIP of two entries' outputs with readable, unique names and the stored bytes", async () => {
    const first = await imageItem(people.owner);
    const setBytes = [await uniquePng(), await uniquePng()];
    const setAssets = [await storeAs(people.owner, setBytes[0], 0), await storeAs(people.owner, setBytes[1], 1)];
    const set = await createItem(people.teammate, { outputs: setAssets.map((asset) => asset.id), teamId: teamA.id, prompt: "Fox, in snow!" });
    as(people.owner);
    const response = await call(downloadRoute, `/api/gallery/download?ids=${first.item.id},${set.id}`, {});
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const day = new Date().toISOString().slice(0, 10);
    expect(Object.keys(files).sort()).toEqual([`group-set-${day}-fox-in-snow/1.png`, `group-set-${day}-fox-in-snow/2.png`, `image-${day}-a-red-fox-in-the-snow/1.png`]);
    expect(Buffer.from(files[`image-${day}-a-red-fox-in-the-snow/1.png`])).toEqual(first.bytes);
    expect(Buffer.from(files[`group-set-${day}-fox-in-snow/2.png`])).toEqual(setBytes[1]);
  });

  it("refuses the whole ZIP with 404 naming an id the user may not see", async () => {
    const mine = await imageItem(people.owner);
    const theirs = await imageItem(people.outsider);
    as(people.owner);
    const response = await call(downloadRoute, `/api/gallery/download?ids=${mine.item.id},${theirs.item.id}`, {});
    expect(response.status).toBe(404);
    expect((await response.json()).error.fields).toEqual([{ field: "ids.1", message: "No such item" }]);
  });

  it("downloads a single image as the file itself, as an attachment", async () => {
    const { item, bytes } = await imageItem(people.owner, teamA.id);
    as(people.teammate);
    const response = await call(itemDownloadRoute, `/api/gallery/items/${item.id}/download`, { id: item.id });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="studio-image-/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });
});

describe("POST /api/gallery/selection: all or nothing", () => {
  it("refuses a selection with one entry the user may not see (404 naming it), writing nothing", async () => {
    const mine = await imageItem(people.owner);
    const theirs = await imageItem(people.outsider);
    as(people.owner);
    for (const json of [
      { action: "delete", ids: [mine.item.id, theirs.item.id] },
      { action: "share", ids: [mine.item.id, theirs.item.id], teamId: teamA.id },
    ]) {
      const response = await call(selectionRoute, "/api/gallery/selection", {}, { method: "POST", json });
      expect(response.status).toBe(404);
      expect((await response.json()).error.fields).toEqual([{ field: "ids.1", message: "No such item" }]);
    }
    expect(await db.galleryItem.findMany({ where: { id: { in: [mine.item.id, theirs.item.id] } }, select: { teamId: true } })).toEqual([{ teamId: null }, { teamId: null }]);
    expect(await db.asset.count({ where: { id: mine.asset.id } })).toBe(1);
  });

  it("refuses sharing a teammate's entry (403 naming it) and shares the owner's own", async () => {
    const mine = await imageItem(people.owner);
    const teammates = await imageItem(people.teammate, teamA.id);
    as(people.owner);
    const refused = await call(selectionRoute, "/api/gallery/selection", {}, { method: "POST", json: { action: "unshare", ids: [mine.item.id, teammates.item.id] } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.fields).toEqual([{ field: "ids.1", message: "Only the owner can share this" }]);
    expect((await db.galleryItem.findUniqueOrThrow({ where: { id: teammates.item.id } })).teamId).toBe(teamA.id);
    const other = await imageItem(people.owner);
    const shared = await call(selectionRoute, "/api/gallery/selection", {}, { method: "POST", json: { action: "share", ids: [mine.item.id, other.item.id], teamId: teamA.id } });
    expect(shared.status).toBe(200);
    expect((await shared.json()).items.map((item: { sharedWith: unknown }) => item.sharedWith)).toEqual([teamA, teamA]);
  });

  it("deletes several entries in one go", async () => {
    const entries = [await imageItem(people.owner), await imageItem(people.owner)];
    as(people.owner);
    const response = await call(selectionRoute, "/api/gallery/selection", {}, { method: "POST", json: { action: "delete", ids: entries.map((entry) => entry.item.id) } });
    expect(await response.json()).toEqual({ action: "delete", deleted: 2, kept: [] });
    expect(await db.galleryItem.count({ where: { id: { in: entries.map((entry) => entry.item.id) } } })).toBe(0);
    for (const entry of entries) expect(await blobExists(entry.asset.storageKey)).toBe(false);
  });
});

describe("public links", () => {
  const create = (itemId: string, json: unknown = { expiresInDays: 7 }) => call(linksCreateRoute, `/api/gallery/items/${itemId}/links`, { id: itemId }, { method: "POST", json });
  const fetchPublic = (token: string, assetId: string) => call(publicAssetRoute, `/api/public/${token}/assets/${assetId}`, { token, assetId });
  const tokenOf = (url: string) => url.split("/s/")[1];

  it("are refused while the setting is off, which is the default", async () => {
    expect((await siteSettings()).publicShareLinks).toBe(false);
    const { item } = await imageItem(people.owner);
    as(people.owner);
    const response = await create(item.id);
    expect(response.status).toBe(403);
    expect(await db.shareLink.count()).toBe(0);
  });

  it("open only the entry's outputs while unexpired, unrevoked and switched on", async () => {
    await updateSiteSettings(people.admin, { publicShareLinks: true });
    const { item, asset, bytes } = await imageItem(people.owner, teamA.id);
    const unrelated = await storeAs(people.owner, await uniquePng());
    as(people.teammate);
    expect((await create(item.id)).status).toBe(403);
    as(people.owner);
    expect((await create(item.id, { expiresInDays: 31 })).status).toBe(400);
    const created = await create(item.id);
    expect(created.status).toBe(201);
    const { link } = await created.json();
    const token = tokenOf(link.url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await db.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row.tokenHash).not.toContain(token);
    expect((await (await call(linksListRoute, `/api/gallery/items/${item.id}/links`, { id: item.id })).json()).links).toEqual([{ id: link.id, createdAt: link.createdAt, expiresAt: link.expiresAt }]);

    session.user = undefined;
    const file = await fetchPublic(token, asset.id);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    expect((await fetchPublic(token, unrelated.id)).status).toBe(404);
    expect((await publicEntry(token)).files.map((each) => each.id)).toEqual([asset.id]);

    await updateSiteSettings(people.admin, { publicShareLinks: false });
    expect((await fetchPublic(token, asset.id)).status).toBe(404);
    await updateSiteSettings(people.admin, { publicShareLinks: true });
    expect((await fetchPublic(token, asset.id)).status).toBe(200);

    await db.shareLink.update({ where: { id: link.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await fetchPublic(token, asset.id)).status).toBe(404);
    await expect(publicEntry(token)).rejects.toMatchObject({ code: "not_found" });
  });

  it("can be revoked by the owner (not by a teammate), after which they open nothing", async () => {
    await updateSiteSettings(people.admin, { publicShareLinks: true });
    const { item, asset } = await imageItem(people.owner, teamA.id);
    as(people.owner);
    const { link } = await (await create(item.id)).json();
    const token = tokenOf(link.url);
    as(people.teammate);
    expect((await call(revokeRoute, `/api/gallery/links/${link.id}`, { linkId: link.id }, { method: "DELETE" })).status).toBe(403);
    as(people.outsider);
    expect((await call(revokeRoute, `/api/gallery/links/${link.id}`, { linkId: link.id }, { method: "DELETE" })).status).toBe(404);
    expect((await fetchPublic(token, asset.id)).status).toBe(200);
    as(people.owner);
    expect((await call(revokeRoute, `/api/gallery/links/${link.id}`, { linkId: link.id }, { method: "DELETE" })).status).toBe(204);
    expect((await fetchPublic(token, asset.id)).status).toBe(404);
    expect((await fetchPublic("x".repeat(43), asset.id)).status).toBe(404);
  });

  it("are suspended while their creator's account is disabled, and open again once it is enabled", async () => {
    await updateSiteSettings(people.admin, { publicShareLinks: true });
    const creator = await createUser(teamA);
    const { item, asset } = await imageItem(creator);
    as(creator);
    const { link } = await (await create(item.id)).json();
    const token = tokenOf(link.url);
    expect((await fetchPublic(token, asset.id)).status).toBe(200);

    await setUserDisabled(people.admin, creator.id, true);
    expect((await fetchPublic(token, asset.id)).status).toBe(404);
    await expect(publicEntry(token)).rejects.toMatchObject({ code: "not_found" });
    expect(await db.shareLink.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ revokedAt: null });

    await setUserDisabled(people.admin, creator.id, false);
    expect((await fetchPublic(token, asset.id)).status).toBe(200);
    expect((await publicEntry(token)).files.map((each) => each.id)).toEqual([asset.id]);
  });

  it("are all listed for a site admin, with creator, entry and state, and the admin can revoke any one", async () => {
    await updateSiteSettings(people.admin, { publicShareLinks: true });
    const creator = await createUser(teamA);
    const { item, asset } = await imageItem(creator);
    as(creator);
    const { link } = await (await create(item.id)).json();
    const { link: other } = await (await create(item.id)).json();
    const token = tokenOf(link.url);
    const listAs = async (user: CurrentUser, cursor?: string) => {
      as(user);
      return call(adminLinksRoute, `/api/admin/links${cursor ? `?cursor=${cursor}` : ""}`, {});
    };
    const rowOf = async (linkId: string) => {
      const page = (await (await listAs(people.admin)).json()) as AdminShareLinkPage;
      return page.links.find((each) => each.id === linkId);
    };

    expect((await listAs(people.owner)).status).toBe(403);
    expect((await listAs(people.admin, "not a cursor")).status).toBe(400);
    expect(await rowOf(link.id)).toEqual({
      id: link.id,
      createdAt: link.createdAt,
      expiresAt: link.expiresAt,
      revokedAt: null,
      state: "live",
      creator: { id: creator.id, name: creator.name, email: creator.email },
      item: { id: item.id, kind: "image", prompt: item.prompt },
    });
    await setUserDisabled(people.admin, creator.id, true);
    expect((await rowOf(link.id))?.state).toBe("suspended");
    await setUserDisabled(people.admin, creator.id, false);

    as(people.admin);
    expect((await call(revokeRoute, `/api/gallery/links/${link.id}`, { linkId: link.id }, { method: "DELETE" })).status).toBe(204);
    expect((await rowOf(link.id))?.state).toBe("revoked");
    expect((await rowOf(other.id))?.state).toBe("live");
    expect((await fetchPublic(token, asset.id)).status).toBe(404);
    expect(await db.auditLog.findFirst({ where: { action: "share_link.revoked", actorId: people.admin.id, target: item.id } })).toMatchObject({ details: { linkId: link.id } });
  });

  it("page the admin's list newest first without repeating or skipping a link", async () => {
    await updateSiteSettings(people.admin, { publicShareLinks: true });
    const { item } = await imageItem(people.owner);
    as(people.owner);
    for (let made = 0; made < ADMIN_SHARE_LINKS_PAGE_SIZE + 3; made += 1) await create(item.id);
    as(people.admin);
    const first = (await (await call(adminLinksRoute, "/api/admin/links", {})).json()) as AdminShareLinkPage;
    expect(first.links).toHaveLength(ADMIN_SHARE_LINKS_PAGE_SIZE);
    const seen = [...first.links];
    for (let cursor = first.nextCursor; cursor; ) {
      const page = (await (await call(adminLinksRoute, `/api/admin/links?cursor=${cursor}`, {})).json()) as AdminShareLinkPage;
      seen.push(...page.links);
      cursor = page.nextCursor;
    }
    expect(seen.map((each) => each.id)).toEqual((await db.shareLink.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] })).map((each) => each.id));
  });
});
