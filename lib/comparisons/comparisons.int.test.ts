import { beforeEach, describe, expect, it, vi } from "vitest";
import { POST as postComparison } from "@/app/api/comparisons/route";
import { GET as getComparison } from "@/app/api/comparisons/[id]/route";
import { POST as postKeep } from "@/app/api/comparisons/[id]/keep/route";
import { defaultChoice, settingsOf } from "@/components/compare/member-settings";
import type { CurrentUser } from "@/lib/auth/current-user";
import { sendImageJobRun } from "@/lib/jobs/job-sender";
import { ALPHA_V3_MODEL } from "@/lib/upstream/alpha/wire-v3";
import { ALPHA_V35_MODEL } from "@/lib/upstream/alpha/wire-v35";
import { waitForJob } from "@/test/jobs";
import { session } from "@/test/session-double";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createTestUser } from "@/test/users";
import type { ComparisonDto } from "./comparison-dto";
import { listComparisons } from "./list-comparisons";

vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));
// The real sender, which a test may make fail once to see a comparison's start undone whole.
vi.mock("@/lib/jobs/job-sender", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/jobs/job-sender")>();
  return { ...actual, sendImageJobRun: vi.fn(actual.sendImageJobRun) };
});

// Three members take three running places at once, whatever the shell running them says.
process.env.USER_MAX_RUNNING_GENERATIONS = "3";

const context = useStudioTestContext();
let user: CurrentUser;
beforeEach(async () => {
  await context.upstream.control("/faults", { method: "DELETE" });
  user = await createTestUser(context.testDb.db);
  session.user = user;
});

const post = (path: string, body: unknown) =>
  new Request(`http://studio.test${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const start = (body: unknown) => postComparison(post("/api/comparisons", body), { params: Promise.resolve({}) });
const keep = (id: string, body: unknown) => postKeep(post(`/api/comparisons/${id}/keep`, body), { params: Promise.resolve({ id }) });
async function read(id: string): Promise<ComparisonDto> {
  const response = await getComparison(new Request(`http://studio.test/api/comparisons/${id}`), { params: Promise.resolve({ id }) });
  return ((await response.json()) as { comparison: ComparisonDto }).comparison;
}

const threeModels = {
  prompt: "a paper lantern on a windowsill",
  members: [
    { model: "alpha-v3", settings: { size: "1024x1024", revise: false } },
    { model: "alpha-v3.5", settings: {} },
    { model: "beta-lite", settings: {} },
  ],
};

async function startedAndEnded(): Promise<ComparisonDto> {
  const response = await start(threeModels);
  expect(response.status).toBe(202);
  const { comparison } = (await response.json()) as { comparison: { id: string } };
  const jobs = await context.testDb.db.job.findMany({ where: { comparisonId: comparison.id } });
  await Promise.all(jobs.map((job) => waitForJob(context.testDb.db, job.id, undefined, 60_000)));
  return read(comparison.id);
}

async function rowsOf(ownerId: string) {
  const { db } = context.testDb;
  return {
    comparisons: await db.comparison.count({ where: { ownerId } }),
    jobs: await db.job.count({ where: { ownerId } }),
    generations: await db.generation.count({ where: { ownerId } }),
    conversations: await db.conversation.count({ where: { ownerId } }),
  };
}

