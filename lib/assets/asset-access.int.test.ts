import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadSettings } from "@/lib/settings";
import type { CurrentUser } from "@/lib/auth/current-user";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { GET as metaRoute } from "@/app/api/assets/[id]/meta/route";
import { GET as assetRoute } from "@/app/api/assets/[id]/route";
import { GET as listRoute } from "@/app/api/assets/route";
import { storeGeneratedImage } from "@/lib/images/store-result";
import { createTestDb, type TestDb } from "@/test/db";
import { session } from "@/test/session-double";
import { listVisibleAssets } from "./list-assets";
import { storeImage } from "./store-image";
import { visibilityTable, type ViewerRole } from "./test-support";

// The route handlers run as whoever `session.user` is; everything below them is the real thing.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

let dataDir: string;
let testDb: TestDb;
const viewers = {} as Record<ViewerRole, CurrentUser>;
const items = {} as Record<"private" | "team", string>;

async function createUser(db: PrismaClient, teamId: string | null, role: CurrentUser["role"] = "member"): Promise<CurrentUser> {
  const user = await db.user.create({
    data: {
      email: `${crypto.randomUUID()}@test.local`,
      name: "Test user",
      passwordHash: "not-a-hash",
      role,
      ...(teamId ? { memberships: { create: { teamId } } } : {}),
    },
  });
  return { id: user.id, email: user.email, name: user.name, role, teamIds: teamId ? [teamId] : [], sessionId: `session-${user.id}` };
}

const png = (background: string, width = 64) => sharp({ create: { width, height: 48, channels: 3, background } }).png().toBuffer();

async function storeAs(owner: CurrentUser, bytes: Buffer, options: { visibility?: "private" | "team"; mime?: "image/png" | "image/webp" } = {}) {
  return storeImage({
    source: Readable.from([bytes]),
    ownerId: owner.id,
    teamId: owner.teamIds[0] ?? null,
    kind: "input",
    allowedMimes: [options.mime ?? "image/png"],
    maxBytes: 10_000_000,
    visibility: options.visibility,
    decode: "before-row",
  });
}

const call = (handler: typeof assetRoute, url: string, params: { id: string }, method = "GET") =>
  handler(new Request(`http://studio.test${url}`, { method }), { params: Promise.resolve(params) });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-asset-access-"));
  process.env.STUDIO_DATA_DIR = dataDir;
  loadSettings();
  testDb = await createTestDb();
  const { db } = testDb;
  const [teamA, teamB] = await Promise.all([db.team.create({ data: { name: "Team A" } }), db.team.create({ data: { name: "Team B" } })]);
  viewers.owner = await createUser(db, teamA.id);
  viewers.teammate = await createUser(db, teamA.id);
  viewers["other team's member"] = await createUser(db, teamB.id);
  viewers["stranger with no team"] = await createUser(db, null);
  viewers["site admin of another team"] = await createUser(db, teamB.id, "admin");
  items.private = (await storeAs(viewers.owner, await png("#c03"), { visibility: "private" })).id;
  items.team = (await storeAs(viewers.owner, await png("#0c3"), { visibility: "team" })).id;
});

afterAll(async () => {
  await testDb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const cases = visibilityTable.flatMap((row) => (["private", "team"] as const).map((visibility) => ({ ...row, visibility, expected: row[visibility] })));

describe("issue 7 finding 6: results are team-visible by default — listVisibleAssets follows visibility exactly", () => {
  it.each(cases)("$viewer, $visibility item → listed: $expected", async ({ viewer, visibility, expected }) => {
    const { items: listed } = await listVisibleAssets(viewers[viewer], { kinds: ["input"] });
    expect(listed.some((asset) => asset.id === items[visibility])).toBe(expected);
  });
});

describe("issue 7 finding 6: results are team-visible by default — every asset route follows visibility", () => {
  it.each(cases)("$viewer, $visibility item → list, bytes, thumbnail, download and meta all answer as $expected", async ({ viewer, visibility, expected }) => {
    session.user = viewers[viewer];
    const id = items[visibility];
    const listed = (await (await listRoute(new Request("http://studio.test/api/assets?kind=input"), { params: Promise.resolve({}) })).json()) as { items: { id: string }[] };
    expect(listed.items.some((asset) => asset.id === id)).toBe(expected);
    const status = expected ? 200 : 404;
    // Next answers HEAD with the GET handler when a route exports no HEAD of its own (these don't).
    for (const method of ["GET", "HEAD"]) {
      expect((await call(assetRoute, `/api/assets/${id}`, { id }, method)).status).toBe(status);
      expect((await call(assetRoute, `/api/assets/${id}?variant=thumb`, { id }, method)).status).toBe(status);
      expect((await call(assetRoute, `/api/assets/${id}?download=1`, { id }, method)).status).toBe(status);
      expect((await call(metaRoute, `/api/assets/${id}/meta`, { id }, method)).status).toBe(status);
    }
  });

  it("the asset routes export no HEAD of their own, so HEAD runs the same checks as GET", async () => {
    expect(Object.keys(await import("@/app/api/assets/[id]/route"))).toEqual(["GET"]);
    expect(Object.keys(await import("@/app/api/assets/[id]/meta/route"))).toEqual(["GET"]);
    expect(Object.keys(await import("@/app/api/assets/route"))).toEqual(["GET"]);
  });

  it("a generated result is stored private: its owner's teammates neither list nor open it", async () => {
    const bytes = await png("#36c", 96);
    const client = { downloadResult: <T>(_url: string, { consume }: { consume: (body: ReadableStream<Uint8Array>) => Promise<T> }) => consume(new Response(new Uint8Array(bytes)).body!) };
    const result = await storeGeneratedImage({ client, url: "https://upstream.test/result.png", ownerId: viewers.owner.id, teamId: viewers.owner.teamIds[0] });
    expect(result.visibility).toBe("private");
    const { items: teammateSees } = await listVisibleAssets(viewers.teammate, { kinds: ["image"] });
    expect(teammateSees.map((asset) => asset.id)).not.toContain(result.id);
    session.user = viewers.teammate;
    expect((await call(assetRoute, `/api/assets/${result.id}`, { id: result.id })).status).toBe(404);
  });
});

describe("issue 7 finding 6: the asset list filters by type in the query", () => {
  it("finds a PNG behind more than a page of newer WebP images", async () => {
    const owner = await createUser(testDb.db, null);
    const wanted = await storeAs(owner, await png("#123"));
    for (let i = 0; i < 41; i += 1) {
      await storeAs(owner, await sharp({ create: { width: 8 + i, height: 8, channels: 3, background: "#456" } }).webp().toBuffer(), { mime: "image/webp" });
    }
    session.user = owner;
    const list = async (query: string) =>
      (await (await listRoute(new Request(`http://studio.test/api/assets?${query}`), { params: Promise.resolve({}) })).json()) as { items: { id: string; mime: string }[] };
    expect((await list("kind=input")).items.map((asset) => asset.id)).not.toContain(wanted.id);
    const filtered = await list(`kind=input&mime=${encodeURIComponent("image/png,image/jpeg")}`);
    expect(filtered.items.map((asset) => asset.id)).toEqual([wanted.id]);
  });

  it.each(["text/html", "constructor", "image/png,__proto__"])("refuses mime=%s, naming the field", async (mime) => {
    session.user = viewers.owner;
    const response = await listRoute(new Request(`http://studio.test/api/assets?mime=${encodeURIComponent(mime)}`), { params: Promise.resolve({}) });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: "validation_failed", fields: [{ field: expect.stringMatching(/^mime/) }] });
  });
});
