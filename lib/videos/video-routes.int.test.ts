import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as cancelTrayJob } from "@/app/api/jobs/[id]/cancel/route";
import { DELETE as deleteVideoRoute } from "@/app/api/videos/[id]/route";
import { POST as submitRoute } from "@/app/api/videos/route";
import { session } from "@/test/session-double";
import { useStudioTestContext } from "@/test/studio-upstream";
import { getVideo } from "./list-videos";
import { startVideoSteps, stopVideoSteps } from "@/test/video-step-worker";
import type { VideoSubmitAnswer } from "./video-dto";

vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// The video routes as a browser calls them: refusals name the field and write nothing, and
// the activity tray's Cancel of a video job cancels it on the agent (spec 3.1), not only in the tray.
process.env.VIDEO_POLL_INTERVAL_MS = "50";
const context = useStudioTestContext();
const agent = (pathname: string, json?: unknown) =>
  fetch(`${context.upstream.emulator.urls.agent}${pathname}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(json ?? {}) });

beforeAll(async () => {
  session.user = context.user;
  await startVideoSteps({ singleProcess: true });
});
afterAll(async () => {
  await stopVideoSteps();
});

const submit = (body: unknown) =>
  submitRoute(new Request("http://studio.test/api/videos", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }), { params: Promise.resolve({}) });

describe("video routes", () => {
  it("refuses a form that breaks a rule with 400 naming the field, recording nothing", async () => {
    const before = await context.testDb.db.videoJob.count();
    const tooLong = await submit({ task: "t2va", prompt: "boat", durationSeconds: 16 });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { code: "validation_failed", fields: [{ field: "durationSeconds", message: "Duration must be between 4 and 15 seconds" }] } });
    const noAnchor = await submit({ task: "ref2va", prompt: "boat" });
    expect((await noAnchor.json()).error.fields).toEqual([{ field: "inputs", message: "References need at least one image or video" }]);
    const foreign = await submit({ task: "fl2va", prompt: "boat", inputs: [{ assetId: "00000000-0000-4000-8000-000000000000", type: "image", slot: "first" }] });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).error.fields[0].field).toBe("inputs.0.assetId");
    expect(await context.testDb.db.videoJob.count()).toBe(before);
  });

  it("cancels a queued video job on the agent from the activity tray's Cancel", async () => {
    await agent("/__emulator/video/pause", { stage: "generation" });
    const answer = await submit({ task: "t2va", prompt: "a queued boat", durationSeconds: 4 });
    expect(answer.status).toBe(202);
    const { video } = (await answer.json()) as VideoSubmitAnswer;
    await expect.poll(async () => (await getVideo(context.user, video.id)).phase, { timeout: 10_000 }).toBe("queued");
    const trayJob = await context.testDb.db.job.findUniqueOrThrow({ where: { videoJobId: video.id } });
    expect(trayJob.state).toBe("waiting");

    const cancelled = await cancelTrayJob(new Request(`http://studio.test/api/jobs/${trayJob.id}/cancel`, { method: "POST" }), { params: Promise.resolve({ id: trayJob.id }) });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ state: "cancelled", videoId: video.id, href: `/videos/${video.id}` });
    const after = await getVideo(context.user, video.id);
    expect(after.phase).toBe("canceled");
    const upstream = (await (await fetch(`${context.upstream.emulator.urls.agent}/v1/videos/${after.upstreamId}`)).json()) as { status: string };
    expect(upstream.status).toBe("canceled");
    await agent("/__emulator/video/resume", { stage: "generation" });

    // With no video to keep, one delete removes the job, whatever the dialog said of the archive.
    const deleted = await deleteVideoRoute(new Request(`http://studio.test/api/videos/${video.id}?archive=keep`, { method: "DELETE" }), { params: Promise.resolve({ id: video.id }) });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true, archiveKept: false });
    expect(await context.testDb.db.videoJob.count({ where: { id: video.id } })).toBe(0);
    expect(await context.testDb.db.auditLog.findFirst({ where: { action: "video.deleted", target: video.id } })).toMatchObject({
      actorId: context.user.id,
      actorEmail: context.user.email,
      details: { ownerId: context.user.id, archiveKept: false },
    });
  });

  it("refuses a delete without saying what becomes of the archive, and of an unknown job", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const missing = await deleteVideoRoute(new Request(`http://studio.test/api/videos/${id}`, { method: "DELETE" }), { params: Promise.resolve({ id }) });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields[0].field).toBe("archive");
    const unknown = await deleteVideoRoute(new Request(`http://studio.test/api/videos/${id}?archive=keep`, { method: "DELETE" }), { params: Promise.resolve({ id }) });
    expect(unknown.status).toBe(404);
  });
});
