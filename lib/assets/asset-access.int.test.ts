import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadSettings } from "@/lib/settings";
import type { CurrentUser } from "@/lib/auth/current-user";
import { GET as metaRoute } from "@/app/api/assets/[id]/meta/route";
import { GET as assetRoute } from "@/app/api/assets/[id]/route";
import { GET as listRoute } from "@/app/api/assets/route";
import { createTestDb, type TestDb } from "@/test/db";
import { session } from "@/test/session-double";
import { createEntry, createPerson } from "@/test/team-people";
import { listVisibleAssets } from "./list-assets";
import { storeImage } from "./store-image";

// The route handlers run as whoever `session.user` is; everything below them is the real thing.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

type Viewer = "owner" | "teammate" | "other team's member" | "stranger with no team" | "site admin of another team";
type Asset = "private output" | "shared output" | "shared entry's reference" | "unshared again";

// An asset opens for whoever may see an entry that shows it or was made from it. The owner
// and the teammate share team A; the other member and the admin are in team B; the stranger has none.
const opens: Record<Viewer, Record<Asset, boolean>> = {
  owner: { "private output": true, "shared output": true, "shared entry's reference": true, "unshared again": true },
  teammate: { "private output": false, "shared output": true, "shared entry's reference": true, "unshared again": false },
  "other team's member": { "private output": false, "shared output": false, "shared entry's reference": false, "unshared again": false },
  "stranger with no team": { "private output": false, "shared output": false, "shared entry's reference": false, "unshared again": false },
  "site admin of another team": { "private output": true, "shared output": true, "shared entry's reference": true, "unshared again": true },
};
// The reference picker offers one's own and what is shared with one's teams; a site admin may open
// anyone's asset, but their picker is not everyone's library.
const picks: Record<Viewer, Record<Asset, boolean>> = { ...opens, "site admin of another team": { "private output": false, "shared output": false, "shared entry's reference": false, "unshared again": false } };

let dataDir: string;
let testDb: TestDb;
const viewers = {} as Record<Viewer, CurrentUser>;
const assets = {} as Record<Asset, string>;

const png = (background: string, width = 64) => sharp({ create: { width, height: 48, channels: 3, background } }).png().toBuffer();

async function storeAs(owner: CurrentUser, bytes: Buffer, mime: "image/png" | "image/webp" = "image/png") {
  return storeImage({
    source: Readable.from([bytes]),
    ownerId: owner.id,
    teamId: owner.activeTeamId,
    kind: "input",
    allowedMimes: [mime],
    maxBytes: 10_000_000,
    decode: "before-row",
  });
}

const call = (handler: typeof assetRoute, url: string, params: { id: string }, method = "GET") =>
  handler(new Request(`http://studio.test${url}`, { method }), { params: Promise.resolve(params) });

const listAs = async (viewer: CurrentUser, query = "kind=input") => {
  session.user = viewer;
  const response = await listRoute(new Request(`http://studio.test/api/assets?${query}`), { params: Promise.resolve({}) });
  return (await response.json()) as { items: { id: string; mime: string }[] };
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-asset-access-"));
  process.env.STUDIO_DATA_DIR = dataDir;
  loadSettings();
  testDb = await createTestDb();
  const { db } = testDb;
  const [teamA, teamB] = await Promise.all([db.team.create({ data: { name: "Team A" } }), db.team.create({ data: { name: "Team B" } })]);
  viewers.owner = await createPerson(db, "Owner", [teamA]);
  viewers.teammate = await createPerson(db, "Teammate", [teamA]);
  viewers["other team's member"] = await createPerson(db, "Other", [teamB]);
  viewers["stranger with no team"] = await createPerson(db, "Stranger", []);
  viewers["site admin of another team"] = await createPerson(db, "Admin", [teamB], "admin");
  const owner = viewers.owner;
  assets["private output"] = (await storeAs(owner, await png("#c03"))).id;
  assets["shared output"] = (await storeAs(owner, await png("#0c3"))).id;
  assets["shared entry's reference"] = (await storeAs(owner, await png("#03c"))).id;
  assets["unshared again"] = (await storeAs(owner, await png("#cc3"))).id;
  await createEntry(db, owner, { teamId: null, outputs: [assets["private output"]] });
  await createEntry(db, owner, { teamId: teamA.id, outputs: [assets["shared output"]], references: [assets["shared entry's reference"]] });
  const unshared = await createEntry(db, owner, { teamId: teamA.id, outputs: [assets["unshared again"]] });
  await db.galleryItem.update({ where: { id: unshared.id }, data: { teamId: null, sharedAt: null } });
});

