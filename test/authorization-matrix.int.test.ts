import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as assetRoute } from "@/app/api/assets/[id]/route";
import { POST as forkRoute } from "@/app/api/chat/conversations/[id]/fork/route";
import { GET as conversationRoute, PATCH as renameRoute } from "@/app/api/chat/conversations/[id]/route";
import { POST as turnsRoute } from "@/app/api/chat/conversations/[id]/turns/route";
import { GET as selectionDownloadRoute } from "@/app/api/gallery/download/route";
import { GET as itemDownloadRoute } from "@/app/api/gallery/items/[id]/download/route";
import { GET as reuseRoute } from "@/app/api/gallery/items/[id]/reuse/route";
import { DELETE as deleteItemRoute, GET as itemRoute } from "@/app/api/gallery/items/[id]/route";
import { PUT as shareRoute } from "@/app/api/gallery/items/[id]/share/route";
import { PATCH as memberRoleRoute } from "@/app/api/teams/[id]/members/[userId]/route";
import { PATCH as renameTeamRoute } from "@/app/api/teams/[id]/route";
import { POST as createTeamRoute } from "@/app/api/teams/route";
import { POST as cancelVideoRoute } from "@/app/api/videos/[id]/cancel/route";
import { DELETE as deleteVideoRoute, GET as videoRoute } from "@/app/api/videos/[id]/route";
import { storeImage } from "@/lib/assets/store-image";
import type { CurrentUser } from "@/lib/auth/current-user";
import type { GalleryKind } from "@/lib/gallery/gallery-rules";
import type { Asset } from "@/lib/generated/prisma/client";
import { loadSettings } from "@/lib/settings";
import { videoFormSchema } from "@/lib/videos/video-schemas";
import { createTestDb, type TestDb } from "./db";
import { session } from "./session-double";
import { createEntry, createPerson } from "./team-people";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// Every item route called as each kind of viewer, against the status each must get.
// A owns every entry and shares it with team T; B is A's teammate in T; C is in another team U; D is
// in no team; E is a site admin outside T; and nobody is signed in. Everyone who may not see an entry
// is told it does not exist (404), never that it does (403); those who may see it but not change it
// get 403. The route handlers run as `session.user`; everything below them is real (database, blobs).

const VIEWERS = ["owner", "teammate", "other team", "outsider", "admin", "signed out"] as const;
type Viewer = (typeof VIEWERS)[number];
type Statuses = Record<Viewer, number>;

const read: Statuses = { owner: 200, teammate: 200, "other team": 404, outsider: 404, admin: 200, "signed out": 401 };
const privateRead: Statuses = { ...read, teammate: 404 };
const fork: Statuses = { owner: 201, teammate: 201, "other team": 404, outsider: 404, admin: 201, "signed out": 401 };
const privateFork: Statuses = { ...fork, teammate: 404 };
/** Share and unshare are the owner's; a conversation's or a video job's own changes too. */
const ownerOnly: Statuses = { owner: 200, teammate: 403, "other team": 404, outsider: 404, admin: 403, "signed out": 401 };
const privateOwnerOnly: Statuses = { ...ownerOnly, teammate: 404 };
/** Delete is the owner's or a site admin's. */
const remove: Statuses = { owner: 200, teammate: 403, "other team": 404, outsider: 404, admin: 200, "signed out": 401 };
const privateRemove: Statuses = { ...remove, teammate: 404 };

type Entry = { id: string; kind: GalleryKind; cover: string; teamId: string | null; conversationId?: string; turnId?: string; videoJobId?: string };
type Call = (entry: Entry) => Promise<Response>;

let dataDir: string;
let testDb: TestDb;
const people = {} as Record<Exclude<Viewer, "signed out">, CurrentUser>;
const teams = {} as Record<"T" | "U", { id: string; name: string }>;
let image: Pick<Asset, "storageKey" | "sha256" | "mime" | "width" | "height" | "bytes" | "thumbnailKey">;

function request(url: string, method = "GET", json?: unknown): Request {
  return new Request(`http://studio.test${url}`, {
    method,
    ...(json === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) }),
  });
}
const params = <P>(value: P) => ({ params: Promise.resolve(value) });

