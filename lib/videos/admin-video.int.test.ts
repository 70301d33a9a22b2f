import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as getContent } from "@/app/api/admin/video/inference/[id]/content/route";
import { GET as getHealth } from "@/app/api/admin/video/health/route";
import { POST as postPartition } from "@/app/api/admin/video/partition/route";
import type { CurrentUser } from "@/lib/auth/current-user";
import { session } from "@/test/session-double";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createTestUser } from "@/test/users";
import { adminPartition, switchPartition } from "./admin-partition";
import type { PartitionSwitchAnswer, VideoHealthDto } from "./admin-video-dto";
import { inferenceContent, readInferenceJob, runInferenceJob } from "./inference-diagnostics";
import { readVideoHealth } from "./video-health";

vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// The admin video page's services, against the emulator's agent and inference server (fast latency).
const context = useStudioTestContext();
let admin: CurrentUser;

beforeAll(async () => {
  admin = await createTestUser(context.testDb.db, "admin");
  session.user = admin;
});
beforeEach(async () => {
  await emulator("POST", "/__emulator/reset");
});

async function emulator(method: string, pathname: string, json?: unknown) {
  const response = await fetch(`${context.upstream.emulator.urls.agent}${pathname}`, {
    method,
    headers: json === undefined ? undefined : { "Content-Type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (!response.ok) throw new Error(`emulator ${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response;
}

const configureVideo = (video: Record<string, unknown>) => emulator("PATCH", "/__emulator/config", { video });

async function switchAudits() {
  return context.testDb.db.auditLog.findMany({ where: { action: "video.partition_switch" }, orderBy: { createdAt: "asc" } });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("partition switch (spec 3.2)", () => {
  it("202: the switch starts, the audit log names who asked, and the partition becomes ready in the new mode", async () => {
    await configureVideo({ partitionSwitchSeconds: 1 });
    const before = (await switchAudits()).length;

    const answer = await switchPartition(admin, "ref2va");

    expect(answer.outcome).toBe("accepted");
    expect(answer.message).toContain("submissions are held");
    expect(answer.partition).toMatchObject({ state: "switching", ready: false });
    const audits = await switchAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ actorId: admin.id, target: "ref2va", details: { requested: "ref2va", outcome: "accepted" } });

    const ready = await until(adminPartition, (partition) => partition.state === "ready");
    expect(ready).toMatchObject({ current: "ref2va", ready: true, state: "ready", usable: { ref2va: true, fl2va: false, t2va: true } });
  });

  it("200: the mode already loaded is explained as nothing changed, and audited too", async () => {
    const answer = await switchPartition(admin, "fl2va");
    expect(answer).toMatchObject({ outcome: "already_ready", message: "fl2va is already loaded and ready, so nothing changed.", partition: { current: "fl2va", state: "ready" } });
    expect((await switchAudits()).at(-1)).toMatchObject({ actorId: admin.id, details: { outcome: "already_ready" } });
  });

  it("409 partition_switching: a second switch during a switch is explained, not an error", async () => {
    await configureVideo({ partitionSwitchSeconds: 30 });
    expect((await switchPartition(admin, "ref2va")).outcome).toBe("accepted");

    const answer = await switchPartition(admin, "fl2va");

    expect(answer.outcome).toBe("switching");
    expect(answer.message).toContain("already switching");
    expect(answer.partition.state).toBe("switching");
    expect((await switchAudits()).at(-1)).toMatchObject({ actorId: admin.id, target: "fl2va", details: { outcome: "switching" } });
  });

  it("409 partition_has_pending_jobs: explained with the loaded mode and what to do about the jobs", async () => {
    await emulator("POST", "/__emulator/video/pause", { stage: "generation" });
    await emulator("POST", "/v1/videos", { prompt: "a queued job that holds the partition", task: "t2va" });

    const answer = await switchPartition(admin, "ref2va");

    expect(answer.outcome).toBe("pending_jobs");
    expect(answer.message).toContain("queued or running jobs in fl2va");
    expect(answer.message).toContain("cancel the queued ones");
    expect(answer.partition).toMatchObject({ current: "fl2va", state: "ready" });
    expect((await switchAudits()).at(-1)).toMatchObject({ actorId: admin.id, details: { outcome: "pending_jobs" } });
  });

  it("answers every outcome through POST /api/admin/video/partition with 200, and refuses an unknown mode naming the field", async () => {
    const post = (body: unknown) =>
      postPartition(new Request("http://studio.test/api/admin/video/partition", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }), {
        params: Promise.resolve({}),
      });
    const answer = await post({ partition: "fl2va" });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as PartitionSwitchAnswer).outcome).toBe("already_ready");

    const refused = await post({ partition: "t2va" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: { field: string }[] } }).error.fields[0].field).toBe("partition");
  });

  it("refuses a member with 403 and writes no audit row", async () => {
    const before = (await switchAudits()).length;
    session.user = await createTestUser(context.testDb.db, "member");
    try {
      const response = await postPartition(
        new Request("http://studio.test/api/admin/video/partition", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ partition: "ref2va" }) }),
        { params: Promise.resolve({}) },
      );
      expect(response.status).toBe(403);
    } finally {
      session.user = admin;
    }
    expect(await switchAudits()).toHaveLength(before);
  });
});