afterAll(async () => {
  await testDb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const cases = (Object.keys(opens) as Viewer[]).flatMap((viewer) =>
  (Object.keys(opens[viewer]) as Asset[]).map((asset) => ({ viewer, asset, opens: opens[viewer][asset], picks: picks[viewer][asset] })),
);

describe("an asset follows the access rule of the gallery entries that show or used it", () => {
  it.each(cases)("$viewer, $asset → bytes, thumbnail, download and meta open: $opens", async ({ viewer, asset, opens: expected }) => {
    session.user = viewers[viewer];
    const id = assets[asset];
    const status = expected ? 200 : 404;
    // Next answers HEAD with the GET handler when a route exports no HEAD of its own (these don't).
    for (const method of ["GET", "HEAD"]) {
      expect((await call(assetRoute, `/api/assets/${id}`, { id }, method)).status).toBe(status);
      expect((await call(assetRoute, `/api/assets/${id}?variant=thumb`, { id }, method)).status).toBe(status);
      expect((await call(assetRoute, `/api/assets/${id}?download=1`, { id }, method)).status).toBe(status);
      expect((await call(metaRoute, `/api/assets/${id}/meta`, { id }, method)).status).toBe(status);
    }
  });

  it.each(cases)("$viewer, $asset → offered by the reference picker: $picks", async ({ viewer, asset, picks: expected }) => {
    expect((await listAs(viewers[viewer])).items.some((item) => item.id === assets[asset])).toBe(expected);
    const { items } = await listVisibleAssets(viewers[viewer], { kinds: ["input"] });
    expect(items.some((item) => item.id === assets[asset])).toBe(expected);
  });

  it("the asset routes export no HEAD of their own, so HEAD runs the same checks as GET", async () => {
    expect(Object.keys(await import("@/app/api/assets/[id]/route"))).toEqual(["GET"]);
    expect(Object.keys(await import("@/app/api/assets/[id]/meta/route"))).toEqual(["GET"]);
    expect(Object.keys(await import("@/app/api/assets/route"))).toEqual(["GET"]);
  });

  it("an asset in no entry is its owner's alone: a teammate neither lists nor opens it", async () => {
    const loose = await storeAs(viewers.owner, await png("#36c", 96));
    expect((await listAs(viewers.teammate)).items.map((item) => item.id)).not.toContain(loose.id);
    session.user = viewers.teammate;
    expect((await call(assetRoute, `/api/assets/${loose.id}`, { id: loose.id })).status).toBe(404);
  });
});

describe("the asset list filters by type in the query", () => {
  it("finds a PNG behind more than a page of newer WebP images", async () => {
    const owner = await createPerson(testDb.db, "Lister", []);
    const wanted = await storeAs(owner, await png("#123"));
    for (let i = 0; i < 41; i += 1) {
      await storeAs(owner, await sharp({ create: { width: 8 + i, height: 8, channels: 3, background: "#456" } }).webp().toBuffer(), "image/webp");
    }
    expect((await listAs(owner)).items.map((asset) => asset.id)).not.toContain(wanted.id);
    const filtered = await listAs(owner, `kind=input&mime=${encodeURIComponent("image/png,image/jpeg")}`);
    expect(filtered.items.map((asset) => asset.id)).toEqual([wanted.id]);
  });

  it("offers a chat turn's image once: the intermediate copy kept for replays is not a second pick", async () => {
    const owner = await createPerson(testDb.db, "Chatter", []);
    const conversation = await testDb.db.conversation.create({ data: { ownerId: owner.id, title: "Lantern" } });
    const turn = await testDb.db.turn.create({ data: { conversationId: conversation.id, userText: "A lantern", params: {}, requestMessages: [] } });
    const final = await storeAs(owner, await png("#a1b"));
    const intermediate = await storeAs(owner, await png("#a1b"));
    await testDb.db.asset.update({ where: { id: final.id }, data: { kind: "image", turnId: turn.id, position: 0 } });
    await testDb.db.asset.update({ where: { id: intermediate.id }, data: { kind: "image", turnId: turn.id, position: 1 } });
    expect((await listAs(owner, "kind=image,input")).items.map((asset) => asset.id)).toEqual([final.id]);
  });

  it.each(["text/html", "constructor", "image/png,__proto__"])("refuses mime=%s, naming the field", async (mime) => {
    session.user = viewers.owner;
    const response = await listRoute(new Request(`http://studio.test/api/assets?mime=${encodeURIComponent(mime)}`), { params: Promise.resolve({}) });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: "validation_failed", fields: [{ field: expect.stringMatching(/^mime/) }] });
  });
});