// ---- the routes, each as one call on an entry ----
const itemRoutes: Record<string, Call> = {
  "GET /api/gallery/items/[id]": (entry) => itemRoute(request(`/api/gallery/items/${entry.id}`), params({ id: entry.id })),
  "GET /api/assets/[cover] (bytes)": (entry) => assetRoute(request(`/api/assets/${entry.cover}`), params({ id: entry.cover })),
  "GET /api/assets/[cover]?variant=thumb": (entry) => assetRoute(request(`/api/assets/${entry.cover}?variant=thumb`), params({ id: entry.cover })),
  "GET /api/assets/[cover]?download=1": (entry) => assetRoute(request(`/api/assets/${entry.cover}?download=1`), params({ id: entry.cover })),
  "GET /api/gallery/items/[id]/download": (entry) => itemDownloadRoute(request(`/api/gallery/items/${entry.id}/download`), params({ id: entry.id })),
  "GET /api/gallery/download?ids=[id]": (entry) => selectionDownloadRoute(request(`/api/gallery/download?ids=${entry.id}`), params({})),
  "GET /api/gallery/items/[id]/reuse": (entry) => reuseRoute(request(`/api/gallery/items/${entry.id}/reuse`), params({ id: entry.id })),
  // The entry's own team again: the call changes nothing whoever is allowed to make it.
  "PUT /api/gallery/items/[id]/share": (entry) => shareRoute(request(`/api/gallery/items/${entry.id}/share`, "PUT", { teamId: entry.teamId }), params({ id: entry.id })),
};
const conversationRoutes: Record<string, Call> = {
  "GET /api/chat/conversations/[id]": (entry) => conversationRoute(request(`/api/chat/conversations/${entry.conversationId}`), params({ id: entry.conversationId! })),
  "POST /api/chat/conversations/[id]/fork": (entry) =>
    forkRoute(request(`/api/chat/conversations/${entry.conversationId}/fork`, "POST", { turnId: entry.turnId }), params({ id: entry.conversationId! })),
  "PATCH /api/chat/conversations/[id]": (entry) =>
    renameRoute(request(`/api/chat/conversations/${entry.conversationId}`, "PATCH", { title: "A lighthouse at dusk" }), params({ id: entry.conversationId! })),
};
const videoRoutes: Record<string, Call> = {
  "GET /api/videos/[id]": (entry) => videoRoute(request(`/api/videos/${entry.videoJobId}`), params({ id: entry.videoJobId! })),
  // A ready job: the owner's cancel answers the job as it is, without the video service.
  "POST /api/videos/[id]/cancel": (entry) => cancelVideoRoute(request(`/api/videos/${entry.videoJobId}/cancel`, "POST"), params({ id: entry.videoJobId! })),
};

const png = (background: string) => sharp({ create: { width: 48, height: 32, channels: 3, background } }).png().toBuffer();

/** One more asset row of A's over the stored image's blob (blobs are content-addressed). */
async function assetOfA(kind: "image" | "layer" | "video" | "input", extra: { turnId?: string; generationId?: string; position?: number } = {}) {
  const blob = { storageKey: image.storageKey, sha256: image.sha256, mime: image.mime, width: image.width, height: image.height, bytes: image.bytes, thumbnailKey: image.thumbnailKey };
  return testDb.db.asset.create({ data: { ...blob, kind, ...(kind === "video" ? { mime: "video/mp4", durationMs: 4000 } : {}), ownerId: people.owner.id, teamId: teams.T.id, ...extra } });
}