describe("health (spec 2.7, 4.5)", () => {
  it("reports a healthy agent with its dependencies, queue and loaded mode, and a ready inference server", async () => {
    const health = await readVideoHealth();
    expect(health.agent).toMatchObject({
      state: "ok",
      httpStatus: 200,
      status: "ok",
      dependencies: [
        { name: "moderation", status: "ok" },
        { name: "database", status: "ok" },
        { name: "partition", status: "ok" },
      ],
      queue: { queued: 0, limit: 8 },
      partition: "fl2va",
    });
    expect(health.inference).toMatchObject({ state: "ok", httpStatus: 200, status: "ok" });
  });

  it("shows the agent's 503 as degraded, naming the dependency, and the route still answers 200", async () => {
    await configureVideo({ degradedDependencies: ["moderation"] });

    const response = await getHealth(new Request("http://studio.test/api/admin/video/health"), { params: Promise.resolve({}) });

    expect(response.status).toBe(200);
    const health = (await response.json()) as VideoHealthDto;
    expect(health.agent).toMatchObject({ state: "degraded", httpStatus: 503, status: "degraded" });
    expect(health.agent.dependencies).toContainEqual({ name: "moderation", status: "degraded" });
    expect(health.agent.dependencies).toContainEqual({ name: "database", status: "ok" });
    expect(health.agent.reason).toContain("moderation is degraded");
    expect(health.inference.state).toBe("ok");
  });

  it("counts queued jobs against the queue limit", async () => {
    await emulator("POST", "/__emulator/video/pause", { stage: "generation" });
    await emulator("POST", "/v1/videos", { prompt: "first", task: "t2va" });
    await emulator("POST", "/v1/videos", { prompt: "second", task: "t2va" });
    expect((await readVideoHealth()).agent.queue).toEqual({ queued: 2, limit: 8 });
  });
});

describe("inference diagnostics (spec 4.5)", () => {
  it("runs a base-resolution t2va job that completes, audits the run, and streams its MP4 through the studio", async () => {
    const accepted = await runInferenceJob(admin, { prompt: "A paper boat on a rainy street", seconds: 4, aspectRatio: "16:9", seed: 7 });
    expect(accepted.finished).toBe(false);
    expect(await context.testDb.db.auditLog.findFirst({ where: { action: "video.inference_run", target: accepted.id } })).toMatchObject({
      actorId: admin.id,
      details: { outcome: "accepted", seconds: 4, aspectRatio: "16:9", seed: 7 },
    });

    const job = await until(() => readInferenceJob(accepted.id), (current) => current.finished, 60_000);
    // Fast mode scales the base size 1344x768 down to 224x128 (emulator/README.md).
    expect(job).toMatchObject({ status: "completed", finished: true, resolution: "224x128", error: null });

    const response = await getContent(new Request(`http://studio.test/api/admin/video/inference/${job.id}/content`), { params: Promise.resolve({ id: job.id }) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
    // An MP4 opens with its `ftyp` box.
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
  });

  it("says which job is unknown (404) and that a job's video is not ready yet (409)", async () => {
    await expect(readInferenceJob("inf_000000000000000000000000")).rejects.toMatchObject({ status: 404, code: "not_found" });
    await configureVideo({ generationSeconds: 5 });
    const accepted = await runInferenceJob(admin, { prompt: "Not finished yet", seconds: 4, aspectRatio: "1:1" });
    await expect(inferenceContent(accepted.id, new AbortController().signal)).rejects.toMatchObject({ status: 409, code: "conflict", message: expect.stringContaining("content_not_ready") });
  });
});
