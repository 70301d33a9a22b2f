import { describe, expect, it } from "vitest";
import { tookLabel } from "@/lib/client/format-elapsed";
import type { VideoJob } from "@/lib/generated/prisma/client";
import { toVideoJobDto } from "./to-video-dto";

const at = (time: string) => new Date(`2026-03-02T10:00:${time}Z`);

/** A failed text-to-video job's row as the list query loads it. */
function failedRow(job: { createdAt: Date; finishedAt: Date | null } | null) {
  const row: VideoJob = {
    id: "video-1",
    ownerId: "user-1",
    teamId: null,
    correlationId: "correlation-1",
    upstreamId: "vid_1",
    task: "t2va",
    prompt: "A lighthouse that never lights",
    status: "failed",
    params: { task: "t2va", prompt: "A lighthouse that never lights", durationSeconds: 4, shortEdge: 768, aspectRatio: "16:9", delivery720p: false, advanced: {}, inputs: [] },
    echo: null,
    queuePosition: null,
    resolution: null,
    errorCode: "generation_failed",
    errorMessage: "Generation failed",
    errorParam: null,
    requestId: null,
    warnings: null,
    preparation: null,
    createdAt: at("00.000"),
    submitSentAt: null,
    submittedAt: null,
    startedAt: null,
    completedAt: at("04.500"),
    archivedAt: null,
    expiresAt: null,
    upstreamDeletedAt: null,
    lastPolledAt: null,
    nextPollAt: null,
    pollFailures: 0,
    leaseOwner: null,
    leaseUntil: null,
    assetId: null,
    delivery720pId: null,
  };
  return { ...row, asset: null, delivery720p: null, job };
}

describe("a video job's times", () => {
  it("are its job row's, which the activity tray reads, so both say the same took", () => {
    // The job row is written a moment after the video's own row.
    const dto = toVideoJobDto(failedRow({ createdAt: at("00.060"), finishedAt: at("05.000") }), new Map());
    expect(dto.createdAt).toBe(at("00.060").toISOString());
    expect(tookLabel(dto.createdAt, dto.finishedAt!)).toBe(tookLabel(at("00.060").toISOString(), at("05.000").toISOString()));
    expect(tookLabel(dto.createdAt, dto.finishedAt!)).toBe("took 4.9 s");
  });

  it("of a video made before jobs had rows run from its own record to its end upstream", () => {
    const dto = toVideoJobDto(failedRow(null), new Map());
    expect(dto.createdAt).toBe(at("00.000").toISOString());
    expect(dto.finishedAt).toBe(at("04.500").toISOString());
  });
});

describe("a video job's error and hold", () => {
  const held = (patch: Partial<VideoJob>) => ({
    ...failedRow(null),
    status: "submitting" as const,
    upstreamId: null,
    completedAt: null,
    errorCode: "queue_full",
    errorMessage: "The video service's queue is full, so nothing was created",
    nextPollAt: at("40.000"),
    ...patch,
  });

  it("is an error once the job has ended", () => {
    const dto = toVideoJobDto(failedRow(null), new Map());
    expect(dto.error).toMatchObject({ code: "generation_failed", message: "Generation failed" });
    expect(dto.hold).toBeNull();
  });

  it("is a hold, with the time of the next try, while a job not sent yet waits (spec 7.3)", () => {
    const dto = toVideoJobDto(held({}), new Map());
    expect(dto.hold).toEqual({ code: "queue_full", message: "The video service's queue is full, so nothing was created", retryAt: at("40.000").toISOString() });
    expect(dto.error).toBeNull();
  });

  it("is neither while the job is being sent again", () => {
    const dto = toVideoJobDto(held({ submitSentAt: at("40.010") }), new Map());
    expect(dto.hold).toBeNull();
    expect(dto.error).toBeNull();
  });
});