/** An entry of A's of `kind`, with what its routes read: its generation, conversation and turn, or video job. */
async function entryOfA(kind: GalleryKind, teamId: string | null): Promise<Entry> {
  const { db } = testDb;
  const owner = people.owner;
  if (kind === "conversation") {
    const conversation = await db.conversation.create({ data: { ownerId: owner.id, teamId: teams.T.id, title: "Lighthouse edits" } });
    const turn = await db.turn.create({
      data: {
        conversationId: conversation.id,
        userText: "a lighthouse at dusk",
        params: { size: "auto", seed: "7", seedWasRandom: false, footnote: null, resizeMaxPixels: null, useSearchTool: false, images: [] },
        requestMessages: [{ role: "user", content: [{ type: "text", text: "a lighthouse at dusk" }] }],
        assembledHistory: [],
        status: "succeeded",
        tokens: 120,
        requestId: "req-matrix",
        completedAt: new Date(),
      },
    });
    const output = await assetOfA("image", { turnId: turn.id });
    const item = await createEntry(db, owner, { kind, teamId, outputs: [output.id], conversationId: conversation.id });
    return { id: item.id, kind, cover: output.id, teamId, conversationId: conversation.id, turnId: turn.id };
  }
  if (kind === "video") {
    const video = await assetOfA("video");
    const job = await db.videoJob.create({
      data: {
        ownerId: owner.id,
        teamId: teams.T.id,
        correlationId: crypto.randomUUID(),
        task: "t2va",
        prompt: "a lighthouse at dusk",
        status: "ready",
        params: videoFormSchema.parse({ task: "t2va", prompt: "a lighthouse at dusk" }),
        assetId: video.id,
        completedAt: new Date(),
        archivedAt: new Date(),
        nextPollAt: null,
      },
    });
    const item = await createEntry(db, owner, { kind, teamId, outputs: [video.id], videoJobId: job.id });
    return { id: item.id, kind, cover: video.id, teamId, videoJobId: job.id };
  }
  const beta = kind !== "image";
  const generation = await db.generation.create({
    data: {
      ownerId: owner.id,
      teamId: teams.T.id,
      kind: beta ? "beta" : "alpha_v3",
      model: beta ? "beta-image-v5.0-pro" : "alpha-image-v3",
      prompt: "a lighthouse at dusk",
      params: { prompt: "a lighthouse at dusk", size: "auto" },
      status: "succeeded",
      tokens: 80,
      completedAt: new Date(),
    },
  });
  const count = kind === "image" ? 1 : 3;
  const outputs: string[] = [];
  for (let position = 0; position < count; position += 1) {
    outputs.push((await assetOfA(kind === "layer_set" && position > 0 ? "layer" : "image", { generationId: generation.id, position })).id);
  }
  const item = await createEntry(db, owner, { kind, teamId, outputs, generationId: generation.id });
  return { id: item.id, kind, cover: outputs[0], teamId };
}

const entries = {} as Record<string, Entry>;
const SHARED_KINDS: GalleryKind[] = ["image", "layer_set", "group_set", "video", "conversation"];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-authorization-matrix-"));
  process.env.STUDIO_DATA_DIR = dataDir;
  loadSettings();
  testDb = await createTestDb();
  const { db } = testDb;
  teams.T = await db.team.create({ data: { name: "Team T" }, select: { id: true, name: true } });
  teams.U = await db.team.create({ data: { name: "Team U" }, select: { id: true, name: true } });
  people.owner = await createPerson(db, "A (owner)", [teams.T]);
  people.teammate = await createPerson(db, "B (teammate)", [teams.T]);
  people["other team"] = await createPerson(db, "C (team U)", [teams.U]);
  people.outsider = await createPerson(db, "D (no team)", []);
  people.admin = await createPerson(db, "E (site admin)", [], "admin");
  image = await storeImage({
    source: Readable.from([await png("#2a6")]),
    ownerId: people.owner.id,
    teamId: teams.T.id,
    kind: "image",
    allowedMimes: ["image/png"],
    maxBytes: 10_000_000,
    decode: "before-row",
  });
  for (const kind of SHARED_KINDS) entries[`shared ${kind}`] = await entryOfA(kind, teams.T.id);
  entries["private image"] = await entryOfA("image", null);
  entries["private conversation"] = await entryOfA("conversation", null);
  entries["private video"] = await entryOfA("video", null);
});

