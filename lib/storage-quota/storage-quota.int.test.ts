import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { PATCH as defaultsRoute } from "@/app/api/admin/storage-quotas/route";
import { PUT as teamQuotaRoute } from "@/app/api/admin/teams/[id]/storage-quota/route";
import { PUT as userQuotaRoute } from "@/app/api/admin/users/[id]/storage-quota/route";
import { POST as uploadRoute } from "@/app/api/uploads/route";
import type { CurrentUser } from "@/lib/auth/types";
import { listAllTeams } from "@/lib/teams/teams";
import { session } from "@/test/session-double";
import { uploadRequest, useSessionStorage } from "@/test/session-storage";
import { createPerson } from "@/test/team-people";
import { listUsersWithStorage } from "./admin-quotas";
import { accountStorage } from "./storage-use";

// Storage quotas end to end below HTTP: the upload route, the admin routes and the account's
// storage, run as `session.user` over a real database and blob store. Each test makes its own people
// and teams, so the quotas one sets bind no other.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

const storage = useSessionStorage("storage-quota");
const db = () => storage.testDb.db;

let people = 0;

/** A person in a team of their own (or in `team`), signed in as the session's user. */
async function signIn(options: { role?: CurrentUser["role"]; team?: { id: string; name: string } } = {}): Promise<CurrentUser> {
  people += 1;
  const team = options.team ?? (await db().team.create({ data: { name: `Team ${people}` } }));
  const person = await createPerson(db(), `Person ${people}`, [team], options.role);
  session.user = person;
  return person;
}

/** Bytes already stored by `owner` in `teamId`: a row is all usage counts. */
function alreadyStored(owner: CurrentUser, bytes: number, teamId = owner.activeTeamId) {
  return db().asset.create({ data: { kind: "image", storageKey: `fake-${crypto.randomUUID()}`, sha256: "0".repeat(64), mime: "image/png", bytes: BigInt(bytes), ownerId: owner.id, teamId } });
}

function setUserQuota(user: CurrentUser, bytes: number | null) {
  return db().user.update({ where: { id: user.id }, data: { storageQuotaBytes: bytes === null ? null : BigInt(bytes) } });
}

/** A PNG of noise (it does not compress) whose bytes differ with `seed`. */
function noisePng(side: number, seed: number): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128 + seed, sigma: 60 } } })
    .png()
    .toBuffer();
}

function upload(body: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string> = {}, purpose = "beta") {
  return uploadRoute(uploadRequest(`http://studio.test/api/uploads?purpose=${purpose}`, body, { "content-type": "image/png", ...headers }), { params: Promise.resolve({}) });
}

/** A body that counts the chunks read from it. */
function countedBody(chunk: Uint8Array, chunks: number) {
  const body = { reads: 0, stream: undefined as unknown as ReadableStream<Uint8Array> };
  body.stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        body.reads += 1;
        if (body.reads > chunks) controller.close();
        else controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return body;
}