describe("starting a comparison", () => {
  it("starts one job per model, each ending with its result, time and tokens", async () => {
    const comparison = await startedAndEnded();
    expect(comparison.members.map((member) => [member.model, member.job.state])).toEqual([
      ["alpha-v3", "succeeded"],
      ["alpha-v3.5", "succeeded"],
      ["beta-lite", "succeeded"],
    ]);
    for (const member of comparison.members) {
      expect(member.image).not.toBeNull();
      expect(member.tokens).toEqual(expect.any(Number));
      expect(member.durationMs).toEqual(expect.any(Number));
      expect(member.inGallery).toBe(true);
    }
    expect(comparison.members[1].conversationId).toEqual(expect.any(String));
  });

  it("writes nothing when one member cannot be started: all members or none", async () => {
    const actual = vi.mocked(sendImageJobRun).getMockImplementation()!;
    vi.mocked(sendImageJobRun)
      .mockImplementationOnce(actual)
      .mockImplementationOnce(actual)
      .mockRejectedValueOnce(new Error("the third member's run could not be sent"));
    const response = await start(threeModels);
    expect(response.status).toBe(500);
    expect(await rowsOf(user.id)).toEqual({ comparisons: 0, jobs: 0, generations: 0, conversations: 0 });
  });

  it("refuses a member's setting its model does not take, naming the member's field, and starts nothing", async () => {
    const response = await start({
      prompt: "a fox",
      members: [
        { model: "beta-pro", settings: {} },
        { model: "beta-lite", settings: { layerDecomposition: true } },
      ],
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; fields: { field: string }[] } };
    expect(error.code).toBe("validation_failed");
    expect(error.fields.map((problem) => problem.field)).toEqual(["members.1.settings.layerDecomposition"]);
    expect(await rowsOf(user.id)).toEqual({ comparisons: 0, jobs: 0, generations: 0, conversations: 0 });
  });

  it("sends each member's own settings, as the compare form gives them, to that model's upstream request", async () => {
    await context.upstream.control("/requests", { method: "DELETE" });
    const members = [
      { model: "alpha-v3", settings: settingsOf("alpha-v3", { ...defaultChoice("alpha-v3"), seed: "1234", footnote: "Studio", revise: false }) },
      { model: "alpha-v3.5", settings: settingsOf("alpha-v3.5", { ...defaultChoice("alpha-v3.5"), seed: "77", footnote: "Lab" }) },
      { model: "beta-pro", settings: settingsOf("beta-pro", { ...defaultChoice("beta-pro"), optimizePrompt: "fast", outputFormat: "jpeg", watermark: true }) },
    ];
    const response = await start({ prompt: "a paper lantern on a windowsill", members });
    expect(response.status).toBe(202);
    const { comparison } = (await response.json()) as { comparison: { id: string } };
    const jobs = await context.testDb.db.job.findMany({ where: { comparisonId: comparison.id } });
    await Promise.all(jobs.map((job) => waitForJob(context.testDb.db, job.id, undefined, 60_000)));

    const { requests } = (await context.upstream.control("/requests")) as { requests: { method: string; body?: Record<string, unknown> }[] };
    const sentTo = (model: string) => requests.filter((request) => request.method === "POST" && request.body?.model === model).map((request) => request.body);
    expect(sentTo(ALPHA_V3_MODEL)).toEqual([expect.objectContaining({ seed: 1234, footnote: "Studio" })]);
    expect(sentTo(ALPHA_V35_MODEL)).toEqual([expect.objectContaining({ seed: 77, footnote: "Lab" })]);
    expect(sentTo("beta-image-v5.0-pro")).toEqual([expect.objectContaining({ optimize_prompt_options: { mode: "fast" }, output_format: "jpeg", watermark: true })]);
  });

  it("refuses one model, and the same model twice, naming the field", async () => {
    const fieldsOf = async (members: unknown[]) => {
      const response = await start({ prompt: "a fox", members });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { fields: { field: string }[] } }).error.fields.map((problem) => problem.field);
    };
    expect(await fieldsOf([{ model: "alpha-v3" }])).toEqual(["members"]);
    expect(await fieldsOf([{ model: "alpha-v3" }, { model: "alpha-v3" }])).toEqual(["members.1.model"]);
  });
});

describe("keeping one member", () => {
  it("keeps the picked one and deletes the others' gallery entries when they are discarded", async () => {
    const comparison = await startedAndEnded();
    const picked = comparison.members[0].job.id;
    const response = await keep(comparison.id, { jobId: picked, others: "discard" });
    expect(response.status).toBe(200);
    const kept = ((await response.json()) as { comparison: ComparisonDto }).comparison;
    expect(kept.keptJobId).toBe(picked);
    expect(kept.members.map((member) => member.inGallery)).toEqual([true, false, false]);
    const items = await context.testDb.db.galleryItem.findMany({ where: { ownerId: user.id } });
    expect(items.map((item) => item.model)).toEqual(["alpha-v3"]);
    const conversation = await context.testDb.db.conversation.findUniqueOrThrow({ where: { id: comparison.members[1].conversationId! } });
    expect(conversation.deletedAt).not.toBeNull();

    const again = await keep(comparison.id, { jobId: comparison.members[2].job.id, others: "keep" });
    expect(again.status).toBe(409);
  });

  it("leaves every entry in the gallery when the others are kept too", async () => {
    const comparison = await startedAndEnded();
    const response = await keep(comparison.id, { jobId: comparison.members[2].job.id, others: "keep" });
    expect(response.status).toBe(200);
    const kept = ((await response.json()) as { comparison: ComparisonDto }).comparison;
    expect(kept.members.map((member) => member.inGallery)).toEqual([true, true, true]);
  });

  it("answers another person's comparison as not found", async () => {
    const comparison = await startedAndEnded();
    session.user = await createTestUser(context.testDb.db);
    const response = await keep(comparison.id, { jobId: comparison.members[0].job.id, others: "discard" });
    expect(response.status).toBe(404);
  });
});

describe("earlier comparisons", () => {
  it("lists the user's own comparisons newest first, with their models and whether one was kept", async () => {
    const first = await startedAndEnded();
    await keep(first.id, { jobId: first.members[0].job.id, others: "keep" });
    const second = await startedAndEnded();
    const mine = user;
    session.user = await createTestUser(context.testDb.db);
    await startedAndEnded();

    const listed = await listComparisons(mine);
    expect(listed.map(({ id, models, kept }) => ({ id, models, kept }))).toEqual([
      { id: second.id, models: ["alpha-v3", "alpha-v3.5", "beta-lite"], kept: false },
      { id: first.id, models: ["alpha-v3", "alpha-v3.5", "beta-lite"], kept: true },
    ]);
    expect(listed[0].prompt).toBe(threeModels.prompt);
    expect(await listComparisons(mine, 1)).toHaveLength(1);
  });
});