afterAll(async () => {
  await testDb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function actAs(viewer: Viewer) {
  session.user = viewer === "signed out" ? undefined : people[viewer];
}

type Row = { route: string; entry: string; viewer: Viewer; status: number; call: Call };

/** One row per (route, entry, viewer): the table the issue asks for, written as data. */
function rows(entryNames: string[], routes: Record<string, Call>, statuses: (route: string) => Statuses): Row[] {
  return entryNames.flatMap((entry) =>
    Object.entries(routes).flatMap(([route, call]) => VIEWERS.map((viewer) => ({ route, entry, viewer, status: statuses(route)[viewer], call }))),
  );
}

const sharedNames = SHARED_KINDS.map((kind) => `shared ${kind}`);
const matrix: Row[] = [
  ...rows(sharedNames, itemRoutes, (route) => (route.startsWith("PUT") ? ownerOnly : read)),
  ...rows(["private image", "private conversation", "private video"], itemRoutes, (route) => (route.startsWith("PUT") ? privateOwnerOnly : privateRead)),
  ...rows(["shared conversation"], conversationRoutes, (route) => (route.includes("fork") ? fork : route.startsWith("PATCH") ? ownerOnly : read)),
  ...rows(["private conversation"], conversationRoutes, (route) => (route.includes("fork") ? privateFork : route.startsWith("PATCH") ? privateOwnerOnly : privateRead)),
  ...rows(["shared video"], videoRoutes, (route) => (route.startsWith("POST") ? ownerOnly : read)),
  ...rows(["private video"], videoRoutes, (route) => (route.startsWith("POST") ? privateOwnerOnly : privateRead)),
];

describe("the authorization matrix of every item route", () => {
  it.each(matrix)("$route on the $entry as $viewer → $status", async ({ entry, viewer, status, call }) => {
    actAs(viewer);
    const response = await call(entries[entry]);
    expect(response.status).toBe(status);
    if (status === 404) expect((await response.json()).error.code).toBe("not_found");
    if (status === 403) expect((await response.json()).error.code).toBe("forbidden");
  });
});

// Destructive routes: each row acts on an entry (or a job) of its own, made for it.
const destructive: Record<string, { make: (teamId: string | null) => Promise<Entry>; call: Call; shared: Statuses; private: Statuses }> = {
  "DELETE /api/gallery/items/[id] (image)": {
    make: (teamId) => entryOfA("image", teamId),
    call: (entry) => deleteItemRoute(request(`/api/gallery/items/${entry.id}`, "DELETE"), params({ id: entry.id })),
    shared: remove,
    private: privateRemove,
  },
  "DELETE /api/gallery/items/[id] (conversation)": {
    make: (teamId) => entryOfA("conversation", teamId),
    call: (entry) => deleteItemRoute(request(`/api/gallery/items/${entry.id}`, "DELETE"), params({ id: entry.id })),
    shared: remove,
    private: privateRemove,
  },
  "DELETE /api/gallery/items/[id] (video)": {
    make: (teamId) => entryOfA("video", teamId),
    call: (entry) => deleteItemRoute(request(`/api/gallery/items/${entry.id}`, "DELETE"), params({ id: entry.id })),
    shared: remove,
    private: privateRemove,
  },
  // The videos page's own delete stays the owner's (the gallery's is where an admin deletes).
  "DELETE /api/videos/[id]?archive=keep": {
    make: (teamId) => entryOfA("video", teamId),
    call: (entry) => deleteVideoRoute(request(`/api/videos/${entry.videoJobId}?archive=keep`, "DELETE"), params({ id: entry.videoJobId! })),
    shared: ownerOnly,
    private: privateOwnerOnly,
  },
};
const destructiveRows = Object.entries(destructive).flatMap(([route, spec]) =>
  (["shared", "private"] as const).flatMap((sharing) => VIEWERS.map((viewer) => ({ route, sharing, viewer, status: spec[sharing][viewer] }))),
);

describe("the authorization matrix of the deleting routes", () => {
  it.each(destructiveRows)("$route on a $sharing entry as $viewer → $status", async ({ route, sharing, viewer, status }) => {
    const spec = destructive[route];
    const entry = await spec.make(sharing === "shared" ? teams.T.id : null);
    actAs(viewer);
    expect((await spec.call(entry)).status).toBe(status);
    const left = await testDb.db.galleryItem.findUnique({ where: { id: entry.id } });
    if (route.startsWith("DELETE /api/gallery")) expect(left === null).toBe(status === 200);
    else expect(left).not.toBeNull();
  });
});

describe("a shared conversation and video job are read-only for whoever is not the owner", () => {
  it("says so in the conversation it answers, with the owner and the team", async () => {
    actAs("teammate");
    const { conversation } = await (await conversationRoutes["GET /api/chat/conversations/[id]"](entries["shared conversation"])).json();
    expect(conversation).toMatchObject({
      readOnly: true,
      owner: { id: people.owner.id, name: "A (owner)" },
      sharedWith: { id: teams.T.id, name: "Team T" },
      galleryItemId: entries["shared conversation"].id,
    });
    actAs("owner");
    expect((await (await conversationRoutes["GET /api/chat/conversations/[id]"](entries["shared conversation"])).json()).conversation.readOnly).toBe(false);
  });

  it("refuses a teammate's new turn with 403 and an outsider's with 404, writing no turn", async () => {
    const entry = entries["shared conversation"];
    const before = await testDb.db.turn.count({ where: { conversationId: entry.conversationId } });
    const send = () =>
      turnsRoute(request(`/api/chat/conversations/${entry.conversationId}/turns`, "POST", { text: "make it night", images: [], parentTurnId: entry.turnId }), params({ id: entry.conversationId! }));
    actAs("teammate");
    expect((await send()).status).toBe(403);
    actAs("outsider");
    expect((await send()).status).toBe(404);
    expect(await testDb.db.turn.count({ where: { conversationId: entry.conversationId } })).toBe(before);
  });
});

describe("no mass assignment — owner, team and role never come from a request body", () => {
  it("PUT share with ownerId or role beside teamId: 400 naming the body, the entry unchanged", async () => {
    const entry = entries["shared image"];
    actAs("owner");
    const response = await shareRoute(
      request(`/api/gallery/items/${entry.id}/share`, "PUT", { teamId: null, ownerId: people["other team"].id, role: "admin" }),
      params({ id: entry.id }),
    );
    expect(response.status).toBe(400);
    expect(await testDb.db.galleryItem.findUnique({ where: { id: entry.id }, select: { ownerId: true, teamId: true } })).toEqual({ ownerId: people.owner.id, teamId: teams.T.id });
  });

  it("PATCH a conversation with ownerId and teamId: only the title changes", async () => {
    const entry = entries["shared conversation"];
    actAs("owner");
    const response = await renameRoute(
      request(`/api/chat/conversations/${entry.conversationId}`, "PATCH", { title: "Renamed lighthouse", ownerId: people["other team"].id, teamId: teams.U.id }),
      params({ id: entry.conversationId! }),
    );
    expect([200, 400]).toContain(response.status);
    const row = await testDb.db.conversation.findUniqueOrThrow({ where: { id: entry.conversationId } });
    expect({ ownerId: row.ownerId, teamId: row.teamId }).toEqual({ ownerId: people.owner.id, teamId: teams.T.id });
  });

  it("POST fork with ownerId or teamId: 400, no conversation made; a plain fork is the caller's, in their active team", async () => {
    const entry = entries["shared conversation"];
    actAs("teammate");
    const count = () => testDb.db.conversation.count();
    const before = await count();
    const forkWith = (body: object) => forkRoute(request(`/api/chat/conversations/${entry.conversationId}/fork`, "POST", body), params({ id: entry.conversationId! }));
    const refused = await forkWith({ turnId: entry.turnId, ownerId: people.owner.id, teamId: teams.U.id });
    expect(refused.status).toBe(400);
    expect(await count()).toBe(before);
    const made = await forkWith({ turnId: entry.turnId });
    expect(made.status).toBe(201);
    const { conversation } = await made.json();
    expect(await testDb.db.conversation.findUniqueOrThrow({ where: { id: conversation.id }, select: { ownerId: true, teamId: true } })).toEqual({
      ownerId: people.teammate.id,
      teamId: teams.T.id,
    });
  });

  it("POST /api/teams and PATCH a team with ownerId or role: 400, nothing created or changed", async () => {
    actAs("teammate");
    const teamsBefore = await testDb.db.team.count();
    const created = await createTeamRoute(request("/api/teams", "POST", { name: "Hijack", ownerId: people.owner.id, role: "owner" }), params({}));
    expect(created.status).toBe(400);
    expect(await testDb.db.team.count()).toBe(teamsBefore);
    const renamed = await renameTeamRoute(request(`/api/teams/${teams.T.id}`, "PATCH", { name: "Renamed", ownerId: people.teammate.id }), params({ id: teams.T.id }));
    expect(renamed.status).toBe(400);
    expect((await testDb.db.team.findUniqueOrThrow({ where: { id: teams.T.id } })).name).toBe("Team T");
    const promoted = await memberRoleRoute(
      request(`/api/teams/${teams.T.id}/members/${people.teammate.id}`, "PATCH", { role: "owner", teamId: teams.U.id }),
      params({ id: teams.T.id, userId: people.teammate.id }),
    );
    expect(promoted.status).toBe(400);
    const membership = await testDb.db.membership.findFirstOrThrow({ where: { userId: people.teammate.id, teamId: teams.T.id } });
    expect(membership.role).toBe("member");
  });
});