/** `bytes` as a stream that declares no length (a chunked body). */
function chunked(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

type Refusal = { code: string; message: string; fields?: { field: string; message: string }[] };

async function refusal(response: Response): Promise<Refusal> {
  return ((await response.json()) as { error: Refusal }).error;
}

function jsonRequest(url: string, method: string, body: unknown) {
  return new Request(url, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
}

function putUserQuota(userId: string, body: unknown) {
  return userQuotaRoute(jsonRequest(`http://studio.test/api/admin/users/${userId}/storage-quota`, "PUT", body), { params: Promise.resolve({ id: userId }) });
}

function putTeamQuota(teamId: string, body: unknown) {
  return teamQuotaRoute(jsonRequest(`http://studio.test/api/admin/teams/${teamId}/storage-quota`, "PUT", body), { params: Promise.resolve({ id: teamId }) });
}

function patchDefaults(body: unknown) {
  return defaultsRoute(jsonRequest("http://studio.test/api/admin/storage-quotas", "PATCH", body), { params: Promise.resolve({}) });
}

describe("uploads within the storage quotas", () => {
  it("an upload past the person's quota → 413 storage_quota_exceeded naming the quota, used and limit; not a byte read, no row, no blob", async () => {
    const user = await signIn();
    await setUserQuota(user, 1_000_000);
    await alreadyStored(user, 900_000);
    const before = await storage.stored();
    const body = countedBody(new Uint8Array(50_000), 4);
    const response = await upload(body.stream, { "content-length": "200000" });
    expect(response.status).toBe(413);
    expect(await refusal(response)).toEqual({
      code: "storage_quota_exceeded",
      message: "Your storage quota has no room for 200 KB more: 900 KB of 1 MB used. Delete work you no longer need from the gallery, or ask a site admin for a larger quota.",
      fields: [{ field: "file", message: "does not fit in your storage quota: 900 KB of 1 MB used" }],
      requestId: expect.any(String),
    });
    expect(body.reads).toBe(0);
    expect(await storage.stored()).toEqual(before);
  });

  it("under the quota an upload is stored, and counts toward the person and the team", async () => {
    const user = await signIn();
    await setUserQuota(user, 10_000_000);
    const png = await noisePng(200, 1);
    const response = await upload(png);
    expect(response.status).toBe(201);
    const { asset } = (await response.json()) as { asset: { bytes: number } };
    expect(asset.bytes).toBe(png.length);
    expect(await accountStorage(user)).toEqual({
      user: { usedBytes: png.length, limitBytes: 10_000_000 },
      team: { name: user.teams[0].name, usedBytes: png.length, limitBytes: null },
    });
  });

  it("a body that declares no length is refused when its row would pass the quota, and its bytes are removed", async () => {
    const user = await signIn();
    const png = await noisePng(200, 2);
    await setUserQuota(user, png.length - 1);
    const before = await storage.stored();
    const response = await upload(chunked(png), { "transfer-encoding": "chunked" });
    expect(response.status).toBe(413);
    expect((await refusal(response)).code).toBe("storage_quota_exceeded");
    expect(await storage.stored()).toEqual(before);
  });

  it("a full quota refuses even a body of unknown length before reading it", async () => {
    const user = await signIn();
    await setUserQuota(user, 500_000);
    await alreadyStored(user, 500_000);
    const body = countedBody(new Uint8Array(50_000), 4);
    const response = await upload(body.stream, { "transfer-encoding": "chunked" });
    expect(response.status).toBe(413);
    expect((await refusal(response)).message).toMatch(/^Your storage quota is full: 500 KB of 500 KB used\./);
    expect(body.reads).toBe(0);
  });

  it("the active team's quota binds too, and is named; a former member's files stop counting", async () => {
    const teammate = await signIn();
    const team = { id: teammate.activeTeamId!, name: teammate.teams[0].name };
    await db().team.update({ where: { id: team.id }, data: { storageQuotaBytes: 1_000_000n } });
    await alreadyStored(teammate, 950_000);
    const user = await signIn({ team });
    const png = await noisePng(200, 3);
    const before = await storage.stored();
    const response = await upload(png);
    expect(response.status).toBe(413);
    expect(await refusal(response)).toMatchObject({
      code: "storage_quota_exceeded",
      message: expect.stringMatching(new RegExp(`^The storage quota of team ${team.name} has no room for [\\d.]+ KB more: 950 KB of 1 MB used\\.`)),
    });
    expect(await storage.stored()).toEqual(before);

    await db().membership.delete({ where: { userId_teamId: { userId: teammate.id, teamId: team.id } } });
    expect((await accountStorage(user)).team).toEqual({ name: team.name, usedBytes: 0, limitBytes: 1_000_000 });
    expect((await upload(png)).status).toBe(201);
  });

  it("a video input past the quota is refused the same way", async () => {
    const user = await signIn();
    await setUserQuota(user, 0);
    const before = await storage.stored();
    const response = await upload(await noisePng(300, 4), {}, "video");
    expect(response.status).toBe(413);
    expect((await refusal(response)).code).toBe("storage_quota_exceeded");
    expect(await storage.stored()).toEqual(before);
  });

  it("two uploads at once with room for one: exactly one is stored", async () => {
    const user = await signIn();
    const [first, second] = await Promise.all([noisePng(200, 5), noisePng(200, 6)]);
    await setUserQuota(user, Math.max(first.length, second.length) + Math.floor(Math.min(first.length, second.length) / 2));
    const before = await storage.stored();
    const responses = await Promise.all([upload(first), upload(second)]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 413]);
    expect((await storage.stored()).rows).toBe(before.rows + 1);
    expect((await accountStorage(user)).user.usedBytes).toBeLessThanOrEqual((await accountStorage(user)).user.limitBytes!);
  });
});

describe("the admin sets quotas", () => {
  it("site defaults: none on a fresh install; an admin sets and clears them; a member gets 403", async () => {
    const member = await signIn();
    expect(await accountStorage(member)).toMatchObject({ user: { limitBytes: null }, team: { limitBytes: null } });
    const refused = await patchDefaults({ userStorageQuotaBytes: 1 });
    expect(refused.status).toBe(403);

    await signIn({ role: "admin" });
    const set = await patchDefaults({ userStorageQuotaBytes: 5_000_000_000, teamStorageQuotaBytes: 20_000_000_000 });
    expect(set.status).toBe(200);
    expect((await set.json()).defaults).toMatchObject({ userStorageQuotaBytes: 5_000_000_000, teamStorageQuotaBytes: 20_000_000_000 });
    expect(await accountStorage(member)).toMatchObject({ user: { limitBytes: 5_000_000_000 }, team: { limitBytes: 20_000_000_000 } });

    const cleared = await patchDefaults({ userStorageQuotaBytes: null, teamStorageQuotaBytes: null });
    expect((await cleared.json()).defaults).toMatchObject({ userStorageQuotaBytes: null, teamStorageQuotaBytes: null });
    expect(await accountStorage(member)).toMatchObject({ user: { limitBytes: null }, team: { limitBytes: null } });
  });

  it.each([
    [{ userStorageQuotaBytes: -1 }, "userStorageQuotaBytes", "must be at least 0 bytes"],
    [{ teamStorageQuotaBytes: "1 GB" }, "teamStorageQuotaBytes", "must be a number of bytes or null"],
    [{ userStorageQuotaBytes: 2e15 }, "userStorageQuotaBytes", "must be at most 1000000000000000 bytes (1 PB)"],
    [{}, "(body)", "Name at least one default: userStorageQuotaBytes or teamStorageQuotaBytes"],
    [{ openSignUp: true, userStorageQuotaBytes: 1 }, "(body)", 'Unrecognized key: "openSignUp"'],
  ])("defaults %j → 400 naming the field and the rule", async (body, field, message) => {
    await signIn({ role: "admin" });
    const response = await patchDefaults(body);
    expect(response.status).toBe(400);
    expect((await refusal(response)).fields).toEqual([{ field, message }]);
  });

  it("an admin sets and clears a person's own quota (the default applies again); a member gets 403 and nothing changes", async () => {
    const target = await signIn();
    await alreadyStored(target, 123_000);
    await signIn();
    const refused = await putUserQuota(target.id, { limitBytes: 1 });
    expect(refused.status).toBe(403);
    expect((await db().user.findUniqueOrThrow({ where: { id: target.id } })).storageQuotaBytes).toBeNull();

    await signIn({ role: "admin" });
    const set = await putUserQuota(target.id, { limitBytes: 2_000_000_000 });
    expect(set.status).toBe(200);
    expect((await set.json()).quota).toEqual({ id: target.id, storageQuotaBytes: 2_000_000_000, storageUsedBytes: 123_000 });
    expect((await listUsersWithStorage()).find((user) => user.id === target.id)).toMatchObject({ storageQuotaBytes: 2_000_000_000, storageUsedBytes: 123_000 });
    expect((await accountStorage(target)).user).toEqual({ usedBytes: 123_000, limitBytes: 2_000_000_000 });

    const cleared = await putUserQuota(target.id, { limitBytes: null });
    expect((await cleared.json()).quota).toMatchObject({ storageQuotaBytes: null });
    expect((await accountStorage(target)).user).toEqual({ usedBytes: 123_000, limitBytes: null });
  });

  it("an admin sets and clears a team's quota; a member gets 403", async () => {
    const owner = await signIn();
    const teamId = owner.activeTeamId!;
    await alreadyStored(owner, 40_000);
    expect((await putTeamQuota(teamId, { limitBytes: 1 })).status).toBe(403);

    const admin = await signIn({ role: "admin" });
    const set = await putTeamQuota(teamId, { limitBytes: 3_000_000 });
    expect(set.status).toBe(200);
    expect((await set.json()).quota).toEqual({ id: teamId, storageQuotaBytes: 3_000_000, storageUsedBytes: 40_000 });
    expect((await listAllTeams(admin)).find((team) => team.id === teamId)).toMatchObject({ storageQuotaBytes: 3_000_000, storageUsedBytes: 40_000 });
    expect((await accountStorage(owner)).team).toMatchObject({ usedBytes: 40_000, limitBytes: 3_000_000 });

    await putTeamQuota(teamId, { limitBytes: null });
    expect((await accountStorage(owner)).team).toMatchObject({ limitBytes: null });
  });

  it.each([
    [{}, "limitBytes", "must be a number of bytes or null"],
    [{ limitBytes: 1.5 }, "limitBytes", "must be a whole number of bytes"],
    [{ limitBytes: 1, bytes: 1 }, "(body)", 'Unrecognized key: "bytes"'],
  ])("a quota of %j → 400 naming the field and the rule", async (body, field, message) => {
    const target = await signIn();
    await signIn({ role: "admin" });
    const response = await putUserQuota(target.id, body);
    expect(response.status).toBe(400);
    expect((await refusal(response)).fields).toEqual([{ field, message }]);
  });

  it("a quota for someone or some team that does not exist → 404", async () => {
    await signIn({ role: "admin" });
    expect((await putUserQuota(crypto.randomUUID(), { limitBytes: 1 })).status).toBe(404);
    expect((await putTeamQuota(crypto.randomUUID(), { limitBytes: 1 })).status).toBe(404);
  });
});

describe("the account's storage", () => {
  it("shows the person's and the active team's use and limits, own quota before the site's default", async () => {
    const user = await signIn();
    await alreadyStored(user, 250_000);
    await alreadyStored(user, 50_000, null);
    await db().siteSettings.upsert({ where: { id: 1 }, create: { id: 1, teamStorageQuotaBytes: 7_000_000n }, update: { teamStorageQuotaBytes: 7_000_000n } });
    await setUserQuota(user, 1_000_000);
    try {
      expect(await accountStorage(user)).toEqual({
        user: { usedBytes: 300_000, limitBytes: 1_000_000 },
        team: { name: user.teams[0].name, usedBytes: 250_000, limitBytes: 7_000_000 },
      });
    } finally {
      await db().siteSettings.update({ where: { id: 1 }, data: { teamStorageQuotaBytes: null } });
    }
  });

  it("without a team, only the person's", async () => {
    people += 1;
    const loner = await createPerson(db(), `Loner ${people}`, []);
    expect(await accountStorage(loner)).toEqual({ user: { usedBytes: 0, limitBytes: null }, team: null });
  });
});
