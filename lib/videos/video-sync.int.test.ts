import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { serveBlob } from "@/lib/assets/serve-asset";
import { storeImage } from "@/lib/assets/store-image";
import { dataDir } from "@/lib/data-dir";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { holdBlob, releaseBlobs } from "@/lib/assets/pending-blobs";
import { blobStore } from "@/lib/storage";
import { useStudioTestContext } from "@/test/studio-upstream";
import { waitForJob } from "@/test/jobs";
import { cancelVideo } from "./cancel-video";
import { deleteVideo } from "./delete-video";
import { getVideo, listVideos } from "./list-videos";
import { submitVideo } from "./submit-video";
import { stepVideo } from "./sync-steps";
import { startVideoSteps, stopVideoSteps } from "@/test/video-step-worker";
import { WORK_QUEUES } from "@/lib/jobs/work-queues";
import { startVideoStepWorker, stopVideoStepWorker } from "@/test/video-step-worker";
import { sendDueVideoSteps } from "./send-due-video-steps";
import { VIDEO_WORKER_ID } from "./video-lease";
import { VIDEO_PROMPT_MAX_CHARS } from "./video-rules";
import { videoFormSchema, type VideoFormInput } from "./video-schemas";
import type { VideoJobDto, VideoPhase } from "./video-dto";

// The sync worker against the emulator's agent (spec 3.1, 4.4, 7.3): every job is followed to its
// end without a page open, its MP4 archived and served with Range, and nothing is sent twice.
// Every step taken, through the module the step queue calls: a video stepped by two runs at once is noted.
const stepsUnderWay = vi.hoisted(() => ({ videos: new Set<string>(), overlapping: [] as string[] }));
vi.mock("./sync-steps", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./sync-steps")>();
  return {
    ...actual,
    async stepVideo(...[video, signal]: Parameters<typeof actual.stepVideo>) {
      if (stepsUnderWay.videos.has(video.id)) stepsUnderWay.overlapping.push(video.id);
      stepsUnderWay.videos.add(video.id);
      try {
        await actual.stepVideo(video, signal);
      } finally {
        stepsUnderWay.videos.delete(video.id);
      }
    },
  };
});
process.env.VIDEO_POLL_INTERVAL_MS = "50";
process.env.VIDEO_RECONCILE_AFTER_MS = "0";
const context = useStudioTestContext();

