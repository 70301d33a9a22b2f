import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PUT as putQueueCaps } from "@/app/api/admin/queue-caps/route";
import { POST as postAlpha } from "@/app/api/alpha/v3/generations/route";
import type { CurrentUser } from "@/lib/auth/current-user";
import { waitForJob } from "@/test/jobs";
import { session } from "@/test/session-double";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createTestUser } from "@/test/users";

vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// Above every set these tests start, so only the role's cap can refuse them.
process.env.USER_MAX_RUNNING_GENERATIONS = "10";

// The admin caps how many image jobs, running or waiting, one person of each site role may have; a
// start past it is refused whole, nothing of it written.
const context = useStudioTestContext();
const db = () => context.testDb.db;
let admin: CurrentUser;
let member: CurrentUser;

beforeEach(async () => {
  admin = await createTestUser(db(), "admin");
  member = await createTestUser(db());
});
afterAll(async () => {
  await db().siteSettings.update({ where: { id: 1 }, data: { queuedJobCapAdmin: null, queuedJobCapMember: null } });
});

const json = (url: string, method: string, body: unknown) =>
  new Request(url, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const setCaps = (caps: unknown) => putQueueCaps(json("http://studio.test/api/admin/queue-caps", "PUT", caps), { params: Promise.resolve({}) });
const alpha = (variations: number) => postAlpha(json("http://studio.test/api/alpha/v3/generations", "POST", { prompt: "capped lanterns", revise: false, variations }), { params: Promise.resolve({}) });
const endAll = (jobs: { id: string }[]) => Promise.all(jobs.map((job) => waitForJob(db(), job.id, undefined, 60_000)));

describe("caps on queued jobs per role", () => {
  it("refuses a member's start past the members' cap, writing nothing, while an admin (no cap) starts the same", async () => {
    session.user = member;
    expect((await setCaps({ admin: null, member: 2 })).status).toBe(403);

    session.user = admin;
    const saved = await setCaps({ admin: null, member: 2 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ caps: { admin: null, member: 2 } });

    session.user = member;
    const refused = await alpha(3);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "rate_limited",
      message: "People with the member role may have at most 2 image jobs running or waiting; this start would make 3. Wait for some to finish or cancel some.",
    });
    expect(await db().job.count({ where: { ownerId: member.id } })).toBe(0);
    expect(await db().generation.count({ where: { ownerId: member.id } })).toBe(0);

    const within = await alpha(2);
    expect(within.status).toBe(202);
    const { jobs } = (await within.json()) as { jobs: { id: string }[] };
    // Two still unended: one more would pass the cap.
    expect((await alpha(1)).status).toBe(429);
    await endAll(jobs);
    // Ended jobs hold no place under the cap.
    const after = await alpha(1);
    expect(after.status).toBe(202);
    await endAll(((await after.json()) as { jobs: { id: string }[] }).jobs);

    session.user = admin;
    const adminSet = await alpha(3);
    expect(adminSet.status).toBe(202);
    await endAll(((await adminSet.json()) as { jobs: { id: string }[] }).jobs);

    const entries = await db().auditLog.findMany({ where: { actorId: admin.id, action: "settings.queued_job_caps" } });
    expect(entries.map((entry) => entry.details)).toEqual([{ admin: null, member: 2 }]);
  });

  it("refuses a cap that is not a whole number of jobs from 1, naming the role", async () => {
    session.user = admin;
    for (const [caps, field, message] of [
      [{ admin: 0, member: null }, "admin", "must be at least 1"],
      [{ admin: null, member: 2.5 }, "member", "must be a whole number of jobs"],
      [{ admin: null }, "member", "must be a whole number of jobs, or null for no cap"],
    ] as const) {
      const response = await setCaps(caps);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { fields: unknown } }).error.fields).toEqual([{ field, message }]);
    }
  });
});
