import { describe, expect, it } from "vitest";
import type { JobDto } from "@/lib/jobs/job-dto";
import { toastForFinishedJob } from "./job-toast";
import { heldReason, jobStatusText } from "./job-status";

const finished = (patch: Partial<JobDto>): JobDto => ({
  id: "j1",
  kind: "alpha_v35_turn",
  state: "succeeded",
  queuePosition: null,
  waitingForPlace: false,
  variationSetId: null,
  round: null,
  label: "Make the sky orange",
  href: "/chat/c1?turn=t1",
  generationId: null,
  conversationId: "c1",
  turnId: "t1",
  videoId: null,
  error: null,
  canRunAgain: false,
  createdAt: "2026-11-23T10:00:00.000Z",
  startedAt: "2026-11-23T10:00:01.000Z",
  finishedAt: "2026-11-23T10:00:20.000Z",
  ...patch,
});

describe("toastForFinishedJob", () => {
  it("announces a finished image with a link to it when the designer is elsewhere", () => {
    expect(toastForFinishedJob(finished({}), "/alpha")).toMatchObject({ tone: "success", title: "Image ready", action: { label: "Open", href: "/chat/c1?turn=t1" } });
  });

  it("names a video as a video", () => {
    const video = { kind: "video" as const, href: "/videos/v1", videoId: "v1", conversationId: null, turnId: null };
    expect(toastForFinishedJob(finished(video), "/alpha")).toMatchObject({ title: "Video ready", action: { href: "/videos/v1" } });
    expect(toastForFinishedJob(finished({ ...video, state: "failed", error: { code: "generation_failed", message: "x", requestId: null } }), "/alpha")).toMatchObject({ title: "Video failed" });
  });

  it("says why a generation failed", () => {
    const toast = toastForFinishedJob(finished({ state: "failed", error: { code: "blocked", message: "Blocked.", requestId: null } }), "/alpha");
    expect(toast).toMatchObject({ tone: "danger", title: "Generation failed", detail: "Blocked by content safety" });
  });

  it("stays quiet on the result's own page, and for cancelled or interrupted jobs", () => {
    expect(toastForFinishedJob(finished({}), "/chat/c1")).toBeUndefined();
    expect(toastForFinishedJob(finished({ state: "cancelled" }), "/alpha")).toBeUndefined();
    expect(toastForFinishedJob(finished({ state: "interrupted" }), "/alpha")).toBeUndefined();
  });
});

describe("jobStatusText", () => {
  it("adds the place in line while waiting and counts rounds from 1", () => {
    expect(jobStatusText({ state: "waiting", queuePosition: 2, round: null })).toBe("Waiting in line, position 2");
    expect(jobStatusText({ state: "generating", queuePosition: null, round: 0 })).toBe("Generating (round 1)");
    expect(jobStatusText({ state: "storing", queuePosition: null, round: null })).toBe("Saving");
  });

  it("says a job held by something other than its place in line is on hold, whatever step it holds at", () => {
    const queueFull = { code: "queue_full", message: "The video service's queue is full, so nothing was created.", requestId: null };
    const unreachable = { code: "upstream_unreachable", message: "Waiting: the image service is unreachable since 21:40 UTC.", requestId: null };
    expect(jobStatusText({ state: "queued", queuePosition: null, round: null, error: queueFull })).toBe("On hold");
    expect(jobStatusText({ state: "waiting", queuePosition: null, round: null, error: unreachable })).toBe("On hold");
    expect(jobStatusText({ state: "queued", queuePosition: null, round: null, error: null })).toBe("Starting");
  });

  it("keeps an ended job's own state beside its error", () => {
    const failure = { code: "blocked", message: "Blocked.", requestId: null };
    expect(jobStatusText({ state: "failed", queuePosition: null, round: null, error: failure })).toBe("Failed");
  });
});

describe("heldReason", () => {
  const unreachable = { code: "upstream_unreachable", message: "Waiting: the image service is unreachable since 21:40 UTC. The job continues by itself when it is back.", requestId: null };
  it("gives the sentence of a job held by an unreachable service", () => {
    expect(heldReason(finished({ state: "waiting", error: unreachable }))).toBe(unreachable.message);
  });
  it("gives nothing for a job waiting in line, or for an ended job's error", () => {
    expect(heldReason(finished({ state: "waiting", queuePosition: 2 }))).toBeNull();
    expect(heldReason(finished({ state: "failed", error: unreachable }))).toBeNull();
  });
});
