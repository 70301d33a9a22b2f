import { describe, expect, it } from "vitest";
import type { JobDto } from "@/lib/jobs/job-dto";
import { jobChanges, mergeJob, marksOf, trayOrder, variationLabels } from "./job-list";

function job(id: string, patch: Partial<JobDto> = {}): JobDto {
  return {
    id,
    kind: "alpha_v3",
    state: "queued",
    queuePosition: null,
    waitingForPlace: false,
    variationSetId: null,
    round: null,
    label: `prompt ${id}`,
    href: "/alpha",
    generationId: `generation-${id}`,
    conversationId: null,
    turnId: null,
    videoId: null,
    error: null,
    canRunAgain: false,
    createdAt: "2026-11-23T10:00:00.000Z",
    startedAt: null,
    finishedAt: null,
    ...patch,
  };
}

describe("mergeJob", () => {
  it("adds a new job newest first and takes the event's stream position", () => {
    const list = { jobs: [job("a", { createdAt: "2026-11-23T10:00:00.000Z" })], cursor: "5" };
    const merged = mergeJob(list, job("b", { createdAt: "2026-11-23T10:01:00.000Z" }), "6");
    expect(merged.jobs.map((j) => j.id)).toEqual(["b", "a"]);
    expect(merged.cursor).toBe("6");
  });

  it("replaces the copy with the same id and keeps the cursor when no position is given", () => {
    const list = { jobs: [job("a")], cursor: "5" };
    const merged = mergeJob(list, job("a", { state: "waiting", queuePosition: 2 }));
    expect(merged.jobs).toHaveLength(1);
    expect(merged.jobs[0]).toMatchObject({ state: "waiting", queuePosition: 2 });
    expect(merged.cursor).toBe("5");
  });

  it("never turns a finished job back into an active one (a late answer read before it finished)", () => {
    const list = { jobs: [job("a", { state: "cancelled" })], cursor: "9" };
    const merged = mergeJob(list, job("a", { state: "generating" }));
    expect(merged.jobs[0]?.state).toBe("cancelled");
  });

  it("keeps the stream's later stage when the POST's answer (queued) arrives after it", () => {
    const list = { jobs: [job("a", { state: "waiting", queuePosition: 1 })], cursor: "3" };
    expect(mergeJob(list, job("a", { state: "queued" })).jobs[0]).toMatchObject({ state: "waiting", queuePosition: 1 });
  });

  it("starts a list when there is none yet", () => {
    expect(mergeJob(undefined, job("a"), "1")).toEqual({ jobs: [job("a")], cursor: "1" });
  });
});

describe("jobChanges", () => {
  it("names jobs that appeared and jobs that went from active to finished", () => {
    const before = marksOf({ jobs: [job("a", { state: "generating" }), job("b", { state: "succeeded" })], cursor: "1" });
    const after = { jobs: [job("c"), job("a", { state: "succeeded" }), job("b", { state: "succeeded" })], cursor: "2" };
    const { appeared, finished } = jobChanges(before, after);
    expect(appeared.map((j) => j.id)).toEqual(["c"]);
    expect(finished.map((j) => j.id)).toEqual(["a"]);
  });

  it("names jobs that moved from one active state to another", () => {
    const before = marksOf({ jobs: [job("a", { state: "waiting" }), job("b", { state: "generating" })], cursor: "1" });
    const after = { jobs: [job("a", { state: "generating" }), job("b", { state: "generating" })], cursor: "2" };
    expect(jobChanges(before, after).moved.map((j) => j.id)).toEqual(["a"]);
  });

  it("names an active job that moved up its line", () => {
    const before = marksOf({ jobs: [job("a", { state: "waiting", queuePosition: 3 }), job("b", { state: "waiting", queuePosition: 1 })], cursor: "1" });
    const after = { jobs: [job("a", { state: "waiting", queuePosition: 2 }), job("b", { state: "waiting", queuePosition: 1 })], cursor: "2" };
    expect(jobChanges(before, after).moved.map((j) => j.id)).toEqual(["a"]);
  });

  it("names an active job that was held or let go without changing state", () => {
    const full = { code: "queue_full", message: "The video service's queue is full", requestId: null };
    const before = marksOf({ jobs: [job("a", { state: "queued" }), job("b", { state: "queued", error: full }), job("c", { state: "queued", error: full })], cursor: "1" });
    const after = { jobs: [job("a", { state: "queued", error: full }), job("b", { state: "queued" }), job("c", { state: "queued", error: full })], cursor: "2" };
    expect(jobChanges(before, after).moved.map((j) => j.id)).toEqual(["a", "b"]);
  });

  it("counts a job that started and finished between two copies as finished", () => {
    const { finished } = jobChanges(new Map(), { jobs: [job("a", { state: "failed" })], cursor: "2" });
    expect(finished.map((j) => j.id)).toEqual(["a"]);
  });
});

describe("trayOrder", () => {
  it("lists running jobs oldest first, then finished ones newest first", () => {
    const jobs = [
      job("new-running", { state: "generating", createdAt: "2026-11-23T10:03:00.000Z" }),
      job("new-done", { state: "succeeded", createdAt: "2026-11-23T10:02:00.000Z" }),
      job("old-running", { state: "waiting", createdAt: "2026-11-23T10:01:00.000Z" }),
      job("old-done", { state: "failed", createdAt: "2026-11-23T10:00:00.000Z" }),
    ];
    const { running, finished } = trayOrder(jobs);
    expect(running.map((j) => j.id)).toEqual(["old-running", "new-running"]);
    expect(finished.map((j) => j.id)).toEqual(["new-done", "old-done"]);
  });
});

describe("variationLabels", () => {
  it("numbers a set's jobs in the order they were asked for, and leaves single jobs and lone members unlabelled", () => {
    const labels = variationLabels([
      job("b", { variationSetId: "s", createdAt: "2026-11-23T10:00:00.002Z" }),
      job("a", { variationSetId: "s", createdAt: "2026-11-23T10:00:00.001Z" }),
      job("single"),
      job("lone", { variationSetId: "t" }),
    ]);
    expect(Object.fromEntries(labels)).toEqual({ a: "Variation 1 of 2", b: "Variation 2 of 2" });
  });
});