const agent = (pathname: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(`${context.upstream.emulator.urls.agent}${pathname}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers: init.json === undefined ? undefined : { "Content-Type": "application/json" },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });

async function agentPosts(): Promise<number> {
  const { requests } = (await (await agent("/__emulator/requests")).json()) as { requests: Array<{ method: string; path: string }> };
  return requests.filter((request) => request.method === "POST" && request.path === "/v1/videos").length;
}

const submit = (input: Partial<VideoFormInput> = {}) => submitVideo(context.user, videoFormSchema.parse({ task: "t2va", prompt: "a paper boat on a rainy street", durationSeconds: 4, ...input }));

async function waitForPhase(id: string, phases: readonly VideoPhase[], timeoutMs = 20_000): Promise<VideoJobDto> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const video = await getVideo(context.user, id);
    if (phases.includes(video.phase)) return video;
    if (Date.now() > deadline) throw new Error(`video ${id} is still ${video.phase}, waited for ${phases.join("/")}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function waitForUpstream(upstreamId: string, status: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (((await (await agent(`/v1/videos/${upstreamId}`)).json()) as { status: string }).status !== status) {
    if (Date.now() > deadline) throw new Error(`upstream job ${upstreamId} never became ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The keys of every blob in the store (the sync must be stopped, or this races its writes). */
async function storedBlobKeys(): Promise<string[]> {
  const entries = await readdir(path.join(dataDir(), "blobs"), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name)).map((entry) => entry.name).sort();
}

beforeAll(async () => {
  await startVideoSteps({ singleProcess: true });
});
afterAll(async () => {
  await stopVideoSteps();
});
beforeEach(async () => {
  await agent("/__emulator/reset", { method: "POST" });
});

describe("video jobs against the emulator's agent", () => {
  it("follows a t2va job queued → running → completed, archives the MP4 with a poster, and serves it with Range", async () => {
    const submitted = await submit({ advanced: { seed: 11 } });
    expect(submitted.phase).toBe("submitting");
    const ready = await waitForPhase(submitted.id, ["ready", "failed"]);
    expect(ready).toMatchObject({ phase: "ready", seed: 11, error: null, finished: true });
    expect(ready.upstreamId).toBeTruthy();
    expect(ready.resolution).toMatch(/^\d+x\d+$/);
    expect(ready.echo).toMatchObject({ seed: 11, seconds: 4, x_metadata: { studio_video_id: submitted.id } });
    expect(ready.video).toMatchObject({ mime: "video/mp4", kind: "video" });
    expect(ready.video!.thumbnailUrl).toContain("variant=thumb");
    expect(ready.video!.durationMs).toBeGreaterThan(3500);

    const asset = await context.testDb.db.asset.findUniqueOrThrow({ where: { id: ready.video!.id } });
    const partial = await serveBlob({ storageKey: asset.storageKey, mime: asset.mime, fileName: "v.mp4" }, new Request("http://studio.test/", { headers: { Range: "bytes=0-15" } }));
    expect(partial.status).toBe(206);
    expect(partial.headers.get("Content-Range")).toBe(`bytes 0-15/${asset.bytes}`);
    const head = Buffer.from(await partial.arrayBuffer());
    expect(head.subarray(4, 8).toString("latin1")).toBe("ftyp");

    // The activity tray's job went the same way.
    const job = await context.testDb.db.job.findUniqueOrThrow({ where: { videoJobId: submitted.id } });
    expect(job).toMatchObject({ kind: "video", state: "succeeded" });
    expect(await agentPosts()).toBe(1);
    const spent = await context.testDb.db.usageEntry.findUniqueOrThrow({ where: { videoJobId: submitted.id } });
    expect(spent).toMatchObject({ model: "t2va", videoSeconds: ready.video!.durationMs! / 1000 });
    // Its budget reservation (the seconds asked for) is settled with the archived video's length.
    const ledger = await context.testDb.db.chargeEntry.findMany({ where: { jobId: job.id }, orderBy: { kind: "asc" } });
    expect(ledger.map((row) => [row.kind, row.videoSeconds])).toEqual([
      ["reservation", 4],
      ["release", -4],
      ["charge", ready.video!.durationMs! / 1000],
    ]);
  });

  it("archives an upscaled result by following the 302 to the CDN, and makes the 720p delivery copy", async () => {
    const submitted = await submit({ shortEdge: 1080, delivery720p: true, aspectRatio: "1:1" });
    const ready = await waitForPhase(submitted.id, ["ready", "failed"], 40_000);
    expect(ready.phase).toBe("ready");
    expect(ready.video!.width).toBe(ready.video!.height);
    expect(ready.delivery720p).toMatchObject({ mime: "video/mp4", width: 720, height: 720 });
  });

  it("cancels a queued job on the agent; a running one answers cannot_cancel with the reason", async () => {
    await agent("/__emulator/video/pause", { json: { stage: "upscale" } });
    const running = await submit({ shortEdge: 1080 });
    await waitForPhase(running.id, ["running"]);
    await agent("/__emulator/video/pause", { json: { stage: "generation" } });
    const queued = await submit();
    await waitForPhase(queued.id, ["queued"]);

    await expect(cancelVideo(context.user, running.id)).rejects.toMatchObject({ code: "cannot_cancel", status: 409 });
    const cancelled = await cancelVideo(context.user, queued.id);
    expect(cancelled.phase).toBe("canceled");
    const job = await waitForJob(context.testDb.db, (await context.testDb.db.job.findUniqueOrThrow({ where: { videoJobId: queued.id } })).id);
    expect(job.state).toBe("cancelled");
    const upstream = (await (await agent(`/v1/videos/${cancelled.upstreamId}`)).json()) as { status: string };
    expect(upstream.status).toBe("canceled");
  });

  it("holds a submit refused with 429 queue_full until Retry-After, sending nothing meanwhile", async () => {
    await agent("/__emulator/config", { method: "PATCH", json: { video: { queueLimit: 1 } } });
    await agent("/__emulator/video/pause", { json: { stage: "generation" } });
    const first = await submit();
    await waitForPhase(first.id, ["queued"]);
    const second = await submit();
    await expect.poll(async () => (await getVideo(context.user, second.id)).hold?.code, { timeout: 10_000 }).toBe("queue_full");
    const held = await context.testDb.db.videoJob.findUniqueOrThrow({ where: { id: second.id } });
    expect(held.status).toBe("submitting");
    expect(held.submitSentAt).toBeNull();
    // Spec 7.3: Retry-After 60 s, which the page counts down to.
    expect(held.nextPollAt!.getTime() - Date.now()).toBeGreaterThan(50_000);
    const shown = await getVideo(context.user, second.id);
    expect(shown).toMatchObject({ phase: "submitting", error: null, hold: { retryAt: held.nextPollAt!.toISOString(), message: expect.stringMatching(/queue is full, so nothing was created/) } });
    // The activity tray's job says why it waits, and that change was published to the owner's streams.
    const trayJob = await context.testDb.db.job.findUniqueOrThrow({ where: { videoJobId: second.id } });
    expect(trayJob).toMatchObject({ state: "queued", errorCode: "queue_full" });
    const events = await context.testDb.db.jobEvent.findMany({ where: { jobId: trayJob.id }, orderBy: { id: "asc" } });
    expect((events.at(-1)!.data as { state: string; error: { code: string } | null }).error?.code).toBe("queue_full");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await agentPosts()).toBe(2);

    // Once its time comes (moved here instead of waiting a minute), it is sent and completes.
    await agent("/__emulator/video/resume", { json: { stage: "generation" } });
    await context.testDb.db.videoJob.update({ where: { id: second.id }, data: { nextPollAt: new Date() } });
    await sendDueVideoSteps();
    const ready = await waitForPhase(second.id, ["ready", "failed"]);
    expect(ready).toMatchObject({ phase: "ready", error: null, hold: null });
    expect(await agentPosts()).toBe(3);
  });

  it("holds a submit while the agent is unreachable, sending nothing, and sends it once when the agent is back", async () => {
    // Made while the agent is up (a submit checks its loaded mode), with the sync stopped so neither is sent before the agent goes.
    await stopVideoSteps();
    const held = await submit();
    const overdue = await submit({ prompt: "a kite that waited too long" });
    await context.upstream.emulator.stopPort("agent");
    try {
      await startVideoSteps({ singleProcess: true });
      // A submit now is refused at once, naming the unreachable agent.
      await expect(submit({ prompt: "a boat nobody can send" })).rejects.toMatchObject({ code: "upstream_unreachable", message: expect.stringMatching(/video agent is unreachable/) });
      for (const video of [held, overdue]) {
        await expect.poll(async () => (await getVideo(context.user, video.id)).hold?.code, { timeout: 10_000 }).toBe("upstream_unreachable");
        expect(await context.testDb.db.videoJob.findUniqueOrThrow({ where: { id: video.id } })).toMatchObject({ status: "submitting", submitSentAt: null });
      }
      // One made longer ago than the wait limit fails, never sent, when its next try finds the agent still down.
      await context.testDb.db.videoJob.update({ where: { id: overdue.id }, data: { createdAt: new Date(Date.now() - 31 * 60_000), nextPollAt: new Date() } });
      await sendDueVideoSteps();
      const failed = await waitForPhase(overdue.id, ["failed"]);
      expect(failed.error).toMatchObject({ code: "upstream_unreachable", message: expect.stringMatching(/never sent/) });
    } finally {
      await context.upstream.emulator.startPort("agent");
    }
    // Its next try (moved here instead of waiting for the probe's interval) finds the agent back.
    await context.testDb.db.videoJob.update({ where: { id: held.id }, data: { nextPollAt: new Date() } });
    await sendDueVideoSteps();
    const ready = await waitForPhase(held.id, ["ready", "failed", "lost"]);
    expect(ready).toMatchObject({ phase: "ready", error: null });
    expect(await agentPosts()).toBe(1);
  });

  it("shows a job that failed while running with its code", async () => {
    await fetch(`${context.upstream.emulator.urls.inference}/__emulator/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sequence: [{ kind: "500" }], pathPrefix: "/v1/videos" }),
    });
    const submitted = await submit();
    const failed = await waitForPhase(submitted.id, ["failed", "ready"]);
    await fetch(`${context.upstream.emulator.urls.inference}/__emulator/faults`, { method: "DELETE" });
    expect(failed.phase).toBe("failed");
    expect(failed.error?.code).toBe("generation_failed");
    const job = await context.testDb.db.job.findUniqueOrThrow({ where: { videoJobId: submitted.id } });
    expect(job).toMatchObject({ state: "failed", errorCode: "generation_failed" });
  });

  it("refuses a submit while the partition does not suit the task, recording nothing", async () => {
    const before = await context.testDb.db.videoJob.count();
    const png = await sharp({ create: { width: 512, height: 512, channels: 3, background: "#2266aa" } }).png().toBuffer();
    const image = await storeImage({ source: Readable.from([png]), ownerId: context.user.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 30_000_000, decode: "before-row" });
    // The emulator starts in fl2va (spec 3.2: ref2va needs its own mode loaded).
    await expect(submit({ task: "ref2va", inputs: [{ assetId: image.id, type: "image", slot: "reference" }] })).rejects.toMatchObject({ code: "partition_unusable" });
    await agent("/__emulator/video/partition/state", { json: { state: "conflicted" } });
    await expect(submit()).rejects.toMatchObject({ code: "partition_unusable" });
    expect(await context.testDb.db.videoJob.count()).toBe(before);
  });

  it("resumes polling after the worker restarts", async () => {
    await agent("/__emulator/video/pause", { json: { stage: "generation" } });
    const submitted = await submit();
    await waitForPhase(submitted.id, ["queued"]);
    await stopVideoSteps();
    await agent("/__emulator/video/resume", { json: { stage: "generation" } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing archives it while the sync is stopped (a status read may still land as it stops).
    expect((await getVideo(context.user, submitted.id)).phase).not.toBe("ready");
    await startVideoSteps({ singleProcess: true });
    expect((await waitForPhase(submitted.id, ["ready", "failed"])).phase).toBe("ready");
  });

  it("lists, sends and finishes a job stored under rules the form has since made stricter", async () => {
    await stopVideoSteps();
    const submitted = await submit();
    // As if the form had since lowered its prompt limit and dropped an option: today's form
    // refuses what this job was accepted with.
    const prompt = `${"a paper boat on a rainy street, ".repeat(200)}at dusk`;
    const row = await db.videoJob.findUniqueOrThrow({ where: { id: submitted.id } });
    const params = { ...(row.params as Record<string, unknown>), prompt, retiredOption: "kept from an older form" };
    await db.videoJob.update({ where: { id: submitted.id }, data: { params } });
    expect(prompt.length).toBeGreaterThan(VIDEO_PROMPT_MAX_CHARS);
    expect(videoFormSchema.safeParse(params).success).toBe(false);

    const listed = await listVideos(context.user, {});
    expect(listed.items.find((video) => video.id === submitted.id)?.params.prompt).toBe(prompt);
    await startVideoSteps({ singleProcess: true });
    const ready = await waitForPhase(submitted.id, ["ready", "failed"]);
    expect(ready).toMatchObject({ phase: "ready", params: { prompt, durationSeconds: 4 } });
    expect(await agentPosts()).toBe(1);
  });

  it("reconciles a POST whose answer was lost: finds the job by its correlation id instead of sending it again", async () => {
    await stopVideoSteps();
    const submitted = await submit();
    const row = await context.testDb.db.videoJob.findUniqueOrThrow({ where: { id: submitted.id } });
    // As if the studio crashed after the agent accepted the POST and before the answer was recorded.
    const sent = await agent("/v1/videos", { json: { prompt: row.prompt, task: "t2va", seconds: 4, x_metadata: { studio_correlation_id: row.correlationId } } });
    const upstream = (await sent.json()) as { id: string };
    await context.testDb.db.videoJob.update({ where: { id: row.id }, data: { submitSentAt: new Date() } });
    await startVideoSteps({ singleProcess: true });
    const ready = await waitForPhase(submitted.id, ["ready", "failed", "lost"]);
    expect(ready).toMatchObject({ phase: "ready", upstreamId: upstream.id });
    expect(await agentPosts()).toBe(1);
  });

  it("tries a download that failed right after the job completed again after a short back-off, not once its lease has run out", { timeout: 60_000 }, async () => {
    await agent("/__emulator/video/pause", { json: { stage: "generation" } });
    const submitted = await submit();
    const { upstreamId } = await waitForPhase(submitted.id, ["queued"]);
    const contentPath = `/v1/videos/${upstreamId}/content`;
    await agent("/__emulator/faults", { json: { sequence: [{ kind: "500" }], pathPrefix: contentPath } });
    await agent("/__emulator/video/resume", { json: { stage: "generation" } });
    // Well below the video lease (60 s), which is what an unrecorded failure waits for.
    const ready = await waitForPhase(submitted.id, ["ready", "failed"], 40_000);
    expect(ready.phase).toBe("ready");
    const { requests } = (await (await agent("/__emulator/requests")).json()) as { requests: Array<{ path: string; status: number }> };
    expect(requests.filter((request) => request.path === contentPath).map((request) => request.status)).toEqual([500, 200]);
  });

  it("marks a job whose POST never arrived as not received, and sends nothing", async () => {
    await agent("/__emulator/faults", { json: { sequence: [{ kind: "drop" }], pathPrefix: "/v1/videos" } });
    const submitted = await submit();
    const lost = await waitForPhase(submitted.id, ["lost", "ready", "failed"]);
    expect(lost.phase).toBe("lost");
    expect(lost.error?.code).toBe("not_received");
    expect(await agentPosts()).toBe(1);
  });

  it("marks a job the agent no longer knows as gone; an archived one stays playable after deletion upstream", async () => {
    const archived = await waitForPhase((await submit()).id, ["ready"]);
    await agent("/__emulator/video/pause", { json: { stage: "generation" } });
    const waiting = await submit();
    const queued = await waitForPhase(waiting.id, ["queued"]);
    await agent(`/__emulator/video/jobs/${queued.upstreamId}/expire`, { method: "POST" });
    const gone = await waitForPhase(waiting.id, ["gone"]);
    expect(gone.error?.code).toBe("gone");

    await expect(deleteVideo(context.user, waiting.id, "remove")).resolves.toEqual({ deleted: true, archiveKept: false });
    await expect(deleteVideo(context.user, archived.id, "keep")).resolves.toEqual({ deleted: true, archiveKept: true });
    expect((await agent(`/v1/videos/${archived.upstreamId}`)).status).toBe(404);
    const kept = await getVideo(context.user, archived.id);
    expect(kept.upstreamDeletedAt).not.toBeNull();
    const asset = await context.testDb.db.asset.findUniqueOrThrow({ where: { id: kept.video!.id } });
    const whole = await serveBlob({ storageKey: asset.storageKey, mime: asset.mime, fileName: "v.mp4" }, new Request("http://studio.test/"));
    expect((await buffer(Readable.fromWeb(whole.body! as never))).length).toBe(Number(asset.bytes));
  });

  it("deleting a video keeps a blob an upload of the same bytes is still storing", async () => {
    const ready = await waitForPhase((await submit({ prompt: "a kite over a windy hill" })).id, ["ready"]);
    const asset = await context.testDb.db.asset.findUniqueOrThrow({ where: { id: ready.video!.id } });
    const upload = await holdBlob(asset.storageKey);
    await deleteVideo(context.user, ready.id, "remove");
    expect(await blobStore().stat(asset.storageKey)).not.toBeNull();
    expect(await blobStore().stat(asset.thumbnailKey!)).toBeNull();
    // The upload fails after all: now nothing uses the blob.
    await releaseBlobs([upload], false);
    expect(await blobStore().stat(asset.storageKey)).toBeNull();
  });

  it("drops the archived copy of a job cancelled while it was being archived, its files with it", async () => {
    await agent("/__emulator/video/pause", { json: { stage: "generation" } });
    const queued = await waitForPhase((await submit({ prompt: "a lighthouse blinking in the fog" })).id, ["queued"]);
    await stopVideoSteps();
    await agent("/__emulator/video/resume", { json: { stage: "generation" } });
    await waitForUpstream(queued.upstreamId!, "completed");
    const before = await storedBlobKeys();
    const row = await context.testDb.db.videoJob.findUniqueOrThrow({ where: { id: queued.id } });
    // The worker starts archiving; the job is cancelled before the copy is recorded on it.
    await context.testDb.db.videoJob.update({ where: { id: row.id }, data: { status: "canceled" } });
    const archivedFrom = new Date();
    await stepVideo({ ...row, status: "archiving", leaseOwner: VIDEO_WORKER_ID }, new AbortController().signal);
    expect(await context.testDb.db.asset.count({ where: { createdAt: { gte: archivedFrom }, kind: "video" } })).toBe(0);
    expect(await storedBlobKeys()).toEqual(before);
    await startVideoSteps({ singleProcess: true });
  });

  it("pages the list newest first and filters it by task and status", async () => {
    const { items } = await listVideos(context.user, { limit: 2 });
    expect(items).toHaveLength(2);
    const next = await listVideos(context.user, { limit: 2, cursor: items[1].id });
    expect(next.items[0].createdAt <= items[1].createdAt).toBe(true);
    expect(next.items.map((item) => item.id)).not.toContain(items[1].id);
    const ready = await listVideos(context.user, { status: "ready" });
    expect(ready.items.every((item) => item.phase === "ready")).toBe(true);
    expect((await listVideos(context.user, { task: "fl2va" })).items).toHaveLength(0);
    await expect(listVideos(context.user, { cursor: "00000000-0000-4000-8000-000000000000" })).rejects.toBeInstanceOf(AppError);
  });

  it("steps a job submitted while no worker ran, its step lost, once a worker starts", async () => {
    await stopVideoSteps();
    const submitted = await submit();
    // As after a lost send, or a job left by a release that stepped videos another way.
    await context.testDb.db.$executeRaw`DELETE FROM pgboss.job WHERE name = ${WORK_QUEUES.videoSteps.name} AND singleton_key = ${submitted.id}`;
    await startVideoSteps();
    expect((await waitForPhase(submitted.id, ["ready", "failed", "lost"])).phase).toBe("ready");
    expect(await agentPosts()).toBe(1);
  });

  it("lets two workers on one database step each job one step at a time, sending each job once", { timeout: 60_000 }, async () => {
    await stopVideoSteps();
    stepsUnderWay.overlapping.length = 0;
    const ids = await Promise.all(Array.from({ length: 4 }, (_, index) => submit({ prompt: `a boat for two workers ${index}` }).then((video) => video.id)));
    const workers = await Promise.all([startVideoStepWorker({ singleProcess: false }), startVideoStepWorker({ singleProcess: false })]);
    try {
      const ready = await Promise.all(ids.map((id) => waitForPhase(id, ["ready", "failed", "lost"], 40_000)));
      expect(ready.map((video) => video.phase)).toEqual(ids.map(() => "ready"));
      expect(new Set(ready.map((video) => video.upstreamId)).size).toBe(ids.length);
      expect(await agentPosts()).toBe(ids.length);
    } finally {
      for (const worker of workers) await stopVideoStepWorker(worker);
      await startVideoSteps();
    }
    expect(stepsUnderWay.overlapping).toEqual([]);
  });

  it("completes a job whose worker was killed in the middle of a step, once a worker starts again", async () => {
    await agent("/__emulator/video/pause", { json: { stage: "generation" } });
    const queued = await waitForPhase((await submit({ prompt: "a ferry crossing at night" })).id, ["queued"]);
    await stopVideoSteps();
    // As a SIGKILL during a poll leaves it: the row held by the dead worker, its step active in pg-boss and no next step sent.
    await context.testDb.db.videoJob.update({ where: { id: queued.id }, data: { leaseOwner: "a worker that died", leaseUntil: new Date(Date.now() + 60_000), nextPollAt: new Date() } });
    await context.testDb.db.$executeRaw`DELETE FROM pgboss.job WHERE name = ${WORK_QUEUES.videoSteps.name} AND singleton_key = ${queued.id}`;
    await context.testDb.db.$executeRaw`
      INSERT INTO pgboss.job (name, data, state, started_on, start_after, singleton_key, policy)
      VALUES (${WORK_QUEUES.videoSteps.name}, ${JSON.stringify({ videoJobId: queued.id })}::jsonb, 'active'::pgboss.job_state, now(), now(), ${queued.id}, 'stately')`;
    await agent("/__emulator/video/resume", { json: { stage: "generation" } });
    await startVideoSteps({ singleProcess: true });
    expect((await waitForPhase(queued.id, ["ready", "failed", "gone"])).phase).toBe("ready");
    expect(await agentPosts()).toBe(1);
  });
});
